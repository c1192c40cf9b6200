/**
 * The public face of the overlay feature: other features and the app shell import it only from
 * here (scripts/check-web-boundaries.mjs, run by `npm run lint`). Its pages are reached through
 * routes.tsx, which app/route-table.ts imports so that they stay lazily loaded.
 */
export { AlertCard } from './alert-card'
export { KIND_LABELS } from './alert-text'
export { animationFor, castFor } from './avatar-timeline'
export { SpeakingAvatar } from './speaking-avatar'
/** Loads overlay-page on demand: its code stays in its own chunk until a page needs it. */
export const loadOverlayPage = () => import('./lazy/overlay-page')
