import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import { findRenders, rendersBeyond } from '../../renders'
import type { RenderRow } from '../../renders'
import { tipVideos } from './tip-video.table'
import type { TipVideoRow } from './tip-video.table'

export type TipVideoWithRender = TipVideoRow & { render: RenderRow | null }

/** The tip videos of these tips (the creator's own), each with its render. */
export async function findTipVideos(
  q: Queryable,
  userId: number,
  tipIds: number[],
): Promise<TipVideoWithRender[]> {
  if (!tipIds.length) return []
  const links = await q
    .select()
    .from(tipVideos)
    .where(and(eq(tipVideos.user_id, userId), inArray(tipVideos.tip_id, tipIds)))
  // Each link's render, read through the renders module (its table is private to it).
  const ids = links.flatMap((l) => (l.render_id ? [l.render_id] : []))
  const byId = new Map((await findRenders(q, ids)).map((r) => [r.id, r]))
  return links.map((l) => ({ ...l, render: (l.render_id && byId.get(l.render_id)) || null }))
}

export async function findTipVideo(
  q: Queryable,
  userId: number,
  tipId: number,
): Promise<TipVideoWithRender | undefined> {
  return (await findTipVideos(q, userId, [tipId]))[0]
}

/**
 * Serialises the making of one tip's video until the transaction ends: two clicks at once give one
 * render. The first key is the lock space of tip videos, the second the tip.
 */
export async function lockTip(q: Queryable, tipId: number): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(7401, ${tipId}::int)`)
}

/** Points the tip at a new render; the overlay play state starts over. */
export async function linkRender(
  q: Queryable,
  row: { tip_id: number; user_id: number; render_id: string },
): Promise<void> {
  const fresh = {
    render_id: row.render_id,
    play_state: 'none' as const,
    play_requested_at: null,
    played_at: null,
    play_error: null,
    updated_at: new Date(),
  }
  await q
    .insert(tipVideos)
    .values({ ...row, ...fresh })
    .onConflictDoUpdate({ target: tipVideos.tip_id, set: fresh })
}

/** Moves the overlay play state, only from the given states; answers the row when it moved. */
export async function movePlay(
  q: Queryable,
  userId: number,
  tipId: number,
  from: readonly TipVideoRow['play_state'][],
  to: Partial<Pick<TipVideoRow, 'play_state' | 'play_requested_at' | 'played_at' | 'play_error'>>,
): Promise<TipVideoRow | undefined> {
  const [row] = await q
    .update(tipVideos)
    .set({ ...to, updated_at: new Date() })
    .where(
      and(
        eq(tipVideos.user_id, userId),
        eq(tipVideos.tip_id, tipId),
        inArray(tipVideos.play_state, [...from]),
      ),
    )
    .returning()
  return row
}

/** Plays sent to the overlay since `since` and not yet acknowledged as ended, oldest first (replayed on reconnect). */
export async function pendingPlays(q: Queryable, userId: number, since: Date): Promise<TipVideoRow[]> {
  return q
    .select()
    .from(tipVideos)
    .where(
      and(
        eq(tipVideos.user_id, userId),
        inArray(tipVideos.play_state, ['queued', 'playing']),
        gte(tipVideos.play_requested_at, since),
      ),
    )
    .orderBy(tipVideos.play_requested_at)
}

/** A creator's finished (or failed) setup previews beyond the newest `keep`: throwaway files to remove. */
export const stalePreviews = (q: Queryable, userId: number, keep: number): Promise<string[]> =>
  rendersBeyond(q, userId, 'setup_preview', keep)
