/**
 * The public face of the ads feature: other features and the app shell import it only from
 * here (scripts/check-web-boundaries.mjs, run by `npm run lint`). Its pages are reached through
 * routes.tsx, which app/route-table.ts imports so that they stay lazily loaded.
 */
export {}
/** Loads ad-projects-tab on demand: its code stays in its own chunk until a page needs it. */
export const loadAdProjectsTab = () => import('./lazy/ad-projects-tab')
/** Loads ad-project-page on demand: its code stays in its own chunk until a page needs it. */
export const loadAdProjectPage = () => import('./lazy/ad-project-page')
