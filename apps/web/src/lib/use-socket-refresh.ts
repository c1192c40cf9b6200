import { useEffect, useEffectEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { RealtimeEventName, RealtimePayloads } from '@mouthpiece/contracts/realtime/events'
import { onConnectionChange, subscribe } from './socket'

/**
 * The slow poll a page keeps beside its pushes (`refetchInterval`, only while something on it runs):
 * it only covers a socket that was lost meanwhile.
 */
export const SOCKET_FALLBACK_POLL_MS = 10_000

/**
 * Follows `event` on this tab's socket: `onEvent` takes each push (filters it, writes it into the
 * cache or reads its queries again), and after every (re)connection the queries under `refreshKey`
 * are read again, as pushes may have been missed while the socket was down.
 */
export function useSocketRefresh<E extends RealtimeEventName>(
  event: E,
  refreshKey: QueryKey,
  onEvent: (payload: RealtimePayloads[E], client: QueryClient) => void,
) {
  const client = useQueryClient()
  // Callers pass a fresh array each render: the effect follows its value, not its identity.
  const key = JSON.stringify(refreshKey)
  const onPush = useEffectEvent((payload: RealtimePayloads[E]) => onEvent(payload, client))
  useEffect(() => {
    const queryKey = JSON.parse(key) as unknown[]
    const off = subscribe(event, (payload) => onPush(payload))
    const offConnection = onConnectionChange((connected) => {
      if (connected) void client.invalidateQueries({ queryKey })
    })
    return () => {
      off()
      offConnection()
    }
  }, [client, event, key])
}
