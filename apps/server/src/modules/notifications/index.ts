/** The public face of modules/notifications: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { registerNotificationsRoutes } from './notifications.routes'
export { createNotificationsService } from './notifications.service'
export type { NotificationsService } from './notifications.service'
