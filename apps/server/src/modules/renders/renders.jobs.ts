import type { Job } from 'pg-boss'
import type { Platform } from '../../platform/context'
import type { Queue } from '../../platform/queue/queue'
import { RENDER_FAILED_MESSAGE } from '@mouthpiece/contracts/renders/renders.schemas'
import { failRender, runStage } from './stages/render-stages'
import type { RenderJobData, StageJob } from './stages/render-stages'
import { RENDER_QUEUES, rendersDeps } from './renders.deps'
import type { RendersDeps } from './renders.deps'
import { warmUp } from '../../platform/media'
import { startRenderPool } from './stages/render-pool'
import { sweepUnusedBackgrounds } from './backgrounds/backgrounds.service'
import type { MediaEngine } from '../../platform/media'

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

/** Hourly: delete background pictures no render uses any more (see `sweepUnusedBackgrounds`). */
export const BACKGROUND_SWEEP_QUEUE = 'renders.sweep-backgrounds'
const BACKGROUND_SWEEP_CRON = '17 * * * *'

export interface RenderWorkerOptions {
  /** Replace part of the media engine (tests make the first attempt fail, as a crashed worker would). */
  engine?: Partial<MediaEngine>
}

/** Declares the queues (idempotent); the API process needs them to send, the workers to work. */
export async function ensureRenderQueues(queue: Queue): Promise<void> {
  await queue.ensure(RENDER_QUEUES.failed, { retryLimit: 3, retryDelay: 2, expireInSeconds: 120 })
  for (const name of [RENDER_QUEUES.audio, RENDER_QUEUES.avatar, RENDER_QUEUES.final])
    await queue.ensure(name, RENDER_QUEUE_OPTIONS)
}

/** Render workers; run by `work` and `all` processes. */
export async function startRendersWorkers(platform: Platform, opts: RenderWorkerOptions = {}): Promise<void> {
  const deps: RendersDeps = rendersDeps(platform)
  if (opts.engine) deps.engine = { ...deps.engine, ...opts.engine }
  await ensureRenderQueues(platform.queue)

  const stageHandler = async (jobs: Job<RenderJobData>[]) => {
    for (const job of jobs) await runStage(deps, job as unknown as StageJob)
  }
  // includeMetadata: the handler needs the attempt number (retryCount) and the retry limit.
  const fast = { includeMetadata: true, pollingIntervalSeconds: 0.5 } as const
  await platform.queue.work(RENDER_QUEUES.audio, { ...fast, localConcurrency: 2 }, stageHandler)
  // Drawing frames is CPU work in this process's render thread: one video at a time per pool member,
  // one member by default; admins size the pool on /admin/instances (render-pool.ts).
  await startRenderPool(platform.queue, RENDER_QUEUES.avatar, fast, stageHandler)
  await platform.queue.work(RENDER_QUEUES.final, { ...fast, localConcurrency: 2 }, stageHandler)
  await platform.queue.work<RenderJobData>(
    RENDER_QUEUES.failed,
    { pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs)
        await failRender(
          deps,
          job.data.renderId,
          job.data.stage,
          `${RENDER_FAILED_MESSAGE}#the last attempt of the ${job.data.stage} job failed or its worker stopped`,
        )
    },
  )
  await startBackgroundSweep(platform, deps)
  // Tests start many short-lived apps; only real worker processes load the engines up front.
  if (platform.config.NODE_ENV !== 'test')
    void warmUp().catch((err: unknown) => console.error('[renders] warm-up failed:', (err as Error).message))
}

async function startBackgroundSweep(platform: Platform, deps: RendersDeps): Promise<void> {
  // A missed or failed sweep is redone by the next one, so a job never needs retrying.
  await platform.queue.ensure(BACKGROUND_SWEEP_QUEUE, { retryLimit: 0, expireInSeconds: 900 })
  await platform.queue.work(BACKGROUND_SWEEP_QUEUE, { batchSize: 1 }, async () => {
    const swept = await sweepUnusedBackgrounds(deps)
    if (swept.files)
      console.log(`[renders] swept ${swept.files} unused background pictures (${swept.bytes} bytes)`)
  })
  await platform.queue.boss.schedule(BACKGROUND_SWEEP_QUEUE, BACKGROUND_SWEEP_CRON)
}
