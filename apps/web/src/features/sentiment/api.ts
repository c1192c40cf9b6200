import { useEffect } from 'react'
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { RUN_OPEN_STATUSES } from '@mouthpiece/contracts/sentiment/sentiment.schemas'
import type { SentimentResult } from '@mouthpiece/contracts/sentiment/sentiment.schemas'
import {
  adminAnalysisBlacklist,
  adminSearchUsers,
  adminSentimentDefault,
  adminSentimentHistory,
  adminSentimentResult,
  adminSlang,
  getSentiment,
  myAnalyses,
} from '@mouthpiece/contracts/sentiment/sentiment.contract'
import { request } from '../../lib/api'
import { subscribe } from '../../lib/socket'

export const sentimentKeys = {
  all: ['sentiment'] as const,
  run: (id: string) => ['sentiment', 'run', id] as const,
  mine: (page: number) => ['sentiment', 'mine', page] as const,
  admin: ['sentiment', 'admin'] as const,
}

export const sentimentRunQuery = (id: string) =>
  queryOptions({
    queryKey: sentimentKeys.run(id),
    queryFn: ({ signal }) => request(getSentiment, { query: { sentiment_id: id }, signal }),
  })
type Result = z.infer<typeof SentimentResult>
export const isOpenRun = (status: Result['run']['status'] | undefined) =>
  !!status && RUN_OPEN_STATUSES.includes(status)
/** Polling while a run is open: the fallback when the socket is down (the socket makes it move at once). */
const POLL_MS = 2000

/**
 * Follows one analysis: its progress arrives on the user's socket (`sentiment-event`) and is also
 * polled while the run is queued or running; once it ends, the result is fetched with its comments.
 */
export function useSentimentRun(id: string | null) {
  const client = useQueryClient()
  const query = useQuery({
    ...sentimentRunQuery(id ?? ''),
    enabled: !!id,
    refetchInterval: (q) => (isOpenRun(q.state.data?.run.status) ? POLL_MS : false),
  })
  const open = isOpenRun(query.data?.run.status) || query.isPending
  useEffect(() => {
    if (!id || !open) return
    return subscribe(RealtimeEvent.sentiment, (event) => {
      if (event.sentiment_id !== id) return
      if (isOpenRun(event.status))
        client.setQueryData(sentimentKeys.run(id), (old: Result | undefined) =>
          old ? { ...old, run: { ...old.run, status: event.status, progress: event.progress } } : old,
        )
      else {
        void client.invalidateQueries({ queryKey: sentimentKeys.run(id) })
        void client.invalidateQueries({ queryKey: ['sentiment', 'mine'] })
      }
    })
  }, [id, open, client])
  return query
}

export const myAnalysesQuery = (page: number) =>
  queryOptions({
    queryKey: sentimentKeys.mine(page),
    queryFn: ({ signal }) => request(myAnalyses, { query: { page, limit: 5 }, signal }),
    placeholderData: keepPreviousData,
  })

export const adminDefaultQuery = queryOptions({
  queryKey: [...sentimentKeys.admin, 'default'],
  queryFn: ({ signal }) => request(adminSentimentDefault, { signal }),
})
export const adminSlangQuery = queryOptions({
  queryKey: [...sentimentKeys.admin, 'slang'],
  queryFn: ({ signal }) => request(adminSlang, { signal }),
})
export const adminBlacklistQuery = queryOptions({
  queryKey: [...sentimentKeys.admin, 'blacklist'],
  queryFn: ({ signal }) => request(adminAnalysisBlacklist, { signal }),
})
export const adminUserSearchQuery = (search: string) =>
  queryOptions({
    queryKey: [...sentimentKeys.admin, 'users', search],
    queryFn: ({ signal }) => request(adminSearchUsers, { query: { search }, signal }),
    enabled: search.length > 1,
  })
export const adminHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: [...sentimentKeys.admin, 'history', page],
    queryFn: ({ signal }) => request(adminSentimentHistory, { query: { page, limit: 20 }, signal }),
    placeholderData: keepPreviousData,
  })
export const adminResultQuery = (id: string) =>
  queryOptions({
    queryKey: [...sentimentKeys.admin, 'result', id],
    queryFn: ({ signal }) => request(adminSentimentResult, { query: { id }, signal }),
  })
