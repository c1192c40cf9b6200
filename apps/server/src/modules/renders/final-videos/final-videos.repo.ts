import { and, asc, count, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import type { FinalVideoFilter } from '@mouthpiece/contracts/backoffice/final-videos.contract'
import { allOf, csvNumber, csvText, csvTime, dateBound, escapeLike } from '../../../platform/db/list-query'
import type { ListSpec } from '../../../platform/db/list-query'
import type { Queryable } from '../../../platform/db/client'
import { userFieldOf, userIdsMatching } from '../../users'
import { renders } from '../renders.table'
import type { RenderRow } from '../renders.table'

const maker = (col: 'username' | 'email') => sql<string | null>`${userFieldOf(renders.user_id, col)}`

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
export function finalVideosWhere(f: FinalVideoFilter & { ids?: string[] }): SQL {
  const k = f.keySearch?.trim()
  const like = k ? `%${escapeLike(k)}%` : undefined
  const from = dateBound(f.created_from, false)
  const to = dateBound(f.created_to, true)
  return allOf(
    isFinalVideo,
    like
      ? sql`(${renders.title} ilike ${like} or ${renders.text} ilike ${like} or ${renders.user_id} in (${userIdsMatching(like, ['username', 'email'])}))`
      : undefined,
    f.source ? eq(renders.source, f.source) : undefined,
    f.user_id !== undefined ? eq(renders.user_id, f.user_id) : undefined,
    from ? gte(renders.created_at, from) : undefined,
    to ? lte(renders.created_at, to) : undefined,
    f.ids ? inArray(renders.id, f.ids) : undefined,
  )!
}

/** One finished video, locked for a delete in `tx`. */
export async function lockFinalVideo(tx: Queryable, id: string): Promise<RenderRow | undefined> {
  const [row] = await tx
    .select()
    .from(renders)
    .where(and(eq(renders.id, id), isFinalVideo))
    .for('update')
  return row
}

export async function deleteRenderRow(tx: Queryable, id: string): Promise<void> {
  await tx.delete(renders).where(eq(renders.id, id))
}

export async function countFinalVideos(
  db: Queryable,
  filter: FinalVideoFilter & { ids?: string[] },
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(renders).where(finalVideosWhere(filter))
  return row?.n ?? 0
}

/** The next ids the filter covers after `cursor`, in id order (a bulk job's keyset). */
export async function nextFinalVideoIds(
  db: Queryable,
  filter: FinalVideoFilter & { ids?: string[] },
  cursor: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: renders.id })
    .from(renders)
    .where(allOf(finalVideosWhere(filter), cursor === null ? undefined : gt(renders.id, cursor)))
    .orderBy(asc(renders.id))
    .limit(limit)
  return rows.map((r) => r.id)
}
