import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OverlayAlert } from '@mouthpiece/contracts/donations/donations.schemas'
import { AlertPlayer, DEFAULT_TIMING } from './alert-player'
import type { AckState, AlertAudio, SpeechClip } from './alert-player'
import { withTipVideos } from './alert-video'

const videoAlert = (id: number, duration = 3): OverlayAlert => ({
  id,
  kind: 'tip',
  source: 'test',
  who: 'Alice',
  amount_label: '$5.00',
  message: '',
  spoken_text: 'Alice tipped 5 dollars',
  is_test: false,
  audio: null,
  visemes: [],
  words: [],
  volume: 1,
  emotion: 'Neutral',
  avatar_setup: null,
  received_at: '2026-11-22T00:00:00.000Z',
  emitted_at: 0,
  video: { url: `/files/video_${id}.mp4`, poster_url: null, duration },
})

/** A <video> stand-in: plays instantly; ends when the test says so, or when stopped. */
function fakeVideo() {
  const el = new EventTarget() as HTMLVideoElement & { played: string[] }
  let current = ''
  Object.assign(el, {
    played: [] as string[],
    currentTime: 0,
    error: null,
    load: () => {},
    pause: () => {},
    play: async () => {
      el.played.push(current)
    },
    removeAttribute: () => {},
  })
  Object.defineProperty(el, 'src', { get: () => current, set: (v: string) => (current = v) })
  return el
}

const noSpeech: AlertAudio = { load: async () => null, probe: async () => true }

function setup() {
  const el = fakeVideo()
  const acks: Array<[number, AckState, boolean]> = []
  const player = new AlertPlayer({
    audio: withTipVideos(noSpeech, el),
    ack: (id, state, _error, alert) => acks.push([id, state, !!alert?.video]),
    onView: () => {},
    onSound: () => {},
  })
  return { el, acks, player }
}

describe('tip videos on the overlay', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('plays the video in the <video> element and acknowledges it as a video', async () => {
    const { el, acks, player } = setup()
    await player.start()
    player.enqueue(videoAlert(5), '5-1')
    await vi.advanceTimersByTimeAsync(10)
    expect(el.played).toEqual(['/files/video_5.mp4'])
    expect(acks).toEqual([[5, 'started', true]])
    el.dispatchEvent(new Event('ended'))
    await vi.advanceTimersByTimeAsync(10)
    expect(acks.at(-1)).toEqual([5, 'played', true])
  })

  it('gives a stalled video its own length before calling it failed', async () => {
    const { acks, player } = setup()
    await player.start()
    player.enqueue(videoAlert(6, 20), '6-1')
    await vi.advanceTimersByTimeAsync(20_000 + DEFAULT_TIMING.stallGraceMs - 100)
    expect(acks.map(([, s]) => s)).toEqual(['started'])
    await vi.advanceTimersByTimeAsync(200)
    expect(acks.at(-1)).toEqual([6, 'failed', true])
  })

  it('drops a stopped video that waits in line, and cuts short the one on screen', async () => {
    const { el, acks, player } = setup()
    await player.start()
    player.enqueue(videoAlert(7), '7-1')
    player.enqueue(videoAlert(8), '8-1')
    await vi.advanceTimersByTimeAsync(10)
    player.stopVideo(8)
    player.stopVideo(7)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(el.played).toEqual(['/files/video_7.mp4'])
    expect(player.pending).toBe(0)
    expect(acks.map(([id, s]) => `${id}:${s}`)).toEqual(['7:started', '7:played'])
  })

  it('leaves spoken alerts to the speech audio', async () => {
    const load = vi.fn(async (): Promise<SpeechClip | null> => null)
    const el = fakeVideo()
    const media = withTipVideos({ load, probe: async () => true }, el)
    await media.load({ ...videoAlert(9), video: null })
    expect(load).toHaveBeenCalledOnce()
    expect(el.played).toEqual([])
  })
})
