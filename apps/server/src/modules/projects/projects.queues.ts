import type { Platform } from '../../platform/context'

/** Scene audio takes (queue type audio=1): sent by `audio/project-audio.service.ts`, worked in `projects.jobs.ts`. */
export const PROJECT_AUDIO_QUEUE = 'projects.audio'

export async function ensureProjectQueues(platform: Pick<Platform, 'queue'>): Promise<void> {
  await platform.queue.ensure(PROJECT_AUDIO_QUEUE, { retryLimit: 1, retryDelay: 1, expireInSeconds: 600 })
}
