import { randomUUID } from 'node:crypto'
import type {
  NormalizedEventInput,
  OverlayAlert,
  Tip,
} from '@mouthpiece/contracts/donations/donations.schemas'
import { AppError, notFound } from '../../../platform/http/errors'
import { ALERT_QUEUE } from '../donations.queues'
import type { DonationsDeps } from '../donations.deps'
import type { AlertEventRow } from '../donations.table'
import * as events from '../ingest/events.repo'
import { acceptEvent } from '../ingest/ingest.service'
import type { IngestTarget } from '../ingest/ingest.service'
import { presentTip, previewAlert } from '../alerts/alert.service'
import type { AlertJobData } from '../alerts/alert.service'

async function requireTip(deps: DonationsDeps, userId: number, id: number): Promise<AlertEventRow> {
  const row = await events.findUserEvent(deps.db, userId, id)
  if (!row) throw notFound('Tip')
  return row
}

/** Accepts a test or announcement event for the creator and answers the stored tip. */
async function fire(
  deps: DonationsDeps,
  target: IngestTarget,
  event: Omit<NormalizedEventInput, 'source' | 'external_id' | 'is_test'>,
): Promise<Tip> {
  const outcome = await acceptEvent(deps, target, {
    ...event,
    source: 'test',
    external_id: `test:${randomUUID()}`,
    is_test: true,
  })
  if (outcome.id === null) throw new AppError('conflict', 'This test alert was already sent', 409)
  return presentTip(await requireTip(deps, target.userId, outcome.id))
}

export const testTriggers = {
  bits: (deps: DonationsDeps, userId: number, b: { bits: number; message: string }) =>
    fire(
      deps,
      { userId },
      { kind: 'bits', who: 'TestCheerer', bits: b.bits, message: b.message, raw: { test: 'bits' } },
    ),
  channelPoints: (
    deps: DonationsDeps,
    userId: number,
    b: { points: number; title: string; message: string },
  ) =>
    fire(
      deps,
      { userId },
      {
        kind: 'channel_points',
        who: 'TestViewer',
        points: b.points,
        title: b.title,
        message: b.message,
        raw: { test: 'channel_points' },
      },
    ),
  subscription: (deps: DonationsDeps, userId: number, b: { tier: string; months: number; message: string }) =>
    fire(
      deps,
      { userId },
      {
        kind: b.months > 1 ? 'resub' : 'subscription',
        who: 'TestSubscriber',
        tier: b.tier,
        count: b.months,
        message: b.message,
        raw: { test: 'subscription' },
      },
    ),
  giftedSub: (deps: DonationsDeps, userId: number, b: { count: number; tier: string }) =>
    fire(
      deps,
      { userId },
      {
        kind: 'gifted_subscription',
        who: 'TestGifter',
        tier: b.tier,
        count: b.count,
        raw: { test: 'gifted_subscription' },
      },
    ),
  /** A $5 tip spoken by the given setup, whatever its price tier. */
  setup: (deps: DonationsDeps, userId: number, setupId: number) =>
    fire(
      deps,
      { userId, forcedSetupId: setupId },
      {
        kind: 'tip',
        who: 'TestTipper',
        amount: 5,
        currency: 'USD',
        message: 'This is a test alert.',
        raw: { test: 'avatar_setup', setupId },
      },
    ),
  announcement: (
    deps: DonationsDeps,
    userId: number,
    b: { donator: string; message: string; avatar_setup?: number | null; amount?: number | null },
  ) =>
    fire(
      deps,
      { userId, forcedSetupId: b.avatar_setup ?? null },
      {
        kind: 'tip',
        who: b.donator,
        message: b.message,
        // A test tip with an amount reads "TestTipper tipped $5"; without one it is an announcement.
        ...(b.amount ? { amount: b.amount, currency: 'USD' } : {}),
        raw: { announcement: true },
      },
    ),
}

export async function listTips(
  deps: DonationsDeps,
  userId: number,
  q: { page: number; limit: number; accountId?: number },
) {
  const { rows, total } = await events.listEvents(deps.db, userId, {
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
    accountId: q.accountId,
  })
  return { list: rows.map(presentTip), total, lastPage: Math.max(1, Math.ceil(total / q.limit)) }
}

export async function latestTips(deps: DonationsDeps, userId: number, limit: number): Promise<Tip[]> {
  return (await events.listEvents(deps.db, userId, { limit, offset: 0 })).rows.map(presentTip)
}

/** Puts an alert back in the queue; the job runs it as if new, rules aside. */
async function requeue(
  deps: DonationsDeps,
  row: AlertEventRow,
  data: Omit<AlertJobData, 'eventIds'>,
  from: AlertEventRow['status'][],
): Promise<AlertEventRow> {
  const moved = await deps.db.transaction(async (tx) => {
    const updated = await events.transition(tx, row.id, from, {
      status: 'queued',
      skip_reason: null,
      error: null,
      emitted_at: null,
      played_at: null,
    })
    if (updated)
      await deps.queue.send(ALERT_QUEUE, { eventIds: [row.id], ...data } satisfies AlertJobData, { tx })
    return updated
  })
  if (!moved) throw new AppError('conflict', 'This alert is already on its way', 409)
  deps.wakeWorkers()
  return moved
}

/** SPEC: a tip can be re-pushed (played again) or previewed (built and returned, not played). */
export async function rePush(
  deps: DonationsDeps,
  userId: number,
  tipId: number,
  mode: 'repush' | 'preview',
): Promise<{ tip: Tip; preview: OverlayAlert | null }> {
  const row = await requireTip(deps, userId, tipId)
  if (mode === 'preview') return { tip: presentTip(row), preview: await previewAlert(deps, row) }
  const moved = await requeue(deps, row, { force: true }, [
    'speaking',
    'played',
    'failed',
    'skipped',
    'duplicate',
    'pending_approval',
  ])
  return { tip: presentTip(moved), preview: null }
}

/** Releases an alert held for approval, or rejects it for good. */
export async function approve(
  deps: DonationsDeps,
  userId: number,
  tipId: number,
  approved: boolean,
): Promise<Tip> {
  const row = await requireTip(deps, userId, tipId)
  if (row.status !== 'pending_approval')
    throw new AppError('not_pending', 'This alert is not waiting for approval', 409)
  if (!approved) {
    const rejected = await events.transition(deps.db, row.id, ['pending_approval'], {
      status: 'skipped',
      skip_reason: 'rejected',
    })
    return presentTip(rejected ?? row)
  }
  return presentTip(await requeue(deps, row, { approved: true }, ['pending_approval']))
}

/**
 * The donation service's own moderation changed its mind about a tip (StreamElements
 * `channel.tips.moderation`): allowed releases a held alert, rejected drops it.
 */
export async function applyExternalModeration(
  deps: DonationsDeps,
  row: AlertEventRow,
  status: 'pending' | 'allowed' | 'rejected',
) {
  await events.setExternalStatus(deps.db, row.id, status)
  if (row.status !== 'pending_approval') return
  if (status === 'rejected')
    await events.transition(deps.db, row.id, ['pending_approval'], {
      status: 'skipped',
      skip_reason: 'rejected',
      external_status: status,
    })
  else if (status === 'allowed')
    await requeue(deps, { ...row, external_status: status }, {}, ['pending_approval'])
}

export async function usage(deps: DonationsDeps, userId: number, days: number) {
  const since = new Date(Date.now() - days * 86_400_000)
  const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1))
  const [rows, thisMonth] = await Promise.all([
    events.usageByDay(deps.db, userId, since),
    events.countPlayedSince(deps.db, userId, monthStart),
  ])
  return { days: rows, total_played: rows.reduce((n, r) => n + r.played, 0), this_month_played: thisMonth }
}
