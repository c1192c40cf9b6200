import {
  listNotifications,
  updateNotificationStatus,
} from '@mouthpiece/contracts/notifications/notifications.contract'
import type { HttpContext } from '../../platform/context'
import { createNotificationsService } from './notifications.service'

export function registerNotificationsRoutes(ctx: HttpContext) {
  const { route } = ctx
  const notifications = createNotificationsService(ctx)

  route(listNotifications, async ({ actor, query }) =>
    notifications.list(actor.user.id, { limit: query.limit, page: query.page ?? query.currentPage ?? 1 }),
  )

  route(updateNotificationStatus, async ({ actor, body }) => {
    const id = typeof body.notification === 'number' ? body.notification : body.notification.id
    return notifications.markSeen(actor.user.id, id)
  })
}
