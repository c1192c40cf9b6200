import { and, count, desc, eq, gte, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { SQLWrapper } from 'drizzle-orm'
import type { RenderLogEntry, RenderSource } from '@mouthpiece/contracts/renders/renders.schemas'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import type { Queryable } from '../../platform/db/client'
import { renderLogs, renders } from './renders.table'
import { WORKER_NAME } from './stages/render-pool'
import type { RenderLogRow, RenderRow } from './renders.table'

export type NewRender = typeof renders.$inferInsert
export type RenderPatch = Partial<Omit<NewRender, 'id' | 'created_at'>>

/** Statuses a render can still move from. */
export const OPEN_STATUSES = [RenderStatus.rendering, RenderStatus.paused] as const

export async function insertRender(db: Queryable, row: NewRender): Promise<RenderRow> {
  const [created] = await db.insert(renders).values(row).returning()
  return created!
}

/** Inserts unless an open or finished intro of the same influencer exists (partial unique index). */
export async function insertShowcase(db: Queryable, row: NewRender): Promise<RenderRow | undefined> {
  const [created] = await db.insert(renders).values(row).onConflictDoNothing().returning()
  return created
}

export async function findRender(db: Queryable, id: string): Promise<RenderRow | undefined> {
  const [row] = await db.select().from(renders).where(eq(renders.id, id))
  return row
}

/** A user's videos; avatar setup previews (throwaway checks of a setup) are left out. */
export async function listForUser(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: RenderRow[]; total: number }> {
  const mine = and(eq(renders.user_id, userId), ne(renders.source, 'setup_preview'))
  const rows = await db
    .select()
    .from(renders)
    .where(mine)
    .orderBy(desc(renders.created_at))
    .limit(limit)
    .offset(offset)
  const [c] = await db.select({ n: count() }).from(renders).where(mine)
  return { rows, total: c?.n ?? 0 }
}

/** Seconds of finished video a user made since `since` (plan gating by render minutes). */
export async function secondsRenderedSince(db: Queryable, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ s: sql<number>`coalesce(sum(${renders.duration}), 0)`.mapWith(Number) })
    .from(renders)
    .where(
      and(
        eq(renders.user_id, userId),
        eq(renders.status, RenderStatus.completed),
        gte(renders.created_at, since),
      ),
    )
  return row?.s ?? 0
}

/** Open (waiting or rendering) demo renders, counted up to `cap` + 1 (the partial index keeps it cheap). */
export async function openDemoRenders(db: Queryable, cap: number): Promise<number> {
  return openRenders(db, cap, 'demo')
}

/** Renders still queued or running (of one source, or all), counted up to `cap + 1`. */
export async function openRenders(db: Queryable, cap: number, source?: RenderSource): Promise<number> {
  const open = db
    .select({ one: sql`1` })
    .from(renders)
    .where(
      and(
        source ? eq(renders.source, source) : undefined,
        inArray(renders.status, [RenderStatus.rendering, RenderStatus.paused]),
      ),
    )
    .limit(cap + 1)
    .as('open')
  const [row] = await db.select({ n: count() }).from(open)
  return row?.n ?? 0
}

/** Updates a render; with `lease`, only while that job attempt still holds it. */
export async function updateRender(
  db: Queryable,
  id: string,
  patch: RenderPatch,
  opts: { lease?: string; openOnly?: boolean } = {},
): Promise<RenderRow | undefined> {
  const conditions = [eq(renders.id, id)]
  if (opts.lease !== undefined) conditions.push(eq(renders.lease, opts.lease))
  if (opts.openOnly) conditions.push(inArray(renders.status, [...OPEN_STATUSES]))
  const [row] = await db
    .update(renders)
    .set({ ...patch, updated_at: new Date() })
    .where(and(...conditions))
    .returning()
  return row
}

/**
 * A job attempt takes an open render (pg-boss hands a job out again only after its last holder
 * failed or expired, so the newest attempt is the one that should hold it).
 */
export async function claimRender(
  db: Queryable,
  id: string,
  jobId: string,
  lease: string,
  patch: RenderPatch,
): Promise<RenderRow | undefined> {
  const [row] = await db
    .update(renders)
    .set({
      ...patch,
      job_id: jobId,
      lease,
      started_at: sql`coalesce(${renders.started_at}, now())`,
      updated_at: new Date(),
    })
    .where(and(eq(renders.id, id), inArray(renders.status, [...OPEN_STATUSES])))
    .returning()
  return row
}

/** What a running job needs to know between frames: is it cancelled, does it still hold the render? */
export async function pollRender(
  db: Queryable,
  id: string,
  lease: string,
  progress?: { progress: number; stage: string },
): Promise<{ cancel: boolean; held: boolean }> {
  const [row] = progress
    ? await db
        .update(renders)
        .set({ progress: progress.progress, stage: progress.stage, updated_at: new Date() })
        .where(and(eq(renders.id, id), eq(renders.lease, lease)))
        .returning({ cancel: renders.cancel_requested })
    : await db
        .select({ cancel: renders.cancel_requested })
        .from(renders)
        .where(and(eq(renders.id, id), eq(renders.lease, lease)))
  return row ? { cancel: row.cancel, held: true } : { cancel: false, held: false }
}

export async function deleteRender(db: Queryable, id: string): Promise<void> {
  await db.delete(renders).where(eq(renders.id, id))
}

/** The newest intro render of each influencer. */
export async function latestShowcases(db: Queryable): Promise<RenderRow[]> {
  return db
    .selectDistinctOn([renders.influencer_id])
    .from(renders)
    .where(eq(renders.source, 'showcase'))
    .orderBy(renders.influencer_id, desc(renders.created_at))
}

// ───────────────────────────── logs ─────────────────────────────

export async function openLog(
  db: Queryable,
  renderId: string,
  job: RenderLogRow['job'],
  attempt: number,
): Promise<RenderLogRow> {
  // An earlier attempt of this job that is still "running" lost its worker (killed, expired).
  await db
    .update(renderLogs)
    .set({ status: 'failed', error: 'The worker stopped before finishing', finished_at: new Date() })
    .where(and(eq(renderLogs.render_id, renderId), eq(renderLogs.job, job), eq(renderLogs.status, 'running')))
  const [row] = await db
    .insert(renderLogs)
    .values({ render_id: renderId, job, attempt, status: 'running', worker: WORKER_NAME, entries: [] })
    .returning()
  return row!
}

export async function appendLog(db: Queryable, logId: number, entry: RenderLogEntry): Promise<void> {
  await db
    .update(renderLogs)
    .set({ entries: sql`${renderLogs.entries} || ${JSON.stringify([entry])}::jsonb` })
    .where(eq(renderLogs.id, logId))
}

export async function closeLog(
  db: Queryable,
  logId: number,
  status: RenderLogRow['status'],
  error: string | null = null,
): Promise<void> {
  await db.update(renderLogs).set({ status, error, finished_at: new Date() }).where(eq(renderLogs.id, logId))
}

/** Marks still-running logs of a render failed (its job died for good). */
export async function failOpenLogs(db: Queryable, renderId: string, error: string): Promise<void> {
  await db
    .update(renderLogs)
    .set({ status: 'failed', error, finished_at: new Date() })
    .where(
      and(
        eq(renderLogs.render_id, renderId),
        eq(renderLogs.status, 'running'),
        isNull(renderLogs.finished_at),
      ),
    )
}

export async function listLogs(db: Queryable, renderId: string): Promise<RenderLogRow[]> {
  return db.select().from(renderLogs).where(eq(renderLogs.render_id, renderId)).orderBy(renderLogs.id)
}

export async function findLog(
  db: Queryable,
  renderId: string,
  logId: number,
): Promise<RenderLogRow | undefined> {
  const [row] = await db
    .select()
    .from(renderLogs)
    .where(and(eq(renderLogs.render_id, renderId), eq(renderLogs.id, logId)))
  return row
}

/** Which of these uploaded-background ids some render (of any status) still names in its settings. */
export async function backgroundIdsInUse(db: Queryable, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const id = sql<string>`${renders.settings}->'background'->>'id'`
  const rows = await db
    .selectDistinct({ id })
    .from(renders)
    .where(and(sql`${renders.settings}->'background'->>'type' = 'upload'`, inArray(id, ids)))
  return new Set(rows.map((r) => r.id))
}

const videoSummary = {
  id: renders.id,
  title: renders.title,
  text: renders.text,
  created_at: renders.created_at,
}

/** A user's finished-or-not videos whose title or script contains `text`, newest first. */
export function searchUserVideos(db: Queryable, userId: number, text: string, limit: number) {
  const like = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
  return db
    .select(videoSummary)
    .from(renders)
    .where(
      and(
        eq(renders.user_id, userId),
        eq(renders.kind, 'video'),
        or(ilike(renders.title, like), ilike(renders.text, like)),
      ),
    )
    .orderBy(desc(renders.created_at))
    .limit(limit)
}

/** Those of `ids` that are renders of this user. */
export function userVideosByIds(db: Queryable, userId: number, ids: string[]) {
  if (!ids.length) return Promise.resolve([])
  return db
    .select(videoSummary)
    .from(renders)
    .where(
      and(
        eq(renders.user_id, userId),
        sql`${renders.id} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    )
}

/** `(select status from renders where id = <renderId>)`: a foreign row's render status, per row. */
export const renderStatusSql = (renderId: SQLWrapper) =>
  sql<number | null>`(select ${renders.status} from ${renders} where ${renders.id} = ${renderId})`

export async function findRenders(db: Queryable, ids: string[]): Promise<RenderRow[]> {
  if (!ids.length) return []
  return db.select().from(renders).where(inArray(renders.id, ids))
}

/** A user's finished (or failed) renders of this source beyond the newest `keep` (at most 50). */
export async function rendersBeyond(
  db: Queryable,
  userId: number,
  source: RenderSource,
  keep: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: renders.id })
    .from(renders)
    .where(and(eq(renders.user_id, userId), eq(renders.source, source), inArray(renders.status, [3, 4])))
    .orderBy(desc(renders.created_at))
    .offset(keep)
    .limit(50)
  return rows.map((r) => r.id)
}

/** A user's renders, newest first. */
export async function userRenders(db: Queryable, userId: number, limit: number): Promise<RenderRow[]> {
  return db
    .select()
    .from(renders)
    .where(eq(renders.user_id, userId))
    .orderBy(desc(renders.created_at))
    .limit(limit)
}

/**
 * The files renders keep in storage, as rows (user_id, visitor_id, part, render_id, ref, seconds,
 * at): each key of `files`, and an uploaded background by its id. For the back office's usage export.
 */
export const renderFilesSql = () => {
  const r = renders
  return sql`
      select ${r.user_id} as user_id, ${r.visitor_id} as visitor_id, f.key as part, ${r.id}::text as render_id, f.value as ref,
        case when f.key in ('video', 'audio', 'audioDownload') then ${r.duration} end as seconds, ${r.created_at} as at
      from ${r} cross join lateral jsonb_each_text(${r.files}) f
      union all
      select ${r.user_id}, ${r.visitor_id}, 'background', ${r.id}::text, ${r.settings}->'background'->>'id', null, ${r.created_at}
      from ${r} where ${r.settings}->'background'->>'type' = 'upload'`
}
