// Lazy entry (scripts/web-feature-faces.mjs): other features load this with a dynamic import(), so it stays its own chunk.
export { NotificationBell } from '../components/notification-bell'
