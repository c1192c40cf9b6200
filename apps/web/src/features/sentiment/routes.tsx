import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const SENTIMENT_ROUTES: AppRoute[] = [
  {
    path: PATHS.sentiment,
    layout: 'client',
    guard: 'user',
    calls: () =>
      import('@mouthpiece/contracts/sentiment/sentiment.contract').then((m) => [m.searchVideo, m.analyze]),
    title: 'Sentiment',
    page: () => import('./pages/sentiment-page').then((m) => m.SentimentPage),
  },
  {
    path: PATHS.adminSentiment,
    layout: 'admin',
    guard: 'admin',
    title: 'Sentiment',
    nav: { label: 'Sentiment', group: 'Insights' },
    page: () => import('./admin/sentiment-admin-page').then((m) => m.SentimentAdminPage),
  },
  {
    path: PATHS.adminSentimentItem,
    layout: 'admin',
    guard: 'admin',
    title: 'Sentiment result',
    page: () => import('./admin/sentiment-result-page').then((m) => m.SentimentResultAdminPage),
  },
]
