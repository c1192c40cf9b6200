/**
 * The public face of the quick-create feature: other features and the app shell import it only from
 * here (scripts/check-web-boundaries.mjs, run by `npm run lint`). Its pages are reached through
 * routes.tsx, which app/route-table.ts imports so that they stay lazily loaded.
 */
export {}
/** Loads quick-create on demand: its code stays in its own chunk until a page needs it. */
export const loadQuickCreate = () => import('./lazy/quick-create')
