import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { useSocketRefresh } from '../../../lib/use-socket-refresh'

/**
 * Reads a back-office ads list again whenever the admins' socket says one of its rows moved
 * (`ad-project-event` of `type`: "scrape", "image-search"…), and after a reconnect, as moves may
 * have been missed. While a task runs, the page's slow poll (SOCKET_FALLBACK_POLL_MS) only covers
 * a socket that was lost meanwhile.
 */
export function useAdsAdminPush(type: string, queryKey: readonly unknown[]) {
  useSocketRefresh(RealtimeEvent.adProject, queryKey, (payload, client) => {
    if (payload.type === type) void client.invalidateQueries({ queryKey })
  })
}
