/**
 * The public face of the renders feature: other features and the app shell import it only from
 * here (scripts/check-web-boundaries.mjs, run by `npm run lint`). Its pages are reached through
 * routes.tsx, which app/route-table.ts imports so that they stay lazily loaded.
 */
export { fileUrl, isOpen, useCancelRender, useStartAudio, useStartDemoVideo, useStartVideo } from './api'
export { RenderPlayer } from './components/render-player'
export { RenderProgress } from './components/render-progress'
export type { ProgressView } from './components/render-progress'
export { ShareActions } from './components/share-actions'
export { useRender } from './use-render'
