import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OverlayAlert } from '@mouthpiece/contracts/donations/donations.schemas'
import { AlertPlayer, DEFAULT_TIMING, silentShowMs } from './alert-player'
import type { AckState, AlertAudio, PlayerView, SpeechClip } from './alert-player'

function alertOf(id: number, patch: Partial<OverlayAlert> = {}): OverlayAlert {
  return {
    id,
    kind: 'tip',
    source: 'test',
    who: `Viewer${id}`,
    amount_label: '$5.00',
    message: 'Hello stream',
    spoken_text: `Viewer${id} tipped 5 dollars`,
    is_test: true,
    audio: { url: `/a/${id}.wav`, duration: 2, sample_rate: 22050 },
    visemes: [],
    words: [],
    volume: 1,
    emotion: 'Neutral',
    avatar_setup: null,
    received_at: '2026-11-22T00:00:00.000Z',
    emitted_at: 0,
    ...patch,
  }
}

const blockedError = () =>
  Object.assign(new Error('play() failed because the user did not interact'), { name: 'NotAllowedError' })

/** A stand-in for the <audio> element: clips end when the test says so (or after their duration). */
class FakeAudio implements AlertAudio {
  allowed = true
  probeAllowed: boolean | null = true
  log: string[] = []
  clips = new Map<number, { end: () => void; fail: (e: Error) => void; playing: boolean }>()
  autoEnd = true
  async probe() {
    return this.probeAllowed
  }
  async load(alert: OverlayAlert): Promise<SpeechClip | null> {
    if (!alert.audio) return null
    let end = () => {}
    let fail: (e: Error) => void = () => {}
    const finished = new Promise<void>((resolve, reject) => {
      end = resolve
      fail = reject
    })
    finished.catch(() => {})
    const entry = { end, fail, playing: false }
    this.clips.set(alert.id, entry)
    const duration = alert.audio.duration
    return {
      play: async () => {
        if (!this.allowed) throw blockedError()
        entry.playing = true
        this.log.push(`play ${alert.id}`)
        if (this.autoEnd) setTimeout(end, duration * 1000)
      },
      finished,
      speechTime: () => 0,
      stop: () => {
        entry.playing = false
      },
    }
  }
}

function setup(audio = new FakeAudio()) {
  const acks: Array<[number, AckState, string | undefined]> = []
  const views: PlayerView[] = []
  const sound: boolean[] = []
  const player = new AlertPlayer({
    audio,
    ack: (id, state, error) => acks.push([id, state, error]),
    onView: (v) => views.push(v),
    onSound: (ok) => sound.push(ok),
  })
  const showing = () =>
    views
      .filter((v) => v.phase === 'showing' && v.stage === 'speaking')
      .map((v) => (v.phase === 'showing' ? v.alert.id : 0))
  return { audio, player, acks, views, sound, showing }
}

/** One alert's whole life with the default timing and a 2 s voice. */
const ONE_ALERT_MS = 2000 + DEFAULT_TIMING.tailMs + DEFAULT_TIMING.leaveMs

describe('overlay play queue', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('plays alerts one at a time, in order, with a gap between them, and acknowledges each', async () => {
    const { player, audio, acks, showing } = setup()
    await player.start()
    player.enqueue(alertOf(1))
    player.enqueue(alertOf(2))
    await vi.advanceTimersByTimeAsync(10)
    expect(audio.log).toEqual(['play 1'])
    expect(acks).toEqual([[1, 'started', undefined]])

    // Alert 1 still speaking: alert 2 waits.
    await vi.advanceTimersByTimeAsync(1500)
    expect(audio.log).toEqual(['play 1'])

    await vi.advanceTimersByTimeAsync(ONE_ALERT_MS - 1500)
    expect(acks).toContainEqual([1, 'played', undefined])
    // Alert 1 left the screen; the gap is not over yet.
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMING.gapMs - 100)
    expect(audio.log).toEqual(['play 1'])
    await vi.advanceTimersByTimeAsync(200)
    expect(audio.log).toEqual(['play 1', 'play 2'])
    expect(showing()).toEqual([1, 2])

    await vi.advanceTimersByTimeAsync(ONE_ALERT_MS + 10)
    expect(acks.map(([id, state]) => `${id}:${state}`)).toEqual([
      '1:started',
      '1:played',
      '2:started',
      '2:played',
    ])
    expect(player.pending).toBe(0)
  })

  it('goes back to idle after an alert, so nothing stays on stream', async () => {
    const { player, views } = setup()
    await player.start()
    player.enqueue(alertOf(1))
    await vi.advanceTimersByTimeAsync(ONE_ALERT_MS + 10)
    expect(views.map((v) => (v.phase === 'idle' ? 'idle' : v.stage))).toEqual(['speaking', 'leaving', 'idle'])
  })

  it('plays a delivery once even when it arrives twice, but plays a re-push again', async () => {
    const { player, audio } = setup()
    await player.start()
    expect(player.enqueue(alertOf(7), '7-1000')).toBe(true)
    expect(player.enqueue(alertOf(7), '7-1000')).toBe(false)
    await vi.advanceTimersByTimeAsync(ONE_ALERT_MS + DEFAULT_TIMING.gapMs + 10)
    expect(player.enqueue(alertOf(7), '7-1000')).toBe(false)
    expect(player.enqueue(alertOf(7), '7-2000')).toBe(true)
    await vi.advanceTimersByTimeAsync(10)
    // Re-pushed again while it is still on screen: it plays once more afterwards.
    expect(player.enqueue(alertOf(7), '7-3000')).toBe(true)
    await vi.advanceTimersByTimeAsync(2 * ONE_ALERT_MS + DEFAULT_TIMING.gapMs + 10)
    expect(audio.log).toEqual(['play 7', 'play 7', 'play 7'])
  })

  it('when autoplay is blocked, holds alerts until a click unlocks sound, then plays them', async () => {
    const audio = new FakeAudio()
    audio.probeAllowed = false
    audio.allowed = false
    const { player, acks, sound, views } = setup(audio)
    await player.start()
    expect(sound).toEqual([false])
    expect(player.soundBlocked).toBe(true)

    player.enqueue(alertOf(3))
    await vi.advanceTimersByTimeAsync(30_000)
    expect(audio.log).toEqual([])
    expect(acks).toEqual([])
    expect(views).toEqual([])

    audio.allowed = true
    player.unlock()
    expect(sound).toEqual([false, true])
    await vi.advanceTimersByTimeAsync(10)
    expect(audio.log).toEqual(['play 3'])
    await vi.advanceTimersByTimeAsync(ONE_ALERT_MS)
    expect(acks.map(([, s]) => s)).toEqual(['started', 'played'])
  })

  it('notices a block that appears only when an alert plays (probe said yes)', async () => {
    const audio = new FakeAudio()
    audio.allowed = false
    const { player, sound } = setup(audio)
    await player.start()
    player.enqueue(alertOf(4))
    await vi.advanceTimersByTimeAsync(10)
    expect(sound).toEqual([true, false])
    audio.allowed = true
    player.unlock()
    await vi.advanceTimersByTimeAsync(10)
    expect(audio.log).toEqual(['play 4'])
  })

  it('does not claim sound works when the check could not tell, until an alert really plays', async () => {
    const audio = new FakeAudio()
    audio.probeAllowed = null
    const { player, sound } = setup(audio)
    await player.start()
    expect(sound).toEqual([])
    player.enqueue(alertOf(12))
    await vi.advanceTimersByTimeAsync(10)
    expect(sound).toEqual([true])
  })

  it('reports a clip that fails while playing as failed, and goes on with the next alert', async () => {
    const audio = new FakeAudio()
    audio.autoEnd = false
    const { player, acks } = setup(audio)
    await player.start()
    player.enqueue(alertOf(5))
    player.enqueue(alertOf(6))
    await vi.advanceTimersByTimeAsync(10)
    audio.clips.get(5)!.fail(new Error('MEDIA_ERR_DECODE'))
    await vi.advanceTimersByTimeAsync(
      DEFAULT_TIMING.tailMs + DEFAULT_TIMING.leaveMs + DEFAULT_TIMING.gapMs + 10,
    )
    expect(acks).toEqual([
      [5, 'started', undefined],
      [5, 'failed', 'MEDIA_ERR_DECODE'],
      [6, 'started', undefined],
    ])
    audio.clips.get(6)!.end()
    await vi.advanceTimersByTimeAsync(10)
    expect(acks.at(-1)).toEqual([6, 'played', undefined])
  })

  it('stops a clip that never ends and reports it as stalled', async () => {
    const audio = new FakeAudio()
    audio.autoEnd = false
    const { player, acks } = setup(audio)
    await player.start()
    player.enqueue(alertOf(8))
    await vi.advanceTimersByTimeAsync(2000 + DEFAULT_TIMING.stallGraceMs + 10)
    expect(acks.at(-1)).toEqual([8, 'failed', 'The alert audio stalled and was stopped'])
  })

  it('shows an alert without voice long enough to read it, and counts it as played', async () => {
    const { player, acks, showing } = setup()
    await player.start()
    const silent = alertOf(9, { audio: null })
    player.enqueue(silent)
    await vi.advanceTimersByTimeAsync(10)
    expect(showing()).toEqual([9])
    expect(acks).toEqual([[9, 'started', undefined]])
    await vi.advanceTimersByTimeAsync(silentShowMs(silent))
    expect(acks.at(-1)).toEqual([9, 'played', undefined])
  })

  it('stops everything when the page closes', async () => {
    const { player, audio, acks } = setup()
    await player.start()
    player.enqueue(alertOf(10))
    player.enqueue(alertOf(11))
    await vi.advanceTimersByTimeAsync(10)
    player.dispose()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(audio.clips.get(10)!.playing).toBe(false)
    expect(acks).toEqual([[10, 'started', undefined]])
    expect(player.enqueue(alertOf(12))).toBe(false)
  })
})
