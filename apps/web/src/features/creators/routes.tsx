import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

/** SPEC §2 creator management (admin). */
export const CREATORS_ROUTES: AppRoute[] = [
  {
    path: PATHS.creatorAdd,
    layout: 'admin',
    guard: 'admin',
    title: 'Add creator',
    nav: { label: 'Creators', group: 'Content' },
    page: () => import('./pages/add-creator-page').then((m) => m.AddCreatorPage),
  },
  {
    path: PATHS.creatorAddProcess,
    layout: 'admin',
    guard: 'admin',
    title: 'Processing creator',
    page: () => import('./pages/add-creator-process-page').then((m) => m.AddCreatorProcessPage),
  },
  {
    path: PATHS.creatorList,
    layout: 'admin',
    guard: 'admin',
    title: 'Creators',
    page: () => import('./pages/creators-list-page').then((m) => m.CreatorsListPage),
  },
  {
    path: PATHS.creatorListItem,
    layout: 'admin',
    guard: 'admin',
    title: 'Creator',
    page: () => import('./pages/creator-page').then((m) => m.CreatorPage),
  },
  {
    path: PATHS.creatorListItemVoice,
    layout: 'admin',
    guard: 'admin',
    title: 'Creator voice',
    page: () => import('./pages/creator-page').then((m) => m.CreatorPage),
  },
  {
    path: PATHS.creatorPermission,
    layout: 'admin',
    guard: 'admin',
    title: 'Creator permission',
    page: () => import('./pages/creator-permission-page').then((m) => m.CreatorPermissionPage),
  },
  {
    path: PATHS.creatorDefaultPrompts,
    layout: 'admin',
    guard: 'admin',
    title: 'Default prompts',
    page: () => import('./pages/default-prompts-page').then((m) => m.DefaultPromptsPage),
  },
  {
    path: PATHS.creatorUpdate,
    layout: 'admin',
    guard: 'admin',
    title: 'Update creator',
    page: () => import('./pages/update-creator-page').then((m) => m.UpdateCreatorPage),
  },
]
