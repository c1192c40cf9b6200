import type { UserRoute } from '../../app/route-table'
import { PATHS } from '../../app/paths'

/** Pages of the avatars feature, in the route table's shape (give the FEATURE_ROUTES line its `page`). */
export const AVATARS_ROUTES: Array<Pick<UserRoute, 'path' | 'layout' | 'guard' | 'page' | 'title'>> = [
  { path: PATHS.avatarEditor, layout: 'client', guard: 'user', title: 'Avatar editor', page: () => import('./pages/avatar-editor-page').then((m) => m.AvatarEditorPage) },
]
