import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { StressTarget } from '@mouthpiece/contracts/operations/stress-tests.contract'
import { DEFAULT_VOICE_ID } from '@mouthpiece/contracts/media/voices.schemas'
import { admission } from '../../../platform/admission/admission'
import type { Queue } from '../../../platform/queue/queue'
import { atLowestPriority, influencerPresets, renderVideo, speak } from '../../../platform/media'
import type { Spoken } from '../../../platform/media'
import { RENDER_QUEUES } from '../../renders'

/** What one stress request measured: its latency, and how long it first stood aside for real users. */
export interface ProbeResult {
  ms: number
  waitedMs: number
}
export type Probe = (deps: { queue: Queue }, signal: AbortSignal) => Promise<ProbeResult>

/** About two seconds of speech: long enough to exercise the engine, short enough for many requests. */
const STRESS_TEXT = 'This is a stress test of the speech engine, one short sentence at a time.'
const speakOnce = (signal?: AbortSignal) =>
  atLowestPriority(() =>
    speak({ text: STRESS_TEXT, voiceId: DEFAULT_VOICE_ID, emotion: 'Neutral', intensity: 0.5 }, signal),
  )

/** Voice service: one synthesis through the speech gate, taken only when real previews leave room. */
const voiceProbe: Probe = async (_deps, signal) => {
  const { value: ms, waitedMs } = await admission('speech').runWhenIdle(async (s) => {
    const t0 = performance.now()
    await speakOnce(s)
    return performance.now() - t0
  }, signal)
  return { ms, waitedMs }
}

/** How often the render probe looks again while real renders are queued or running. */
const RENDER_YIELD_POLL_MS = 250
const REAL_RENDER_QUEUES = [RENDER_QUEUES.audio, RENDER_QUEUES.avatar, RENDER_QUEUES.final]

/** Whether users' renders are waiting or being made right now (then a stress render waits). */
async function realRendersBusy(queue: Queue): Promise<boolean> {
  const stats = await Promise.all(
    REAL_RENDER_QUEUES.map((name) => queue.boss.getQueueStats(name).catch(() => null)),
  )
  return stats.some((s) => s !== null && s.queuedCount - s.deferredCount + s.activeCount > 0)
}

/** The speech a render probe animates, made once per process (the probe measures the render workers, not speech). */
let stressSpeech: Promise<Spoken> | undefined

/**
 * Render workers: one short avatar clip (720p, 10 fps, no captions or poster) drawn and encoded by
 * the render thread, started only while no user's render is queued or running.
 */
const renderProbe: Probe = async ({ queue }, signal) => {
  const t0 = performance.now()
  while (await realRendersBusy(queue)) {
    signal.throwIfAborted()
    await new Promise((resolve) => setTimeout(resolve, RENDER_YIELD_POLL_MS))
  }
  const waitedMs = performance.now() - t0
  stressSpeech ??= speakOnce().catch((e: unknown) => {
    stressSpeech = undefined
    throw e
  })
  const audio = await stressSpeech
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mp-stress-'))
  try {
    const started = performance.now()
    await atLowestPriority(() =>
      renderVideo(
        {
          audio,
          words: audio.words,
          cues: audio.cues,
          look: influencerPresets[0]!.look,
          outFile: path.join(dir, 'stress.mp4'),
          options: { format: 'mp4', video_resolution: '720p', fps: 10, captions: null, poster: false },
        },
        signal,
      ),
    )
    return { ms: performance.now() - started, waitedMs }
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

export const STRESS_PROBES: Record<StressTarget, Probe> = { voice: voiceProbe, render: renderProbe }
