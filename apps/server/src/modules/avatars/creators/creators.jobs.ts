import type { Platform } from '../../../platform/context'
import type { AdminAuditActor } from '../../audit'
import { registerProfileSpeech } from '../../voices'
import { processCreator } from './creators.service'
import { CREATOR_QUEUE, ensureCreatorQueues } from '../avatars.queues'

/** One creator at a time: face detection and voice measuring are CPU work. */
export async function startCreatorsWorkers(platform: Platform): Promise<void> {
  await ensureCreatorQueues(platform)
  registerProfileSpeech(platform.db)
  await platform.queue.work<{ id: string; files: number; admin: AdminAuditActor }>(
    CREATOR_QUEUE,
    { pollingIntervalSeconds: 0.5, localConcurrency: 1 },
    async (jobs) => {
      for (const job of jobs) await processCreator(platform, job.data, job.signal)
    },
  )
}
