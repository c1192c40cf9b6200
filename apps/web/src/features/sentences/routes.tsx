import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const SENTENCES_ROUTES: AppRoute[] = [
  {
    path: PATHS.adminSentences,
    layout: 'admin',
    guard: 'admin',
    title: 'Sentences',
    nav: { label: 'Sentences', group: 'Content' },
    page: () => import('./admin/sentences-page').then((m) => m.SentencesPage),
  },
]
