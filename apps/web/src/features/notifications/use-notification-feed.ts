import { useCallback, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { isSuccess } from '../../lib/api'
import { useSocketRefresh } from '../../lib/use-socket-refresh'
import { fetchNotificationPage, markNotificationSeen, notificationFeedQuery, notificationKeys } from './api'
import { hasMore, nextPage, withPage, withReceived, withSeen } from './notification-feed'
import type { FeedState } from './notification-feed'

export interface MoreState {
  loading: boolean
  error: string | null
}

/**
 * The signed-in user's notifications: the first page on mount, later pages on demand, real-time
 * arrivals on top, and the seen update. Everything it changes goes through the pure feed functions.
 */
export function useNotificationFeed(userId: number) {
  const client = useQueryClient()
  const query = useQuery(notificationFeedQuery(userId))
  const [more, setMore] = useState<MoreState>({ loading: false, error: null })
  const loadingPage = useRef(false)

  const update = useCallback(
    (change: (s: FeedState) => FeedState) =>
      client.setQueryData<FeedState>(notificationKeys.feed(userId), (s) => (s ? change(s) : s)),
    [client, userId],
  )

  // Whatever happened while the socket was down (or before it first came up) is fetched afresh.
  useSocketRefresh(
    RealtimeEvent.receiveNotification,
    notificationKeys.feed(userId),
    ({ newNotification }) => {
      const feedKey = notificationKeys.feed(userId)
      if (client.getQueryData(feedKey)) {
        client.setQueryData<FeedState>(feedKey, (s) => (s ? withReceived(s, newNotification, Date.now()) : s))
        return
      }
      // The first page is still on its way and may predate this one: ask again.
      void client.refetchQueries({ queryKey: feedKey })
    },
  )

  const loadMoreAsync = useCallback(async () => {
    const state = client.getQueryData<FeedState>(notificationKeys.feed(userId))
    const page = state ? nextPage(state) : null
    if (page === null || loadingPage.current) return
    loadingPage.current = true
    setMore({ loading: true, error: null })
    const result = await fetchNotificationPage(page)
    loadingPage.current = false
    if (isSuccess(result)) {
      update((s) => withPage(s, page, result))
      setMore({ loading: false, error: null })
    } else setMore({ loading: false, error: result.message })
  }, [client, update, userId])
  const loadMore = useCallback(() => void loadMoreAsync(), [loadMoreAsync])

  /** Status update, then (status 1 only) seen and the counter drops. Resolves to the failure message, if any. */
  const markSeen = useCallback(
    async (id: number): Promise<string | null> => {
      const result = await markNotificationSeen(id)
      if (!isSuccess(result)) return result.message
      update((s) => withSeen(s, id, result.quantity_unseen_notification))
      return null
    },
    [update],
  )

  const data = query.data
  return {
    feed: data,
    isPending: query.isPending,
    error: query.isError ? query.error.message : null,
    retry: () => void query.refetch(),
    hasMore: data ? hasMore(data) : false,
    more,
    loadMore,
    markSeen,
  }
}
