import { z } from 'zod'
import { defineId } from '../ids'

/** SPEC §3: a notification's type is a number from 1 to 8 (each links to the billing page). */
export const NotificationType = z.number().int().min(1).max(8)
export type NotificationType = z.infer<typeof NotificationType>
export const NotificationId = defineId('Invalid notification id').json

/** SPEC §3 "Notification". `timeSinceCreated` is display-only and computed by the client. */
export const Notification = z.object({
  id: z.number().int(),
  content: z.string(),
  type: NotificationType,
  seen: z.boolean(),
  /** Unix seconds. */
  time_created: z.number().int(),
})
export type Notification = z.infer<typeof Notification>

/** SPEC §3 "Notification list response". */
export const NotificationList = z.object({
  notifications: z.array(Notification),
  total_pages: z.number().int(),
  quantity_unseen_notification: z.number().int(),
})
export type NotificationList = z.infer<typeof NotificationList>

/** What other modules pass to create one; content is kept short enough to travel as one event. */
export const NewNotification = z.object({
  content: z.string().trim().min(1).max(2000),
  type: NotificationType,
})
export type NewNotification = z.infer<typeof NewNotification>
