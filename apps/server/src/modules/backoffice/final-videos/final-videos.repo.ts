import { and, eq, gte, lte, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import type { FinalVideoFilter } from '@mouthpiece/contracts/backoffice/final-videos.contract'
import { allOf, csvNumber, csvText, csvTime, dateBound, escapeLike } from '../../../platform/db/list-query'
import type { ListSpec } from '../../../platform/db/list-query'
import { renders } from '../../renders/renders.table'
import { users } from '../../users/users.table'

const maker = (col: 'username' | 'email') =>
  sql<string | null>`(select u.${sql.raw(col)} from ${users} u where u.id = ${renders.user_id})`

const finalVideoFields = {
  id: renders.id,
  title: renders.title,
  source: renders.source,
  duration: renders.duration,
  settings: renders.settings,
  user_id: renders.user_id,
  username: maker('username').as('username'),
  email: maker('email').as('email'),
  files: renders.files,
  kind: renders.kind,
  created_at: renders.created_at,
}

/** Finished videos (not audio-only takes, not renders still running or failed). */
export const finalVideosSpec: ListSpec<typeof finalVideoFields> = {
  table: renders,
  fields: finalVideoFields,
  id: renders.id,
  sortable: { created_at: renders.created_at, title: renders.title },
  defaultSort: 'created_at',
}

/** The final-videos export: these columns, each cell written by the database (scanCsv), as the users export. */
export const FINAL_VIDEO_CSV_HEADER = [
  'id',
  'title',
  'source',
  'duration',
  'video_resolution',
  'user_id',
  'username',
  'email',
  'share_path',
  'created_at',
]
export const finalVideoCsvCells = [
  csvText(renders.id),
  csvText(renders.title),
  csvText(renders.source),
  csvNumber(renders.duration),
  csvText(sql`${renders.settings}->>'video_resolution'`),
  csvNumber(renders.user_id),
  csvText(maker('username')),
  csvText(maker('email')),
  csvText(sql`'/video-sharing/' || ${renders.id}`),
  csvTime(renders.created_at),
]

export const isFinalVideo = and(eq(renders.kind, 'video'), eq(renders.status, RenderStatus.completed))!

/** The list, its export and the bulk delete read this same SQL. */
export function finalVideosWhere(f: FinalVideoFilter): SQL {
  const k = f.keySearch?.trim()
  const like = k ? `%${escapeLike(k)}%` : undefined
  const from = dateBound(f.created_from, false)
  const to = dateBound(f.created_to, true)
  return allOf(
    isFinalVideo,
    like
      ? sql`(${renders.title} ilike ${like} or ${renders.text} ilike ${like} or ${renders.user_id} in (select u.id from ${users} u where u.username ilike ${like} or u.email ilike ${like}))`
      : undefined,
    f.source ? eq(renders.source, f.source) : undefined,
    f.user_id !== undefined ? eq(renders.user_id, f.user_id) : undefined,
    from ? gte(renders.created_at, from) : undefined,
    to ? lte(renders.created_at, to) : undefined,
  )!
}
