/** The public face of modules/notifications/testing: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { createNotificationsService } from '../notifications.service'
