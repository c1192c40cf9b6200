import type { OverlayAlert } from '@mouthpiece/contracts/donations/donations.schemas'
import type { AlertAudio, SpeechClip } from './alert-player'
import { PREROLL_SECONDS, silentWav, withLeadingSilence } from './wav-preroll'

/**
 * Alert speech through one <audio> element reused for every alert. An element rather than
 * WebAudio: it plays in OBS with "Control audio via OBS" as any page sound does, needs no
 * AudioContext kept alive all stream long, and its currentTime is the clock the mouth follows.
 */

const clampVolume = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1)

/** Waits between fetches of an alert's WAV from our own server: about 30 s in all. */
const REFETCH_MS = [500, 1000, 2000, 4000, 8000, 15_000]

/**
 * Fetches the WAV. An alert can reach the page just before the server goes away (a restart, a
 * crash): its speech is fetched only when its turn comes, so a same-origin file is fetched again
 * for a while rather than the alert failing silent. Another origin's failure may be CORS, which
 * no retry mends: that one is not retried.
 */
async function fetchSpeech(url: string): Promise<Response> {
  const ours = new URL(url, window.location.href).origin === window.location.origin
  for (let attempt = 0; ; attempt++) {
    const delay = ours ? REFETCH_MS[attempt] : undefined
    try {
      const res = await fetch(url)
      if (res.status < 500 || delay === undefined) return res
    } catch (error) {
      if (delay === undefined) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, delay))
  }
}

/**
 * The alert's WAV with silence in front (see wav-preroll.ts), as a blob URL. A file that cannot be
 * fetched here (another origin without CORS) or is not PCM WAV plays from its own link, unpadded.
 */
async function padded(url: string): Promise<{ src: string; preroll: number; revoke: () => void }> {
  const plain = { src: url, preroll: 0, revoke: () => {} }
  try {
    const res = await fetchSpeech(url)
    if (!res.ok) return plain
    const bytes = withLeadingSilence(await res.arrayBuffer())
    if (!bytes) return plain
    const src = URL.createObjectURL(new Blob([bytes], { type: 'audio/wav' }))
    return { src, preroll: PREROLL_SECONDS, revoke: () => URL.revokeObjectURL(src) }
  } catch {
    return plain
  }
}

/** A clip over a media element (the alert's <audio>, or the tip video's <video>). */
export function clipOf(el: HTMLMediaElement, preroll: number, release: () => void): SpeechClip {
  let done = false
  let settle: { resolve: () => void; reject: (e: Error) => void } | null = null
  const finished = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject }
  })
  // A failure before anyone awaits `finished` (e.g. while waiting for a click) must not be unhandled.
  finished.catch(() => {})
  const cleanup = () => {
    el.removeEventListener('ended', onEnded)
    el.removeEventListener('error', onError)
  }
  const onEnded = () => {
    cleanup()
    settle?.resolve()
  }
  const onError = () => {
    cleanup()
    settle?.reject(new Error(el.error?.message || 'The alert audio could not be played'))
  }
  el.addEventListener('ended', onEnded)
  el.addEventListener('error', onError)
  return {
    play: () => el.play(),
    finished,
    speechTime: () => el.currentTime - preroll,
    stop() {
      if (done) return
      done = true
      cleanup()
      el.pause()
      el.removeAttribute('src')
      el.load()
      release()
      settle?.resolve()
    },
  }
}

export function createElementAudio(el: HTMLAudioElement): AlertAudio {
  return {
    async load(alert: OverlayAlert) {
      if (!alert.audio) return null
      const { src, preroll, revoke } = await padded(alert.audio.url)
      el.preload = 'auto'
      el.volume = clampVolume(alert.volume)
      el.src = src
      el.load()
      return clipOf(el, preroll, revoke)
    },
    async probe() {
      const src = URL.createObjectURL(new Blob([silentWav()], { type: 'audio/wav' }))
      el.src = src
      try {
        await el.play()
        return true
      } catch (error) {
        // Only a policy refusal means "blocked"; any other failure says nothing about autoplay.
        return (error as { name?: unknown } | null)?.name === 'NotAllowedError' ? false : null
      } finally {
        el.pause()
        el.removeAttribute('src')
        el.load()
        URL.revokeObjectURL(src)
      }
    },
  }
}
