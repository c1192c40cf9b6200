import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminFigures } from '@mouthpiece/contracts/operations/dashboard.contract'
import { PATHS } from '../../app/paths'
import { fakeFetch, sampleUser } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { AdminDashboardPage } from './pages/admin-dashboard-page'

const figures: AdminFigures = {
  users: { total: 1204, today: 3, disabled: 2 },
  renders: { today: 40, queued: 1, rendering: 2, failed_24h: 1 },
  alerts: { spoken_today: 95, failed_24h: 0 },
  revenue: { today_cents: 5900, last_30_days_cents: 145000 },
  bulk_actions_running: 0,
  workers: { desired: 2, running: 2 },
  generated_at: '2026-03-01T10:00:00.000Z',
}
const statLink = (label: string) => screen.getByText(label).closest('a')!

describe('admin dashboard (/admin)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the live figures, each linking to the list behind it, and the newest users', async () => {
    fakeFetch({
      'GET /api/admin/dashboard': () => ({ body: figures }),
      'GET /api/admin/users': () => ({
        body: { list: [sampleUser], total: 1, total_capped: false, lastPage: 1, page: 1, per_page: 20 },
      }),
      'GET /api/admin/outbox': () => ({ body: { list: [], total: 3, lastPage: 1 } }),
      'GET /api/health': () => ({ body: { status: 'ok', db: 'pglite', version: '1.2.3' } }),
    })
    renderAt(<AdminDashboardPage />, PATHS.admin)
    expect(await screen.findByText((1204).toLocaleString())).toBeInTheDocument()
    expect(statLink('Users')).toHaveAttribute('href', PATHS.adminUsers)
    expect(statLink('Users')).toHaveTextContent('+3 today · 2 disabled')
    expect(statLink('Failed jobs · 24 h')).toHaveTextContent('1 renders · 0 alerts')
    expect(statLink('Render workers')).toHaveTextContent('2 / 2')
    expect(statLink('Revenue today')).toHaveTextContent(
      (59).toLocaleString(undefined, { style: 'currency', currency: 'USD' }),
    )
    expect(await screen.findByText('Embedded PGlite · v1.2.3')).toBeInTheDocument()
    expect(statLink('Mails in outbox')).toHaveTextContent('3')
    expect(await screen.findByRole('link', { name: /streamer/ })).toHaveTextContent('streamer@example.com')
  })

  it('a figure source that fails shows Unavailable, the rest still shows', async () => {
    fakeFetch({
      'GET /api/admin/dashboard': () => ({
        status: 500,
        body: { message: 'Database busy', code: 'internal' },
      }),
      'GET /api/admin/users': () => ({
        body: { list: [], total: 0, total_capped: false, lastPage: 1, page: 1, per_page: 20 },
      }),
      'GET /api/admin/outbox': () => ({ body: { list: [], total: 0, lastPage: 1 } }),
      'GET /api/health': () => ({ body: { status: 'ok', db: 'postgres', version: '1.2.3' } }),
    })
    renderAt(<AdminDashboardPage />, PATHS.admin)
    await vi.waitFor(() => expect(statLink('Users')).toHaveTextContent('Unavailable'), { timeout: 4000 })
    expect(statLink('Renders today')).toHaveTextContent('Unavailable')
    expect(screen.getByText('PostgreSQL · v1.2.3')).toBeInTheDocument()
    expect(screen.getByText('No users yet.')).toBeInTheDocument()
  })
})
