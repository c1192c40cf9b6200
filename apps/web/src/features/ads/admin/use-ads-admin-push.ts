import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { onConnectionChange, subscribe } from '../../../lib/socket'

/**
 * While a task runs, its moves arrive on the admins' socket (`ad-project-event`); this slow poll
 * only covers a socket that was lost meanwhile.
 */
export const ADMIN_FALLBACK_POLL_MS = 10_000

/**
 * Reads a back-office ads list again whenever the admins' socket says one of its rows moved
 * (`type`: "scrape", "image-search"…), and after a reconnect, as moves may have been missed.
 */
export function useAdsAdminPush(type: string, queryKey: readonly unknown[]) {
  const client = useQueryClient()
  const key = JSON.stringify(queryKey)
  useEffect(() => {
    const queryKey = JSON.parse(key) as unknown[]
    const off = subscribe(RealtimeEvent.adProject, (payload) => {
      if (payload.type === type) void client.invalidateQueries({ queryKey })
    })
    const offConnection = onConnectionChange((connected) => {
      if (connected) void client.invalidateQueries({ queryKey })
    })
    return () => {
      off()
      offConnection()
    }
  }, [client, type, key])
}
