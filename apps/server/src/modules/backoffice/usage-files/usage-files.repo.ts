import { sql } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import { users } from '../../users/users.table'
import { renders } from '../../renders/renders.table'
import { audioUploads } from '../../voices/voices.table'
import { alertEvents } from '../../donations/donations.table'
import { customAvatars } from '../../avatars/avatars.table'

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

/** Every recorded file, oldest first. */
export async function recordedFiles(db: Queryable): Promise<RecordedFile[]> {
  const r = renders
  const a = audioUploads
  const e = alertEvents
  const c = customAvatars
  const res = await db.execute(sql`
    select files.user_id, ${users.username} as username, files.visitor_id, files.part, files.render_id, files.ref,
      files.seconds::float8 as seconds,
      to_char(files.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
    from (
      select ${r.user_id} as user_id, ${r.visitor_id} as visitor_id, f.key as part, ${r.id}::text as render_id, f.value as ref,
        case when f.key in ('video', 'audio', 'audioDownload') then ${r.duration} end as seconds, ${r.created_at} as at
      from ${r} cross join lateral jsonb_each_text(${r.files}) f
      union all
      select ${r.user_id}, ${r.visitor_id}, 'background', ${r.id}::text, ${r.settings}->'background'->>'id', null, ${r.created_at}
      from ${r} where ${r.settings}->'background'->>'type' = 'upload'
      union all
      select ${a.user_id}, ${a.visitor_id}, 'upload', null, ${a.original_key}, ${a.duration}, ${a.created_at} from ${a}
      union all
      select ${a.user_id}, ${a.visitor_id}, 'upload wav', null, ${a.wav_key}, ${a.duration}, ${a.created_at}
      from ${a} where ${a.wav_key} is not null
      union all
      select ${e.user_id}, null, 'alert audio', null, ${e.audio_key}, (${e.speech}->>'duration')::real, ${e.received_at}
      from ${e} where ${e.audio_key} is not null
      union all
      select ${c.user_id}, null, 'avatar preview', null, ${c.preview_key}, null, ${c.created_at}
      from ${c} where ${c.preview_key} is not null
    ) files
    left join ${users} on ${users.id} = files.user_id
    order by files.at, files.part, files.ref`)
  return (res as { rows: RecordedFile[] }).rows
}
