import type { Platform } from '../../platform/context'
import { runAudioJob } from './audio/project-audio.service'
import type { AudioJobData } from './audio/project-audio.service'
import { listenToAvatarRenders } from './output/project-avatar.service'
import { ensureProjectQueues, PROJECT_AUDIO_QUEUE } from './projects.queues'

/** Scene audio takes (queue type audio=1); run by `work` and `all` processes. */
export async function startProjectsWorkers(platform: Platform): Promise<void> {
  await ensureProjectQueues(platform)
  // Render workers run here too: scenes follow their avatar renders from this process.
  listenToAvatarRenders(platform)
  await platform.queue.work<AudioJobData>(
    PROJECT_AUDIO_QUEUE,
    { pollingIntervalSeconds: 0.5, localConcurrency: 1 },
    async (jobs) => {
      for (const job of jobs) await runAudioJob(platform, job.data, job.signal)
    },
  )
}
