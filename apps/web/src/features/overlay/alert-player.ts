import type { OverlayAlert } from '@mouthpiece/contracts/donations/donations.schemas'

/**
 * The overlay's play queue, kept free of React and of the DOM so its rules can be tested with
 * fake clocks: alerts play one at a time with a short gap between them; each is reported back
 * (started, then played or failed); an event delivered twice plays once; and when the browser
 * blocks sound (a plain browser tab, not OBS) the queue waits for one click instead of dropping
 * or muting alerts.
 */

export type AckState = 'started' | 'played' | 'failed'

/** One alert's speech, ready to play. */
export interface SpeechClip {
  /** Starts playback; rejects with a DOMException named NotAllowedError when autoplay is blocked. */
  play(): Promise<void>
  /** Settles when playback ends: resolves at the natural end, rejects when the audio fails. */
  readonly finished: Promise<void>
  /** Seconds of speech played so far (the pre-rolled silence excluded; negative while in it). */
  speechTime(): number
  /** Stops playback and frees what the clip holds. Safe to call twice. */
  stop(): void
}

export interface AlertAudio {
  /** The alert's speech, or null when the alert has none (the card then shows without voice). */
  load(alert: OverlayAlert): Promise<SpeechClip | null>
  /** Whether sound may start without a click on the page; null when the check itself failed. */
  probe(): Promise<boolean | null>
}

export type PlayerView =
  | { phase: 'idle' }
  | {
      phase: 'showing'
      alert: OverlayAlert
      stage: 'speaking' | 'leaving'
      clip: SpeechClip | null
      startedAt: number
    }

export interface PlayerTiming {
  /** Quiet time between one alert leaving and the next appearing. */
  gapMs: number
  /** The card stays this long after the voice ends. */
  tailMs: number
  /** Length of the card's exit animation. */
  leaveMs: number
  /** Past the audio's own duration, a clip that has not ended counts as stalled. */
  stallGraceMs: number
}

export const DEFAULT_TIMING: PlayerTiming = { gapMs: 1000, tailMs: 1500, leaveMs: 400, stallGraceMs: 8000 }

/** How long a card without voice stays up: long enough to read its message. */
export function silentShowMs(alert: Pick<OverlayAlert, 'message' | 'who'>): number {
  return Math.min(12_000, Math.max(4000, 2500 + (alert.message.length + alert.who.length) * 55))
}

export interface AlertPlayerOptions {
  audio: AlertAudio
  /** `alert` tells a tip video (acknowledged on its own route) from a spoken alert. */
  ack: (alertId: number, state: AckState, error?: string, alert?: OverlayAlert) => void
  onView: (view: PlayerView) => void
  /** Called with false when the browser blocks sound, and with true once it plays. */
  onSound: (unlocked: boolean) => void
  timing?: Partial<PlayerTiming>
  now?: () => number
}

/** How many delivered event ids are remembered for de-duplication. */
const SEEN_LIMIT = 500

export function isAutoplayBlocked(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'NotAllowedError'
  )
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function errorText(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return (message || fallback).slice(0, 500)
}

export class AlertPlayer {
  private readonly queue: Array<{ key: string; alert: OverlayAlert }> = []
  private readonly seen = new Set<string>()
  private readonly seenOrder: string[] = []
  private readonly timing: PlayerTiming
  private readonly now: () => number
  private running = false
  private disposed = false
  private blocked = false
  /** Sound is known to work (the probe said so, or an alert played). */
  private soundOk = false
  private ready: Promise<void> = Promise.resolve()
  private releaseUnlock: (() => void) | null = null
  private current: SpeechClip | null = null
  private currentAlert: OverlayAlert | null = null
  private lastEndedAt = Number.NEGATIVE_INFINITY

  constructor(private readonly options: AlertPlayerOptions) {
    this.timing = { ...DEFAULT_TIMING, ...options.timing }
    this.now = options.now ?? (() => Date.now())
  }

  /** Finds out once whether sound is allowed; alerts that arrive meanwhile wait for the answer. */
  start(): Promise<void> {
    this.ready = this.options.audio
      .probe()
      .catch(() => null)
      .then((ok) => {
        if (this.disposed) return
        if (ok === true) this.setUnlocked()
        else if (ok === false) this.setBlocked()
      })
    return this.ready
  }

  /**
   * Queues an alert. `eventKey` names this delivery (the stream's event id): the same delivery
   * arriving twice — a reconnect replay, a duplicated message — plays once; a re-push is a new
   * delivery of the same alert and plays again. Returns false for a duplicate.
   */
  enqueue(alert: OverlayAlert, eventKey: string = String(alert.id)): boolean {
    if (this.disposed || this.seen.has(eventKey)) return false
    this.seen.add(eventKey)
    this.seenOrder.push(eventKey)
    if (this.seenOrder.length > SEEN_LIMIT) this.seen.delete(this.seenOrder.shift()!)
    this.queue.push({ key: eventKey, alert })
    void this.run()
    return true
  }

  /** Call from a user gesture (a click): sound is allowed from now on and held alerts play. */
  unlock(): void {
    if (!this.blocked) return
    this.blocked = false
    this.setUnlocked()
    const release = this.releaseUnlock
    this.releaseUnlock = null
    release?.()
  }

  get soundBlocked(): boolean {
    return this.blocked
  }

  /** Alerts waiting, the one on screen included. */
  get pending(): number {
    return this.queue.length
  }

  /** The creator stopped a tip video (stream `stop-video`): dropped if waiting, cut short if on screen. */
  stopVideo(tipId: number): void {
    const isIt = (a: OverlayAlert) => a.id === tipId && !!a.video
    const onScreen = this.currentAlert && isIt(this.currentAlert)
    // queue[0] is the one being played (it leaves the queue when it ends): only later ones are dropped.
    for (let i = this.queue.length - 1; i >= 1; i--) if (isIt(this.queue[i]!.alert)) this.queue.splice(i, 1)
    if (onScreen) this.current?.stop()
  }

  dispose(): void {
    this.disposed = true
    this.queue.length = 0
    this.current?.stop()
    this.current = null
    this.releaseUnlock?.()
  }

  private setBlocked() {
    if (this.blocked) return
    this.blocked = true
    this.soundOk = false
    this.options.onSound(false)
  }

  private setUnlocked() {
    if (this.soundOk) return
    this.soundOk = true
    this.options.onSound(true)
  }

  private waitForUnlock(): Promise<void> {
    if (!this.blocked) return Promise.resolve()
    return new Promise((resolve) => {
      const previous = this.releaseUnlock
      this.releaseUnlock = () => {
        previous?.()
        resolve()
      }
    })
  }

  private async run(): Promise<void> {
    if (this.running) return
    this.running = true
    try {
      await this.ready
      while (!this.disposed && this.queue.length) {
        const wait = this.lastEndedAt + this.timing.gapMs - this.now()
        if (wait > 0) await sleep(wait)
        const next = this.queue[0]
        if (!next || this.disposed) break
        await this.playOne(next.alert)
        this.queue.shift()
        this.lastEndedAt = this.now()
      }
    } finally {
      this.running = false
    }
  }

  private async playOne(alert: OverlayAlert): Promise<void> {
    const { ack, onView } = this.options
    let clip: SpeechClip | null = null
    let loadError: string | null = null
    try {
      clip = await this.options.audio.load(alert)
    } catch (error) {
      loadError = errorText(error, 'The alert audio could not be loaded')
    }
    if (this.disposed) return clip?.stop()

    // The card appears with the voice: while sound is blocked nothing shows, so no card hangs mute on stream.
    while (clip) {
      if (this.blocked) await this.waitForUnlock()
      if (this.disposed) return clip.stop()
      try {
        await clip.play()
        this.setUnlocked()
        break
      } catch (error) {
        if (isAutoplayBlocked(error)) {
          this.setBlocked()
          continue
        }
        loadError = errorText(error, 'The alert audio could not be played')
        clip.stop()
        clip = null
      }
    }

    this.current = clip
    this.currentAlert = alert
    const startedAt = this.now()
    onView({ phase: 'showing', alert, stage: 'speaking', clip, startedAt })
    ack(alert.id, 'started', undefined, alert)

    let failure = loadError
    if (clip) {
      const limit = (alert.video?.duration ?? alert.audio?.duration ?? 0) * 1000 + this.timing.stallGraceMs
      failure = await Promise.race([
        clip.finished.then(
          () => null,
          (error: unknown) => errorText(error, 'The alert audio failed while playing'),
        ),
        sleep(limit).then(() => 'The alert audio stalled and was stopped'),
      ])
      if (failure) clip.stop()
    } else {
      await sleep(silentShowMs(alert))
    }
    if (this.disposed) return clip?.stop()
    ack(alert.id, failure ? 'failed' : 'played', failure ?? undefined, alert)

    await sleep(this.timing.tailMs)
    if (this.disposed) return clip?.stop()
    onView({ phase: 'showing', alert, stage: 'leaving', clip, startedAt })
    await sleep(this.timing.leaveMs)
    clip?.stop()
    this.current = null
    this.currentAlert = null
    if (!this.disposed) onView({ phase: 'idle' })
  }
}
