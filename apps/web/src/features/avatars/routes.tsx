import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const AVATARS_ROUTES: AppRoute[] = [
  {
    path: PATHS.avatarEditor,
    layout: 'client',
    guard: 'user',
    calls: () =>
      import('@mouthpiece/contracts/avatars/avatars.contract').then((m) => [m.generateCustomAvatar]),
    title: 'Avatar editor',
    page: () => import('./pages/avatar-editor-page').then((m) => m.AvatarEditorPage),
  },
]
