import type { UserRoute } from '../../app/route-table'
import { PATHS } from '../../app/paths'

/**
 * Pages of the renders feature, in the route table's shape (app/route-table.ts FEATURE_ROUTES):
 * give each matching FEATURE_ROUTES line its `page`. /video-sharing stays an exempt 'user' route
 * there (it opens signed out), the demo pages are public.
 */
export const RENDERS_ROUTES: Array<Pick<UserRoute, 'path' | 'layout' | 'guard' | 'page' | 'title'>> = [
  { path: PATHS.videoSharing, layout: 'default', guard: 'user', title: 'Shared video', page: () => import('./pages/video-sharing-page').then((m) => m.VideoSharingPage) },
  { path: PATHS.videoResult, layout: 'client', guard: 'user', title: 'Video result', page: () => import('./pages/video-result-page').then((m) => m.VideoResultPage) },
  { path: PATHS.videoResultLog, layout: 'client', guard: 'user', title: 'Render log', page: () => import('./pages/video-result-log-page').then((m) => m.VideoResultLogPage) },
  { path: PATHS.demoUpload, layout: 'default', guard: 'public', title: 'Demo: your audio', page: () => import('./pages/demo-upload-page').then((m) => m.DemoUploadPage) },
  { path: PATHS.demoBackground, layout: 'default', guard: 'public', title: 'Demo: background', page: () => import('./pages/demo-background-page').then((m) => m.DemoBackgroundPage) },
  { path: PATHS.demoResult, layout: 'default', guard: 'public', title: 'Demo: your video', page: () => import('./pages/demo-result-page').then((m) => m.DemoResultPage) },
]
