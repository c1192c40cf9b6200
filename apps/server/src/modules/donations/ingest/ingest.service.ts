import { NormalizedEvent, MAX_RAW_EVENT_BYTES } from '@mouthpiece/contracts/donations/donations.schemas'
import type { NormalizedEventInput } from '@mouthpiece/contracts/donations/donations.schemas'
import type { Tx } from '../../../platform/db/client'
import { AppError } from '../../../platform/http/errors'
import { ALERT_QUEUE } from '../donations.queues'
import type { DonationsDeps } from '../donations.deps'
import { findFingerprintTwins, insertEvents, lockFingerprints } from './events.repo'
import type { NewAlertEvent } from './events.repo'
import type { AlertJobData } from '../alerts/alert.service'
import { sha256 } from '../accounts/token-crypto'

export interface IngestTarget {
  userId: number
  accountId?: number | null
  /** Test alerts and announcements name the setup that speaks them. */
  forcedSetupId?: number | null
}

/**
 * accepted: stored and its alert queued. duplicate: stored as the relay of an earlier event, not
 * queued. redelivered: this (source, external id) was stored before; nothing happened.
 */
export type IngestOutcome =
  { id: number; state: 'accepted' | 'duplicate' } | { id: null; state: 'redelivered' }

/** A source's payload that cannot become an event: the caller logs it and moves on (or answers 4xx). */
export class RejectedEvent extends AppError {}

/** Parses a source's normalised event with the contract's rules (no negative amounts, size caps). */
export function parseEvent(input: NormalizedEventInput): NormalizedEvent {
  const parsed = NormalizedEvent.safeParse(input)
  if (!parsed.success) {
    const errors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues)
      (errors[issue.path.join('.') || 'event'] ??= []).push(issue.message)
    throw new RejectedEvent('invalid_event', parsed.error.issues[0]?.message ?? 'Invalid event', 422, errors)
  }
  const rawSize = Buffer.byteLength(JSON.stringify(parsed.data.raw ?? null))
  if (rawSize > MAX_RAW_EVENT_BYTES) throw new RejectedEvent('event_too_large', 'The event is too large', 413)
  return parsed.data
}

/**
 * What makes two deliveries "the same event" when their ids differ (Twitch directly and relayed by
 * Streamlabs; EventSub's reported re-sends under new ids): kind, sender, amount and message.
 */
export function fingerprintOf(e: NormalizedEvent): string {
  const amount =
    e.amount !== null
      ? `${e.amount.toFixed(2)}${e.currency ?? ''}`
      : String(e.bits ?? e.points ?? e.count ?? '')
  const message = e.message.toLowerCase().replace(/\s+/g, ' ').trim()
  return sha256([e.kind, e.who.toLowerCase(), amount, e.tier ?? '', message].join('\u0001'))
}

interface Pending {
  target: IngestTarget
  event: NormalizedEvent
  fingerprint: string
  receivedAt: Date
  resolve(outcome: IngestOutcome): void
  reject(err: unknown): void
}

/** At most this many events share one transaction. */
const MAX_BATCH = 200

/**
 * Group commit: events that arrive together (or while a transaction is writing others) go in one
 * transaction. An idle server writes each event at once (one event-loop turn of delay); a flood
 * costs a handful of statements per batch instead of per event.
 */
class IngestBatcher {
  private waiting: Pending[] = []
  private scheduled = false
  private inflight = 0
  /** PGlite has one connection, so one transaction at a time; PostgreSQL overlaps a few. */
  private readonly maxInflight: number
  constructor(private readonly deps: DonationsDeps) {
    this.maxInflight = deps.database.kind === 'postgres' ? 4 : 1
  }

  submit(p: Omit<Pending, 'resolve' | 'reject'>): Promise<IngestOutcome> {
    return new Promise<IngestOutcome>((resolve, reject) => {
      this.waiting.push({ ...p, resolve, reject })
      this.schedule()
    })
  }

  /**
   * Takes the next batch after a macrotask turn: PGlite answers within microtasks, so without it a
   * transaction would run before the requests already waiting on their sockets could join it.
   */
  private schedule() {
    if (this.scheduled || this.inflight >= this.maxInflight || !this.waiting.length) return
    this.scheduled = true
    setImmediate(() => {
      this.scheduled = false
      const batch = this.waiting.splice(0, MAX_BATCH)
      if (!batch.length) return
      this.inflight++
      void this.write(batch).finally(() => {
        this.inflight--
        this.schedule()
      })
      this.schedule()
    })
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      const outcomes = await this.deps.db.transaction((tx) => storeBatch(this.deps, tx, batch))
      batch.forEach((p, i) => p.resolve(outcomes[i]!))
      if (outcomes.some((o) => o.state === 'accepted')) this.deps.wakeWorkers()
    } catch (err) {
      // One bad event (its creator deleted meanwhile) must not fail the others: retry them alone.
      if (batch.length > 1) {
        for (const p of batch) await this.write([p])
        return
      }
      const p = batch[0]!
      p.reject(pgCode(err) === '23503' ? new RejectedEvent('unknown_creator', 'Unknown creator', 404) : err)
    }
  }
}

const batchers = new WeakMap<DonationsDeps, IngestBatcher>()

/**
 * Records an incoming event and queues its alert, in one transaction: a redelivery (same source
 * and external id) is a no-op, and a crash can only delay the alert, never drop it. Live events
 * whose fingerprint matches one received within the dedupe window are stored as `duplicate` —
 * visible in the Activity Feed, re-pushable by hand, never spoken on their own.
 */
export async function acceptEvent(
  deps: DonationsDeps,
  target: IngestTarget,
  input: NormalizedEventInput,
  opts: { tx?: Tx } = {},
): Promise<IngestOutcome> {
  const event = parseEvent(input)
  // Inside the caller's transaction (a paid direct tip): the event and its job commit with the
  // caller's own changes. The caller wakes the workers after its commit.
  if (opts.tx) {
    const settle = () => {}
    const [outcome] = await storeBatch(deps, opts.tx, [
      {
        target,
        event,
        fingerprint: fingerprintOf(event),
        receivedAt: event.received_at ?? new Date(),
        resolve: settle,
        reject: settle,
      },
    ])
    return outcome!
  }
  let batcher = batchers.get(deps)
  if (!batcher) batchers.set(deps, (batcher = new IngestBatcher(deps)))
  return batcher.submit({
    target,
    event,
    fingerprint: fingerprintOf(event),
    receivedAt: event.received_at ?? new Date(),
  })
}

/** One batch, in order: redeliveries dropped, relays found (stored and in this batch), rows and jobs written. */
async function storeBatch(deps: DonationsDeps, tx: Tx, batch: Pending[]): Promise<IngestOutcome[]> {
  const windowMs = deps.config.ALERT_DEDUPE_WINDOW_SECONDS * 1000
  const keyOf = (p: Pending) => `${p.target.userId}\u0001${p.event.source}\u0001${p.event.external_id}`
  const printOf = (p: Pending) => `${p.target.userId}\u0001${p.fingerprint}`
  const outcomes: Array<IngestOutcome | undefined> = batch.map(() => undefined)

  // The same id twice in one batch: the later copies are redeliveries.
  const seenKeys = new Set<string>()
  const unique: number[] = []
  batch.forEach((p, i) => {
    if (seenKeys.has(keyOf(p))) outcomes[i] = { id: null, state: 'redelivered' }
    else {
      seenKeys.add(keyOf(p))
      unique.push(i)
    }
  })

  // Relays of events already stored. Test alerts are never relays (a creator may test twice), nor
  // are direct tips: each is its own payment, made idempotent by its tip page key.
  const isRelayable = (p: Pending) => !p.event.is_test && p.event.source !== 'direct'
  const live = unique.filter((i) => isRelayable(batch[i]!))
  const twins = new Map<string, Array<{ id: number; received_at: Date }>>()
  if (live.length) {
    const pairs = live.map((i) => ({ userId: batch[i]!.target.userId, fingerprint: batch[i]!.fingerprint }))
    await lockFingerprints(tx, pairs)
    const since = new Date(Math.min(...live.map((i) => batch[i]!.receivedAt.getTime())) - windowMs)
    for (const t of await findFingerprintTwins(tx, pairs, since)) {
      const key = `${t.user_id}\u0001${t.fingerprint}`
      twins.set(key, [...(twins.get(key) ?? []), t])
    }
  }

  const row = (p: Pending, duplicateOf: number | null, duplicate: boolean): NewAlertEvent => ({
    user_id: p.target.userId,
    account_id: p.target.accountId ?? null,
    forced_setup_id: p.target.forcedSetupId ?? null,
    source: p.event.source,
    kind: p.event.kind,
    external_id: p.event.external_id,
    fingerprint: p.fingerprint,
    who: p.event.who,
    amount: p.event.amount,
    currency: p.event.currency,
    bits: p.event.bits,
    points: p.event.points,
    count: p.event.count,
    tier: p.event.tier,
    title: p.event.title,
    message: p.event.message,
    gift_recipient: p.event.gift_recipient,
    is_test: p.event.is_test,
    external_status: p.event.external_status,
    raw: p.event.raw ?? null,
    received_at: p.receivedAt,
    status: duplicate ? 'duplicate' : 'queued',
    duplicate_of: duplicateOf,
  })

  // First pass: originals and relays of stored events; second pass: relays of originals in this batch.
  const first: Array<{ i: number; row: NewAlertEvent }> = []
  const second: Array<{ i: number; of: number }> = []
  const originals = new Map<string, number>()
  for (const i of unique) {
    const p = batch[i]!
    if (!isRelayable(p)) {
      first.push({ i, row: row(p, null, false) })
      continue
    }
    const since = p.receivedAt.getTime() - windowMs
    const twin = twins.get(printOf(p))?.find((t) => t.received_at.getTime() >= since)
    const inBatch = originals.get(printOf(p))
    if (twin) first.push({ i, row: row(p, twin.id, true) })
    else if (inBatch !== undefined && batch[inBatch]!.receivedAt.getTime() >= since)
      second.push({ i, of: inBatch })
    else {
      originals.set(printOf(p), i)
      first.push({ i, row: row(p, null, false) })
    }
  }

  const ids = new Map<number, number>()
  const store = async (items: Array<{ i: number; row: NewAlertEvent }>) => {
    const inserted = await insertEvents(
      tx,
      items.map((x) => x.row),
    )
    const byKey = new Map(inserted.map((r) => [`${r.user_id}\u0001${r.source}\u0001${r.external_id}`, r.id]))
    for (const { i, row: r } of items) {
      const id = byKey.get(keyOf(batch[i]!))
      if (id === undefined) outcomes[i] = { id: null, state: 'redelivered' }
      else {
        ids.set(i, id)
        outcomes[i] = { id, state: r.status === 'duplicate' ? 'duplicate' : 'accepted' }
      }
    }
  }
  await store(first)
  if (second.length)
    await store(second.map(({ i, of }) => ({ i, row: row(batch[i]!, ids.get(of) ?? null, true) })))

  const queued = outcomes
    .filter((o): o is { id: number; state: 'accepted' } => o?.state === 'accepted')
    .map((o) => o.id)
  // One job for the whole batch: a job per event would triple the database work of a flood.
  if (queued.length) await deps.queue.send(ALERT_QUEUE, { eventIds: queued } satisfies AlertJobData, { tx })
  return outcomes.map((o) => o ?? { id: null, state: 'redelivered' })
}

/** The PostgreSQL error code, whether the driver error is thrown as is or wrapped by drizzle. */
export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } }
  const code = typeof e.code === 'string' ? e.code : e.cause?.code
  return typeof code === 'string' ? code : undefined
}
