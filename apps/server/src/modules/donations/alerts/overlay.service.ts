import type { ServerResponse } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { OVERLAY_STREAM_EVENTS } from '@mouthpiece/contracts/donations/donations.schemas'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { AppError } from '../../../platform/http/errors'
import type { DonationsDeps } from '../donations.deps'
import type { DonationSettingsRow } from '../donations.table'
import { findUserEvent, pendingForOverlay, transition } from '../ingest/events.repo'
import { findSettingsByOverlayHash, updateSettings } from '../settings/settings.repo'
import type { SettingsChanges } from '../settings/settings.repo'
import { presentOverlayHealth } from '../settings/settings.service'
import { overlayAlertOf } from './alert.service'
import { sha256 } from '../accounts/token-crypto'
import type { OverlayDelivery } from './overlay-bus'
import { pendingTipVideos, writeTipVideoEvent } from '../tip-videos/tip-video-overlay'

/** Alerts older than this are not replayed to an overlay that (re)connects: stale news on stream. */
const REPLAY_WINDOW_MS = 10 * 60_000
const HEARTBEAT_MS = 15_000
const RECONNECT_MS = 2000

export async function settingsForKey(deps: DonationsDeps, key: string): Promise<DonationSettingsRow> {
  const row = await findSettingsByOverlayHash(deps.db, sha256(key))
  if (!row)
    throw new AppError(
      'unknown_overlay',
      'This overlay link is not valid any more. Copy it again from the alert settings.',
      404,
    )
  return row
}

/**
 * Saves what the overlay just told us and pushes the new health to the creator's open pages
 * (their realtime room), so the settings page needs no polling. A failed push only logs.
 */
async function reportedIn(deps: DonationsDeps, userId: number, changes: SettingsChanges) {
  const row = await updateSettings(deps.db, userId, changes)
  if (row)
    await deps.realtime
      .emitToUser(userId, RealtimeEvent.overlayHealth, presentOverlayHealth(row))
      .catch((err: unknown) => console.error('[donations] overlay health push:', (err as Error).message))
}

/** Open overlay streams per app instance, ended when its server shuts down (they would hold it open). */
const streams = new WeakMap<DonationsDeps, Set<ServerResponse>>()
export function closeOverlayStreams(deps: DonationsDeps) {
  for (const res of streams.get(deps) ?? []) res.end()
  streams.delete(deps)
}

/**
 * The overlay's Server-Sent Events stream. EventSource reconnects by itself and sends the last
 * event id it saw (Last-Event-ID), so after a drop — or a server restart — the overlay receives
 * the unacknowledged alerts emitted after that one, in order, then live ones from the overlay bus.
 */
export async function streamOverlay(
  deps: DonationsDeps,
  key: string,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const settings = await settingsForKey(deps, key)
  const userId = settings.user_id
  const res = reply.raw
  reply.hijack()
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  })
  const open = streams.get(deps) ?? new Set<ServerResponse>()
  streams.set(deps, open)
  open.add(res)
  // Event ids are `<alert id>-<emitted ms>`: a re-pushed alert is emitted again under a new id.
  const sent = new Set<string>()
  const last = /^(\d+)-(\d+)$/.exec(String(req.headers['last-event-id'] ?? ''))
  const since = Math.max(Date.now() - REPLAY_WINDOW_MS, last ? Number(last[2]) + 1 : 0)
  let chain = Promise.resolve()
  const write = (text: string) => {
    if (!res.writableEnded) res.write(text)
  }
  const send = (alertId: number, what: OverlayDelivery = 'alert') => {
    chain = chain
      .then(async () => {
        if (res.writableEnded) return
        if (what !== 'alert') return writeTipVideoEvent(deps, userId, alertId, what, sent, write)
        const row = await findUserEvent(deps.db, userId, alertId)
        if (!row || row.status !== 'speaking' || !row.emitted_at) return
        const id = `${alertId}-${row.emitted_at.getTime()}`
        if (sent.has(id)) return
        sent.add(id)
        write(
          `id: ${id}\nevent: ${OVERLAY_STREAM_EVENTS.alert}\ndata: ${JSON.stringify(await overlayAlertOf(deps, row))}\n\n`,
        )
      })
      .catch((err: unknown) => console.error('[donations] overlay stream:', (err as Error).message))
  }
  // Listen first, then replay: an alert published in between is sent once (the `sent` set).
  const unsubscribe = deps.bus.subscribe(userId, send)
  write(`retry: ${RECONNECT_MS}\n\n`)
  write(`event: ${OVERLAY_STREAM_EVENTS.hello}\ndata: ${JSON.stringify({ volume: settings.tts.volume })}\n\n`)
  for (const row of await pendingForOverlay(deps.db, userId, new Date(since))) send(row.id)
  for (const tipId of await pendingTipVideos(deps, userId, new Date(since))) send(tipId, 'video')
  await reportedIn(deps, userId, { overlay_seen_at: new Date() })
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS)
  res.on('close', () => {
    clearInterval(heartbeat)
    unsubscribe()
    open.delete(res)
  })
}

/** The overlay reports an alert started, played or failed; played/failed end its life. */
export async function acknowledge(
  deps: DonationsDeps,
  body: { key: string; alert_id: number; state: 'started' | 'played' | 'failed'; error?: string },
) {
  const settings = await settingsForKey(deps, body.key)
  const now = new Date()
  const alert = await findUserEvent(deps.db, settings.user_id, body.alert_id)
  if (!alert) throw new AppError('not_found', 'Alert not found', 404)
  if (body.state === 'played') {
    await transition(deps.db, alert.id, ['speaking', 'failed'], {
      status: 'played',
      played_at: now,
      error: null,
    })
    await reportedIn(deps, settings.user_id, { overlay_seen_at: now, overlay_last_played_at: now })
  } else if (body.state === 'failed') {
    const error = body.error?.slice(0, 500) || 'The overlay could not play this alert'
    await transition(deps.db, alert.id, ['speaking'], { status: 'failed', error })
    await reportedIn(deps, settings.user_id, {
      overlay_seen_at: now,
      overlay_last_failed_at: now,
      overlay_last_error: error,
    })
  } else {
    await reportedIn(deps, settings.user_id, { overlay_seen_at: now })
  }
}

export async function reportHealth(
  deps: DonationsDeps,
  body: { key: string; audio_unlocked: boolean; visible: boolean },
) {
  const settings = await settingsForKey(deps, body.key)
  await reportedIn(deps, settings.user_id, {
    overlay_seen_at: new Date(),
    overlay_audio_unlocked: body.audio_unlocked,
    overlay_visible: body.visible,
  })
}
