import type { Queue } from '../../platform/queue/queue'

/** The pg-boss queues of the renders domain (docs/architecture.md: one name per domain). */
export const RENDER_QUEUES = {
  audio: 'renders.audio',
  avatar: 'renders.avatar',
  final: 'renders.final',
  /** Dead letters: a job that failed its last attempt (or whose worker died on it) lands here. */
  failed: 'renders.failed',
} as const
/** A render's stages, one queue each. */
export type RenderStage = 'audio' | 'avatar' | 'final'

/**
 * Retries with backoff (1 s, 2 s, … up to 30 s). A worker killed mid-render stops sending
 * heartbeats; pg-boss's monitor then fails the attempt and the job is retried elsewhere. A job
 * that fails its last attempt goes to `renders.failed`, which marks the render failed, so no render
 * stays "rendering" forever. Each job's own expiry is sized to its work when it is sent.
 */
export const RENDER_QUEUE_OPTIONS = {
  retryLimit: 2,
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 30,
  heartbeatSeconds: 10,
  deadLetter: RENDER_QUEUES.failed,
  deleteAfterSeconds: 7 * 86_400,
}

/** Declares the queues (idempotent); the API process needs them to send, the workers to work. */
export async function ensureRenderQueues(queue: Queue): Promise<void> {
  await queue.ensure(RENDER_QUEUES.failed, { retryLimit: 3, retryDelay: 2, expireInSeconds: 120 })
  for (const name of [RENDER_QUEUES.audio, RENDER_QUEUES.avatar, RENDER_QUEUES.final])
    await queue.ensure(name, RENDER_QUEUE_OPTIONS)
}

/** Hourly: delete background pictures no render uses any more (see `sweepUnusedBackgrounds`). */
export const BACKGROUND_SWEEP_QUEUE = 'renders.sweep-backgrounds'
export const BACKGROUND_SWEEP_CRON = '17 * * * *'
