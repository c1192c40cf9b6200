import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

/** The signed-out demo: upload or type a line, pick a background, watch the render. Public pages. */
export const DEMO_ROUTES: AppRoute[] = [
  {
    path: PATHS.demoUpload,
    layout: 'default',
    guard: 'public',
    title: 'Demo: your audio',
    page: () => import('./pages/demo-upload-page').then((m) => m.DemoUploadPage),
  },
  {
    path: PATHS.demoBackground,
    layout: 'default',
    guard: 'public',
    title: 'Demo: background',
    page: () => import('./pages/demo-background-page').then((m) => m.DemoBackgroundPage),
  },
  {
    path: PATHS.demoResult,
    layout: 'default',
    guard: 'public',
    title: 'Demo: your video',
    page: () => import('./pages/demo-result-page').then((m) => m.DemoResultPage),
  },
]
