import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

/** Admin screens over other features' data (projects, final videos, onboarding, profanity filter, events). */
export const BACKOFFICE_ROUTES: AppRoute[] = [
  {
    path: PATHS.adminProjects,
    layout: 'admin',
    guard: 'admin',
    title: 'Projects',
    nav: { label: 'Projects', group: 'Content' },
    page: () => import('./pages/projects-page').then((m) => m.ProjectsAdminPage),
  },
  {
    path: PATHS.adminFinalVideos,
    layout: 'admin',
    guard: 'admin',
    title: 'Final videos',
    nav: { label: 'Final videos', group: 'Content' },
    page: () => import('./pages/final-videos-page').then((m) => m.FinalVideosPage),
  },
  {
    path: PATHS.adminOnboarding,
    layout: 'admin',
    guard: 'admin',
    title: 'Onboarding',
    nav: { label: 'Onboarding', group: 'People' },
    page: () => import('./pages/onboarding-page').then((m) => m.OnboardingPage),
  },
  {
    path: PATHS.adminEvents,
    layout: 'admin',
    guard: 'admin',
    title: 'Events',
    nav: { label: 'Events', group: 'Insights' },
    page: () => import('./pages/events-page').then((m) => m.EventsPage),
  },
  {
    path: PATHS.adminProfanityFilter,
    layout: 'admin',
    guard: 'admin',
    title: 'Profanity filter',
    nav: { label: 'Profanity filter', group: 'Alerts' },
    page: () => import('./pages/profanity-filter-page').then((m) => m.ProfanityFilterPage),
  },
]
