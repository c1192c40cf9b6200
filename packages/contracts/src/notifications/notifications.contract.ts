import { z } from 'zod'
import { defineRoute } from '../define-route'
import { NOTIFICATION_PAGE_SIZE } from '../constants'
import { boundedText } from '../ids'
import { PageNumber as Page } from '../users/users.schemas'
import { Notification, NotificationId, NotificationList } from './notifications.schemas'

/** SPEC §7 "notifications list {limit, page}"; SPEC §3 also names the page `currentPage`. Newest first. */
export const listNotifications = defineRoute({
  method: 'GET',
  path: '/api/notifications',
  auth: 'user',
  summary: "The signed-in user's notifications, newest first",
  query: z.object({
    limit: boundedText(1, 100, 'limit must be between 1 and 100').default(NOTIFICATION_PAGE_SIZE),
    page: Page.optional(),
    currentPage: Page.optional(),
  }),
  response: NotificationList,
})

/**
 * SPEC §7 "notification status update (sends the notification)": marks it seen. The client may send
 * the notification object it holds or just its id.
 */
export const updateNotificationStatus = defineRoute({
  method: 'POST',
  path: '/api/notifications/update-status',
  auth: 'user',
  summary: 'Mark one of your notifications seen',
  body: z.object({
    notification: z.union([NotificationId, z.object({ id: NotificationId })]),
  }),
  response: z.object({ notification: Notification, quantity_unseen_notification: z.number().int() }),
})
