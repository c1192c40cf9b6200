import type { Platform } from '../../platform/context'
import { listenToEventVideos } from './delivery.service'

/** The booth has no queue of its own: its attendees follow the render jobs from where those run. */
export async function startConferenceEventsWorkers(platform: Platform): Promise<void> {
  listenToEventVideos(platform)
}
