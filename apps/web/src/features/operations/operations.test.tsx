import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { healthCheck } from '@mouthpiece/contracts/system/system.contract'
import { fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { HealthCheckPage } from './pages/health-check-page'

const KEY = `GET ${healthCheck.path}`

describe('status page (/health-check)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the overall state and each service with its response time', async () => {
    fakeFetch({
      [KEY]: () => ({
        body: {
          overall: 'degraded',
          checked_at: '2026-03-01T10:00:00.000Z',
          checks: [
            { name: 'database', status: 'ok', ms: 3, detail: 'PostgreSQL 16' },
            { name: 'mail', status: 'down', ms: 2001, detail: 'SMTP did not answer' },
          ],
        },
      }),
    })
    renderAt(<HealthCheckPage />, '/health-check')
    expect(await screen.findByTestId('health-headline')).toHaveTextContent('Some systems are degraded')
    const [database, mail] = screen.getAllByRole('listitem')
    expect(within(database!).getByText('Database')).toBeInTheDocument()
    expect(within(database!).getByText('Operational')).toBeInTheDocument()
    expect(within(database!).getByText('3 ms')).toBeInTheDocument()
    expect(within(mail!).getByText('Mail')).toBeInTheDocument()
    expect(within(mail!).getByText('Down')).toBeInTheDocument()
    expect(within(mail!).getByText('SMTP did not answer')).toBeInTheDocument()
  })

  it('says when the status cannot be read, and reads it again on Try again', async () => {
    let up = false
    fakeFetch({
      [KEY]: () =>
        up
          ? { body: { overall: 'ok', checked_at: '2026-03-01T10:00:00.000Z', checks: [] } }
          : { status: 500, body: { message: 'Gateway timeout', code: 'internal' } },
    })
    renderAt(<HealthCheckPage />, '/health-check')
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 })
    expect(alert).toHaveTextContent('The status could not be read')
    expect(alert).toHaveTextContent('Gateway timeout')
    up = true
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('health-headline')).toHaveTextContent('All systems operational')
  })
})
