import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

/** SPEC §7 "Conference event": the kiosk (full screen, public) and its admin screen. */
export const CONFERENCE_EVENTS_ROUTES: AppRoute[] = [
  {
    path: PATHS.twitchconItem,
    layout: 'empty',
    guard: 'public',
    title: 'TwitchCon booth',
    page: () => import('./kiosk/kiosk-page').then((m) => m.KioskPage),
  },
  {
    path: PATHS.adminTwitchCon,
    layout: 'admin',
    guard: 'admin',
    title: 'TwitchCon booth',
    nav: { label: 'TwitchCon booth', group: 'Content' },
    page: () => import('./admin/twitch-con-page').then((m) => m.TwitchConPage),
  },
]
