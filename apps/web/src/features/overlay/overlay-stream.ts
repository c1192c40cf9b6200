import { OVERLAY_STREAM_EVENTS, OverlayAlert } from '@mouthpiece/contracts/donations/donations.schemas'
import {
  overlayAck,
  overlayReportHealth,
  overlayStream,
} from '@mouthpiece/contracts/donations/overlay.contract'
import {
  OVERLAY_STOP_VIDEO_EVENT,
  overlayVideoAck,
} from '@mouthpiece/contracts/donations/tip-videos.contract'
import { API_BASE_URL, api, isSuccess } from '../../lib/api'
import type { AckState } from './alert-player'

/**
 * The overlay's link to the server: the alert stream (Server-Sent Events, see
 * packages/contracts/src/donations/overlay.contract.ts), acknowledgements and health reports.
 *
 * EventSource reconnects by itself after a network drop and sends the last event id it saw, so
 * the server replays what was missed. It gives up only when the server answers with an error
 * status (a restart behind a proxy, a rotated key): then this module reopens it with backoff and
 * tells the page whether the key itself is the problem.
 */

export type LinkState = 'connecting' | 'open' | 'reconnecting' | 'invalid-key'

export interface StreamHandlers {
  onAlert: (alert: OverlayAlert, eventKey: string) => void
  /** The creator stopped a tip video (push-tip-video-action `cancel`). */
  onStopVideo?: (tipId: number) => void
  onState: (state: LinkState) => void
  /** Asks the server whether the key is known: false = unknown key, null = no answer. */
  checkKey: () => Promise<boolean | null>
}

const MAX_BACKOFF_MS = 30_000

export function overlayStreamUrl(key: string): string {
  return `${API_BASE_URL}${overlayStream.path}?key=${encodeURIComponent(key)}`
}

export function openOverlayStream(
  key: string,
  handlers: StreamHandlers,
  Source: typeof EventSource = EventSource,
): () => void {
  let source: EventSource | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let backoff = 2000
  let closed = false

  const onAlert = (event: MessageEvent<string>) => {
    let data: unknown
    try {
      data = JSON.parse(event.data)
    } catch {
      return
    }
    const alert = OverlayAlert.safeParse(data)
    if (!alert.success) {
      console.warn('[overlay] ignored a malformed alert', alert.error.issues[0]?.message)
      return
    }
    // The server names every delivery `<alert id>-<emitted ms>`; without a name the alert id has to do.
    handlers.onAlert(alert.data, event.lastEventId || String(alert.data.id))
  }

  const connect = () => {
    if (closed) return
    handlers.onState(source ? 'reconnecting' : 'connecting')
    const es = new Source(overlayStreamUrl(key))
    source = es
    es.addEventListener(OVERLAY_STREAM_EVENTS.hello, () => {
      backoff = 2000
      handlers.onState('open')
    })
    es.addEventListener(OVERLAY_STREAM_EVENTS.alert, onAlert as EventListener)
    es.addEventListener(OVERLAY_STOP_VIDEO_EVENT, ((event: MessageEvent<string>) => {
      const tipId = Number(/"tip_id":\s*(\d+)/.exec(event.data)?.[1])
      if (Number.isInteger(tipId)) handlers.onStopVideo?.(tipId)
    }) as EventListener)
    es.onerror = () => {
      if (closed || source !== es) return
      if (es.readyState !== Source.CLOSED) {
        handlers.onState('reconnecting')
        return
      }
      es.close()
      void handlers.checkKey().then((known) => {
        if (closed || source !== es) return
        handlers.onState(known === false ? 'invalid-key' : 'reconnecting')
        // A rotated key never comes back; still look again now and then rather than give up for good.
        const delay = known === false ? 60_000 : backoff
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS)
        timer = setTimeout(connect, delay)
      })
    }
  }

  connect()
  return () => {
    closed = true
    clearTimeout(timer)
    source?.close()
  }
}

/** Acknowledgements matter (an unacknowledged alert is replayed on reconnect): a few retries. */
export async function ackAlert(
  key: string,
  alertId: number,
  state: AckState,
  error?: string,
  delays = [1000, 3000, 9000],
  video = false,
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    // A tip video is acknowledged on its own route (it is not the alert's own life).
    const result = video
      ? await api(overlayVideoAck, { body: { key, tip_id: alertId, state, error } })
      : await api(overlayAck, { body: { key, alert_id: alertId, state, error } })
    if (isSuccess(result)) return true
    // 4xx other than rate limits will not get better by asking again.
    if (result.httpStatus >= 400 && result.httpStatus < 500 && result.httpStatus !== 429) return false
    const delay = delays[attempt]
    if (delay === undefined) return false
    await new Promise((resolve) => setTimeout(resolve, delay))
  }
}

export interface HealthReporter {
  update(patch: { audio_unlocked?: boolean; visible?: boolean }): void
  /** Reports now; false when the server does not know the key, null when it could not be reached. */
  check(): Promise<boolean | null>
  stop(): void
}

/** The server counts an overlay as online when it reported within a minute. */
const HEARTBEAT_MS = 30_000

/**
 * Reports audio unlocked and page visible: at once on every change, and as a heartbeat so the
 * settings page can tell a live overlay from a closed one.
 */
export function startHealthReports(
  key: string,
  initial: { audio_unlocked: boolean; visible: boolean },
): HealthReporter {
  const state = { ...initial }
  let stopped = false
  const report = async (): Promise<boolean | null> => {
    const result = await api(overlayReportHealth, { body: { key, ...state } })
    if (isSuccess(result)) return true
    return result.httpStatus === 404 ? false : null
  }
  const send = () => {
    if (!stopped) void report()
  }
  const onVisibility = () => {
    state.visible = !document.hidden
    send()
  }
  document.addEventListener('visibilitychange', onVisibility)
  const heartbeat = setInterval(send, HEARTBEAT_MS)
  send()
  return {
    update(patch) {
      const changed = Object.entries(patch).some(([k, v]) => state[k as keyof typeof state] !== v)
      Object.assign(state, patch)
      if (changed) send()
    },
    check: report,
    stop() {
      stopped = true
      clearInterval(heartbeat)
      document.removeEventListener('visibilitychange', onVisibility)
    },
  }
}
