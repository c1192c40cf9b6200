import { asc, count, desc, eq, sql } from 'drizzle-orm'
import type { Db, Queryable } from '../../platform/db/client'
import {
  sentimentBlacklist,
  sentimentComments,
  sentimentRuns,
  sentimentSettings,
  sentimentSlang,
} from './sentiment.table'

export type RunRow = typeof sentimentRuns.$inferSelect
export type NewRun = typeof sentimentRuns.$inferInsert
export type CommentRow = typeof sentimentComments.$inferSelect

export async function getSettings(q: Queryable) {
  const [row] = await q.select().from(sentimentSettings).where(eq(sentimentSettings.id, 1))
  return row ?? { id: 1, prompt: null, model: null, base_url: null, updated_at: new Date() }
}
export async function saveSettings(
  q: Queryable,
  s: { prompt: string | null; model: string | null; base_url: string | null },
) {
  const [row] = await q
    .insert(sentimentSettings)
    .values({ id: 1, ...s })
    .onConflictDoUpdate({ target: sentimentSettings.id, set: { ...s, updated_at: new Date() } })
    .returning()
  return row!
}

export const listSlang = (q: Queryable) => q.select().from(sentimentSlang).orderBy(asc(sentimentSlang.word))
export async function replaceSlang(db: Db, words: Array<{ word: string; score: number }>) {
  await db.transaction(async (tx) => {
    await tx.delete(sentimentSlang)
    if (words.length) await tx.insert(sentimentSlang).values(words).onConflictDoNothing()
  })
}
export async function seedSlang(q: Queryable, words: ReadonlyArray<{ word: string; score: number }>) {
  const [row] = await q.select({ n: count() }).from(sentimentSlang)
  if (!row?.n)
    await q
      .insert(sentimentSlang)
      .values([...words])
      .onConflictDoNothing()
}

export async function isBlacklisted(q: Queryable, userId: number): Promise<boolean> {
  const [row] = await q
    .select({ id: sentimentBlacklist.user_id })
    .from(sentimentBlacklist)
    .where(eq(sentimentBlacklist.user_id, userId))
  return !!row
}
/** The blacklisted user ids, newest entry first. */
export const listBlacklist = (q: Queryable) =>
  q
    .select({ id: sentimentBlacklist.user_id, added_at: sentimentBlacklist.created_at })
    .from(sentimentBlacklist)
    .orderBy(desc(sentimentBlacklist.created_at))
export const addToBlacklist = (q: Queryable, userId: number) =>
  q.insert(sentimentBlacklist).values({ user_id: userId }).onConflictDoNothing()
export const removeFromBlacklist = (q: Queryable, userId: number) =>
  q.delete(sentimentBlacklist).where(eq(sentimentBlacklist.user_id, userId))
export async function insertRun(q: Queryable, run: NewRun): Promise<RunRow> {
  const [row] = await q.insert(sentimentRuns).values(run).returning()
  return row!
}
export const updateRun = (q: Queryable, id: string, fields: Partial<NewRun>) =>
  q.update(sentimentRuns).set(fields).where(eq(sentimentRuns.id, id)).returning()

export async function insertComments(
  q: Queryable,
  runId: string,
  comments: Array<Omit<CommentRow, 'run_id'>>,
) {
  // One array per column through unnest: a 20,000-comment run is a few statements, not 220,000 parameters.
  for (let i = 0; i < comments.length; i += 5000) {
    const batch = comments.slice(i, i + 5000)
    const col = <K extends keyof (typeof batch)[number]>(k: K) => sql.param(batch.map((c) => c[k] ?? null))
    const words = sql.param(batch.map((c) => JSON.stringify(c.words)))
    await q.execute(sql`
      insert into sentiment_comments (run_id, comment_id, video_id, kind, author, text, published_at, label, score, words, reason)
      select ${runId}::uuid, c, v, k, a, t, p, l, s, w::jsonb, r from unnest(
        ${col('comment_id')}::text[], ${col('video_id')}::text[], ${col('kind')}::text[], ${col('author')}::text[], ${col('text')}::text[],
        ${col('published_at')}::text[], ${col('label')}::text[], ${col('score')}::real[], ${words}::text[], ${col('reason')}::text[]) as x(c, v, k, a, t, p, l, s, w, r)`)
  }
}
export async function findRun(q: Queryable, id: string): Promise<RunRow | undefined> {
  const [row] = await q.select().from(sentimentRuns).where(eq(sentimentRuns.id, id))
  return row
}
export const runComments = (q: Queryable, runId: string) =>
  q
    .select()
    .from(sentimentComments)
    .where(eq(sentimentComments.run_id, runId))
    .orderBy(asc(sentimentComments.video_id), asc(sentimentComments.published_at))
export const deleteRun = (q: Queryable, id: string) =>
  q.delete(sentimentRuns).where(eq(sentimentRuns.id, id)).returning({ id: sentimentRuns.id })
export const setRunSetting = (
  q: Queryable,
  id: string,
  setting: { prompt: string | null; model: string | null },
) =>
  q.update(sentimentRuns).set({ setting }).where(eq(sentimentRuns.id, id)).returning({ id: sentimentRuns.id })

export async function pageRuns(q: Queryable, opts: { userId?: number; page: number; limit: number }) {
  const where = opts.userId ? eq(sentimentRuns.user_id, opts.userId) : undefined
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(sentimentRuns)
      .where(where)
      .orderBy(desc(sentimentRuns.created_at))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    q.select({ n: count() }).from(sentimentRuns).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}
