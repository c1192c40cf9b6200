import { queryOptions } from '@tanstack/react-query'
import { NOTIFICATION_PAGE_SIZE } from '@mouthpiece/contracts/constants'
import {
  listNotifications,
  updateNotificationStatus,
} from '@mouthpiece/contracts/notifications/notifications.contract'
import type { NotificationList } from '@mouthpiece/contracts/notifications/notifications.schemas'
import { api, request } from '../../lib/api'
import type { ApiResult } from '../../lib/api-result'
import { initialFeed, withPage } from './notification-feed'
import type { FeedState } from './notification-feed'

export const notificationKeys = {
  all: ['notifications'] as const,
  /** One feed per user, so a different sign-in in the same tab never sees the last user's list. */
  feed: (userId: number) => ['notifications', 'feed', userId] as const,
}

/** One page of the list (SPEC §7 `{limit, page}`), newest first. */
export function fetchNotificationPage(
  page: number,
  signal?: AbortSignal,
): Promise<ApiResult<NotificationList>> {
  return api(listNotifications, { query: { limit: NOTIFICATION_PAGE_SIZE, page }, signal })
}

/**
 * The feed starts at page 1 (SPEC §9). It lives in the query cache so the header can re-mount on
 * navigation without refetching; real-time events and later pages update it in place.
 */
export const notificationFeedQuery = (userId: number) =>
  queryOptions({
    queryKey: notificationKeys.feed(userId),
    queryFn: async ({ signal }): Promise<FeedState> => {
      const answer = await request(listNotifications, {
        query: { limit: NOTIFICATION_PAGE_SIZE, page: 1 },
        signal,
      })
      return withPage(initialFeed(), 1, answer)
    },
    staleTime: Number.POSITIVE_INFINITY,
  })

/** SPEC §7 "notification status update (sends the notification)": marks it seen. */
export function markNotificationSeen(id: number) {
  return api(updateNotificationStatus, { body: { notification: id } })
}
