import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

/** /video-sharing is an exempt 'user' route (share links play signed out); the demo pages are public. */
export const RENDERS_ROUTES: AppRoute[] = [
  { path: PATHS.videoSharing, layout: 'default', guard: 'user', title: 'Shared video', page: () => import('./pages/video-sharing-page').then((m) => m.VideoSharingPage) },
  { path: PATHS.videoResult, layout: 'client', guard: 'user', title: 'Video result', page: () => import('./pages/video-result-page').then((m) => m.VideoResultPage) },
  { path: PATHS.videoResultLog, layout: 'client', guard: 'user', title: 'Render log', page: () => import('./pages/video-result-log-page').then((m) => m.VideoResultLogPage) },
  { path: PATHS.demoUpload, layout: 'default', guard: 'public', title: 'Demo: your audio', page: () => import('./pages/demo-upload-page').then((m) => m.DemoUploadPage) },
  { path: PATHS.demoBackground, layout: 'default', guard: 'public', title: 'Demo: background', page: () => import('./pages/demo-background-page').then((m) => m.DemoBackgroundPage) },
  { path: PATHS.demoResult, layout: 'default', guard: 'public', title: 'Demo: your video', page: () => import('./pages/demo-result-page').then((m) => m.DemoResultPage) },
]
