import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

/** /video-sharing is an exempt 'user' route (share links play signed out). */
export const RENDERS_ROUTES: AppRoute[] = [
  {
    path: PATHS.videoSharing,
    layout: 'default',
    guard: 'user',
    title: 'Shared video',
    page: () => import('./pages/video-sharing-page').then((m) => m.VideoSharingPage),
  },
  {
    path: PATHS.videoResult,
    layout: 'client',
    guard: 'user',
    title: 'Video result',
    page: () => import('./pages/video-result-page').then((m) => m.VideoResultPage),
  },
  {
    path: PATHS.videoResultLog,
    layout: 'client',
    guard: 'user',
    title: 'Render log',
    page: () => import('./pages/video-result-log-page').then((m) => m.VideoResultLogPage),
  },
]
