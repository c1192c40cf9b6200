import { NewNotification } from '@mouthpiece/contracts/notifications/notifications.schemas'
import type {
  Notification,
  NotificationList,
} from '@mouthpiece/contracts/notifications/notifications.schemas'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import type { Platform } from '../../platform/context'
import type { Queryable } from '../../platform/db/client'
import { notFound } from '../../platform/http/errors'
import { countFor, insertNotification, listPage, markSeen } from './notifications.repo'
import type { NotificationView } from './notifications.repo'

export interface NotificationsService {
  /**
   * Records a notification for a user and pushes `receive-notification-event` to their sockets.
   * With `tx`, both belong to that transaction: the push leaves on commit, and a rollback leaves
   * neither row nor push.
   */
  notify(userId: number, input: NewNotification, opts?: { tx?: Queryable }): Promise<Notification>
  list(userId: number, page: { limit: number; page: number }): Promise<NotificationList>
  /** Marks one of the user's own notifications seen; 404 for anyone else's. */
  markSeen(
    userId: number,
    notificationId: number,
  ): Promise<{ notification: Notification; quantity_unseen_notification: number }>
}

/** The one way modules (renders, payments, tips…) tell a user something. */
export function createNotificationsService({
  db,
  realtime,
}: Pick<Platform, 'db' | 'realtime'>): NotificationsService {
  return {
    async notify(userId, input, opts = {}) {
      const { content, type } = NewNotification.parse(input)
      const q = opts.tx ?? db
      const notification = present(await insertNotification(q, { user_id: userId, content, type }))
      await realtime.emitToUser(
        userId,
        RealtimeEvent.receiveNotification,
        { newNotification: notification },
        { tx: q },
      )
      return notification
    },
    async list(userId, { limit, page }) {
      const { rows, ...counts } = await listPage(db, userId, limit, (page - 1) * limit)
      return {
        notifications: rows.map(present),
        total_pages: Math.ceil(counts.total / limit),
        quantity_unseen_notification: counts.unseen,
      }
    },
    async markSeen(userId, notificationId) {
      const row = await markSeen(db, userId, notificationId)
      if (!row) throw notFound('Notification')
      const { unseen } = await countFor(db, userId)
      return { notification: present(row), quantity_unseen_notification: unseen }
    },
  }
}

function present(row: NotificationView): Notification {
  return { id: row.id, content: row.content, type: row.type, seen: row.seen, time_created: row.time_created }
}
