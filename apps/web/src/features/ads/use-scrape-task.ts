import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ScrapeTask } from '@mouthpiece/contracts/ads/scraper.schemas'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { subscribe } from '../../lib/socket'
import { adsKeys, scrapeTaskQuery } from './api'

/**
 * Follows a scrape task: live over the user's socket (`ad-project-event`, type "scrape"), with a
 * slow poll as the fallback while it runs (a socket may be reconnecting).
 */
export function useScrapeTask(id: string | null) {
  const client = useQueryClient()
  const query = useQuery({
    ...scrapeTaskQuery(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (q) =>
      q.state.data && ['completed', 'failed'].includes(q.state.data.task.status) ? false : 1500,
  })
  useEffect(() => {
    if (!id) return
    return subscribe(RealtimeEvent.adProject, (payload) => {
      const task = (payload as { type?: string; task?: ScrapeTask }).task
      if ((payload as { type?: string }).type !== 'scrape' || task?.id !== id) return
      client.setQueryData(adsKeys.task(id), (old: { task: ScrapeTask; status: 1 } | undefined) =>
        old ? { ...old, task } : { status: 1 as const, task },
      )
    })
  }, [id, client])
  return query.data?.task ?? null
}
