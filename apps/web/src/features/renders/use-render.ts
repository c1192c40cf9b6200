import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { subscribe } from '../../lib/socket'
import { getUserToken } from '../../lib/session'
import { renderQuery, rendersKeys } from './api'

/**
 * Follows one render: polls it while it moves and, for a signed-in owner, also listens on the
 * tab's shared socket (the user's room) so every state change shows at once. Signed-out visitors
 * poll only (sockets admit signed-in users).
 */
export function useRender(id: string | undefined) {
  const client = useQueryClient()
  const query = useQuery({ ...renderQuery(id ?? ''), enabled: Boolean(id) })
  const open = query.data ? query.data.render.status <= 2 : Boolean(id)

  useEffect(() => {
    if (!id || !open || !getUserToken()) return
    const onEvent = (payload: Record<string, unknown>) => {
      const render = payload.render as Render | undefined
      if (render?.id !== id) return
      client.setQueryData(rendersKeys.one(id), (old: { render: Render; status: 1 } | undefined) =>
        old ? { ...old, render } : old,
      )
    }
    const offFinal = subscribe(RealtimeEvent.finalVideo, onEvent)
    const offDemo = subscribe(RealtimeEvent.demo, onEvent)
    return () => {
      offFinal()
      offDemo()
    }
  }, [id, open, client])

  return query
}
