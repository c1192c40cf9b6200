import type { SQL } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import * as repo from './voices.repo'
import type { AudioUploadRow } from './voices.table'

/**
 * What other modules read of audio uploads, through voices/index.ts: voices.repo.ts and the tables
 * stay private (docs/decisions/0044-tables-private.md).
 */

export const findUpload = (db: Queryable, id: string): Promise<AudioUploadRow | undefined> =>
  repo.findUpload(db, id)
/** A user's audio uploads, newest first (at most `limit`). */
export const userAudioUploads = (db: Queryable, userId: number, limit: number): Promise<AudioUploadRow[]> =>
  repo.userAudioUploads(db, userId, limit)
/** Audio uploads' stored files, as a sub-select for the back office's usage export (see the repo). */
export const uploadFiles = (): SQL => repo.uploadFilesSql()
