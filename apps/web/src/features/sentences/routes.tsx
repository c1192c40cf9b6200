import type { FeatureRoute } from '../landing/routes'

export const sentencesRoutes: FeatureRoute[] = [
  { path: '/admin/sentences', page: () => import('./admin/sentences-page').then((m) => m.SentencesPage), layout: 'admin', auth: 'admin', title: 'Sentences' },
]
