/**
 * The public face of the early-registers feature: other features and the app shell import it only from
 * here (scripts/check-web-boundaries.mjs, run by `npm run lint`). Its pages are reached through
 * routes.tsx, which app/route-table.ts imports so that they stay lazily loaded.
 */
export { SurveyIconView } from './components/survey-icon'
/** Loads early-access-survey on demand: its code stays in its own chunk until a page needs it. */
export const loadEarlyAccessSurvey = () => import('./lazy/early-access-survey')
