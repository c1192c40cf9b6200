import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminSentimentResult } from '@mouthpiece/contracts/sentiment/sentiment.contract'
import { fakeFetch } from '../../test/fake-fetch'
import { renderApp, renderAt } from '../../test/render'
import { SentimentResultAdminPage } from './admin/sentiment-result-page'
import { SentimentResultView } from './components/sentiment-result'

const ID = '3f1c2a9e-1111-4222-8333-444455556666'

describe('sentiment result admin (/admin/sentiment/:id)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('asks the server for that analysis and shows its message when it is gone', async () => {
    const server = fakeFetch({
      [`GET ${adminSentimentResult.path}`]: () => ({
        status: 404,
        body: { message: 'This analysis no longer exists', code: 'not_found' },
      }),
    })
    renderApp(
      [{ path: '/admin/sentiment/:id', element: <SentimentResultAdminPage /> }],
      `/admin/sentiment/${ID}`,
    )
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'This analysis no longer exists',
    )
    expect(server.calls[0]!.query.get('id')).toBe(ID)
    expect(screen.queryByRole('button', { name: 'Save setting' })).not.toBeInTheDocument()
  })
})

const counts = (positive: number, neutral: number, negative: number) => ({ positive, neutral, negative })
const RUN = {
  id: ID,
  user_id: 7,
  query: null,
  video_ids: ['yt:a'],
  snapshot_hash: 'f'.repeat(64),
  engine: 'lexicon' as const,
  prompt: null,
  model: null,
  lexicon_version: 'afinn165+emoji+slang-3e064e22be',
  status: 'completed' as const,
  message: null,
  quota_units: 3,
  progress: null,
  label: 'positive' as const,
  score: 0.4,
  counts: counts(31, 12, 24),
  videos: [
    {
      id: 'yt:a',
      title: 'Cozy farm',
      label: 'positive' as const,
      score: 0.4,
      counts: counts(31, 12, 24),
      note: null,
    },
  ],
  top_positive: [],
  top_negative: [],
  themes: [],
  timeline: ['2026-10-11', '2026-10-12', '2026-10-13'].map((day) => ({
    day,
    ...counts(3, 1, 1),
    score: 0.2,
  })),
  diff: null,
  created_at: '2026-10-15T10:00:00.000Z',
}

describe('a sentiment result as creators and admins read it', () => {
  it('labels per-video counts, dates the timeline axis, offers the CSV and keeps the engine for admins', () => {
    const { unmount } = renderAt(
      <SentimentResultView
        run={RUN}
        comments={[]}
        exportButton={<button type="button">Export CSV</button>}
      />,
      '/sentiment',
    )
    expect(screen.getByTestId('video-counts')).toHaveTextContent('31 positive · 12 neutral · 24 negative')
    expect(screen.queryByText(/\b31\/12\/24\b/)).toBeNull()
    expect(screen.getByTestId('timeline-axis')).toHaveTextContent('Oct 11')
    expect(screen.getByTestId('timeline-axis')).toHaveTextContent('Oct 13')
    expect(screen.getByRole('img', { name: /^Comments by day, Oct 11 to Oct 13/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/afinn|lexicon|engine/)
    unmount()

    renderAt(<SentimentResultView admin run={RUN} comments={[]} />, '/admin/sentiment')
    expect(screen.getByText(/engine lexicon · lexicon afinn165\+emoji\+slang-3e064e22be/)).toBeInTheDocument()
  })
})
