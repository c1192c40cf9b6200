import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

/** SPEC §2 test pages: small real tools for creators to check avatars, images, alerts and audio. */
export const TEST_PAGES_ROUTES: AppRoute[] = [
  {
    path: PATHS.testGifAvatar,
    layout: 'client',
    guard: 'user',
    title: 'GIF avatar',
    calls: () => import('@mouthpiece/contracts/avatars/gif-avatar.contract').then((m) => [m.makeGifAvatar]),
    page: () => import('./gif-avatar-page').then((m) => m.GifAvatarPage),
  },
  {
    path: PATHS.testImageEditor,
    layout: 'client',
    guard: 'user',
    title: 'Image editor',
    page: () => import('./image-editor-page').then((m) => m.ImageEditorPage),
  },
  {
    path: PATHS.testTwitchAlert,
    layout: 'client',
    guard: 'user',
    title: 'Twitch alert test',
    calls: () =>
      import('@mouthpiece/contracts/donations/donations.contract').then((m) => [m.testAvatarSetupAlert]),
    page: () => import('./twitch-alert-page').then((m) => m.TwitchAlertPage),
  },
  {
    path: PATHS.testWaveForm,
    layout: 'client',
    guard: 'user',
    title: 'Wave form',
    page: () => import('./wave-form-page').then((m) => m.WaveFormPage),
  },
]
