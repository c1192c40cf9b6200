import type { Job } from 'pg-boss'
import type { Platform } from '../../platform/context'
import { RENDER_FAILED_MESSAGE } from '@mouthpiece/contracts/renders/renders.schemas'
import { failRender, runStage } from './stages/render-stages'
import type { RenderJobData, StageJob } from './stages/render-stages'
import { rendersDeps } from './renders.deps'
import {
  BACKGROUND_SWEEP_CRON,
  BACKGROUND_SWEEP_QUEUE,
  ensureRenderQueues,
  RENDER_QUEUES,
} from './renders.queues'
import type { RendersDeps } from './renders.deps'
import { warmUp } from '../../platform/media'
import { startRenderPool } from './stages/render-pool'
import { sweepUnusedBackgrounds } from './backgrounds/backgrounds.service'
import type { MediaEngine } from '../../platform/media'

export interface RenderWorkerOptions {
  /** Replace part of the media engine (tests make the first attempt fail, as a crashed worker would). */
  engine?: Partial<MediaEngine>
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
