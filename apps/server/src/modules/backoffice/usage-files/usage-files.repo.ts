import { sql } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import { avatarPreviewFiles } from '../../avatars'
import { alertAudioFiles } from '../../donations'
import { renderFiles } from '../../renders'
import { userFieldOf } from '../../users'
import { uploadFiles } from '../../voices'

/**
 * A file some usage left in storage, as the tables that made it record it. There is no single file
 * ledger: each producer keeps its storage keys on its own row, so they are gathered from there.
 */
export interface RecordedFile {
  user_id: number | null
  username: string | null
  visitor_id: string | null
  /** renders.files' key name (video, audio, audioDownload, poster, vtt, srt), or the kinds below. */
  part: string
  render_id: string | null
  /** Storage key; for 'background' the uploaded background's id (the renders module names its key). */
  ref: string
  seconds: number | null
  created_at: string
}

/**
 * Every recorded file, oldest first. Each owner module hands its part as a sub-select (its tables
 * stay private); the owner's name is read per row through the users module.
 */
export async function recordedFiles(db: Queryable): Promise<RecordedFile[]> {
  const res = await db.execute(sql`
    select files.user_id, ${userFieldOf(sql`files.user_id`, 'username')} as username, files.visitor_id, files.part, files.render_id, files.ref,
      files.seconds::float8 as seconds,
      to_char(files.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
    from (
      ${renderFiles()}
      union all
      ${uploadFiles()}
      union all
      ${alertAudioFiles()}
      union all
      ${avatarPreviewFiles()}
    ) files
    order by files.at, files.part, files.ref`)
  return (res as { rows: RecordedFile[] }).rows
}
