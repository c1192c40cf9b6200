import type { Platform } from '../../platform/context'

/** Processing an added creator (face, photo avatar, voice profile): declared by the sender and the worker. */
export const CREATOR_QUEUE = 'avatars.creator-dataset'

export async function ensureCreatorQueues(platform: Pick<Platform, 'queue'>): Promise<void> {
  await platform.queue.ensure(CREATOR_QUEUE, {
    retryLimit: 1,
    retryDelay: 2,
    expireInSeconds: 600,
    heartbeatSeconds: 15,
  })
}
