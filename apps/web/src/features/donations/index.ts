/**
 * The public face of the donations feature: other features and the app shell import it only from
 * here (scripts/check-web-boundaries.mjs, run by `npm run lint`). Its pages are reached through
 * routes.tsx, which app/route-table.ts imports so that they stay lazily loaded.
 */
export { settingsQuery, setupsQuery, startLink, useConnectableServices, useTestSetupAlert } from './api'
export { AvatarThumb } from './components/avatar-thumb'
export { PanelState, messageOf } from './components/panel-state'
export { TestAlertsPanel } from './components/test-alerts-panel'
