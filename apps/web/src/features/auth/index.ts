/**
 * The public face of the auth feature: other features and the app shell import it only from
 * here (scripts/check-web-boundaries.mjs, run by `npm run lint`). Its pages are reached through
 * routes.tsx, which app/route-table.ts imports so that they stay lazily loaded.
 */
export {
  adminSessionQuery,
  loadCurrentUser,
  useAdminLogout,
  useCurrentUser,
  useLogout,
  useUpdateInfo,
} from './api'
