import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const USERS_ROUTES: AppRoute[] = [
  {
    path: PATHS.adminUsers,
    layout: 'admin',
    guard: 'admin',
    title: 'Users',
    nav: { label: 'Users', group: 'People' },
    page: () => import('./admin/users-page').then((m) => m.UsersPage),
  },
  {
    path: PATHS.adminAvatarDataset,
    layout: 'admin',
    guard: 'admin',
    title: 'Avatar dataset',
    nav: { label: 'Avatar dataset', group: 'People' },
    page: () => import('./admin/avatar-dataset-page').then((m) => m.AvatarDatasetPage),
  },
  {
    path: PATHS.adminEditUser,
    layout: 'admin',
    guard: 'admin',
    title: 'Edit user',
    page: () => import('./admin/edit-user-page').then((m) => m.EditUserPage),
  },
]
