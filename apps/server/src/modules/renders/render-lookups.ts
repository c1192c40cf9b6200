import type { SQL, SQLWrapper } from 'drizzle-orm'
import type { RenderSource } from '@mouthpiece/contracts/renders/renders.schemas'
import type { Queryable } from '../../platform/db/client'
import * as repo from './renders.repo'
import type { RenderLogRow, RenderRow } from './renders.table'

/**
 * What other modules read of renders, through renders/index.ts: renders.repo.ts and the tables
 * stay private (docs/decisions/0044-tables-private.md).
 */

export const findRender = (db: Queryable, id: string): Promise<RenderRow | undefined> =>
  repo.findRender(db, id)
/** A render's log lines, oldest first. */
export const listLogs = (db: Queryable, renderId: string): Promise<RenderLogRow[]> =>
  repo.listLogs(db, renderId)

/** A user's videos (kind 'video') whose title or script contains `text`, newest first, at most 25. */
export const searchUserVideos = (db: Queryable, userId: number, text: string) =>
  repo.searchUserVideos(db, userId, text, 25)
/** Those of `ids` that are this user's renders: id, title, script and creation time. */
export const userVideosByIds = (db: Queryable, userId: number, ids: string[]) =>
  repo.userVideosByIds(db, userId, ids)
/** These renders (missing ids are left out). */
export const findRenders = (db: Queryable, ids: string[]): Promise<RenderRow[]> =>
  repo.findRenders(db, [...new Set(ids)])
/** A user's finished (or failed) renders of this source beyond the newest `keep`: at most 50 ids. */
export const rendersBeyond = (db: Queryable, userId: number, source: RenderSource, keep: number) =>
  repo.rendersBeyond(db, userId, source, keep)
/** A foreign row's render status by its render id column (a per-row sub-select; null when gone). */
export const renderStatusOf = (renderId: SQLWrapper): SQL<number | null> => repo.renderStatusSql(renderId)
/** A user's renders, newest first (at most `limit`). */
export const userRenders = (db: Queryable, userId: number, limit: number): Promise<RenderRow[]> =>
  repo.userRenders(db, userId, limit)
/** The files renders keep in storage, as a sub-select for the back office's usage export (see the repo). */
export const renderFiles = (): SQL => repo.renderFilesSql()
