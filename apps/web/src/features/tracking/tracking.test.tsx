import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminAnalysisEvents, adminUsageData } from '@mouthpiece/contracts/tracking/tracking.contract'
import { eventsOf } from '@mouthpiece/contracts/tracking/tracking.schemas'
import type { CustomerSummary } from '@mouthpiece/contracts/tracking/tracking.schemas'
import { fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { CustomerSummariesPage } from './admin/customer-summaries-page'

const [first] = eventsOf('usage')
const customer = (patch: Partial<CustomerSummary>): CustomerSummary => ({
  id: '7',
  kind: 'user',
  user: { id: 7, username: 'streamer', email: 'streamer@example.com' },
  counts: { [String(first!.code)]: 4 },
  total: 4,
  first_at: '2026-03-01T10:00:00.000Z',
  last_at: '2026-03-02T10:00:00.000Z',
  ...patch,
})

describe('usage data (/admin/usage-data)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists customers with their event counts, sorts on the server and opens one', async () => {
    const server = fakeFetch({
      [`GET ${adminAnalysisEvents.path}`]: () => ({
        body: {
          events: [
            { category: 'usage', code: first!.code, name: first!.name, label: first!.label, total: 4 },
          ],
        },
      }),
      [`GET ${adminUsageData.path}`]: () => ({
        body: {
          list: [
            customer({}),
            customer({ id: 'abcdef12-3456', kind: 'anonymous', user: null, counts: {}, total: 0 }),
          ],
          total: 2,
          lastPage: 1,
        },
      }),
    })
    renderAt(<CustomerSummariesPage category="usage" />, '/admin/usage-data', [
      { path: '/admin/usage-data/:id', element: <p>customer page</p> },
    ])
    expect(await screen.findByText('streamer@example.com')).toBeInTheDocument()
    expect(screen.getByText('2 customers')).toBeInTheDocument()
    expect(screen.getByText('Anonymous visitor')).toBeInTheDocument()
    expect(screen.getByText('abcdef12')).toBeInTheDocument()
    expect(screen.getByText(`${first!.label} · 4`)).toBeInTheDocument()

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'total')
    await vi.waitFor(() =>
      expect(
        server.calls.filter((c) => c.path === adminUsageData.path).map((c) => c.query.get('sort')),
      ).toEqual(['recent', 'total']),
    )

    await userEvent.click(screen.getByText('streamer'))
    expect(await screen.findByText('customer page')).toBeInTheDocument()
  })

  it('says so when nothing was recorded yet', async () => {
    fakeFetch({
      [`GET ${adminAnalysisEvents.path}`]: () => ({ body: { events: [] } }),
      [`GET ${adminUsageData.path}`]: () => ({ body: { list: [], total: 0, lastPage: 1 } }),
    })
    renderAt(<CustomerSummariesPage category="usage" />, '/admin/usage-data')
    expect(await screen.findByText('No events recorded yet.')).toBeInTheDocument()
  })
})
