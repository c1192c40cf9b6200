import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PATHS } from '../../app/paths'
import { fakeFetch } from '../../test/fake-fetch'
import { renderApp } from '../../test/render'
import { OutboxMailPage } from './admin/outbox-mail-page'
import { OutboxPage } from './admin/outbox-page'

const reset = {
  id: 'm1',
  to: 'ada@example.com',
  subject: 'Reset your password',
  created_at: '2026-03-01T10:00:00.000Z',
}
const routes = [
  { path: PATHS.adminOutbox, element: <OutboxPage /> },
  { path: PATHS.adminOutboxMail, element: <OutboxMailPage /> },
]

describe('mail outbox (/admin/outbox)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists the sent mails and opens one with its links clickable', async () => {
    fakeFetch({
      'GET /api/admin/outbox': () => ({ body: { list: [reset], total: 1, lastPage: 1 } }),
      'GET /api/admin/outbox/m1': () => ({
        body: { ...reset, text: 'Open https://mouthpiece.test/reset?t=abc to choose a new password.' },
      }),
    })
    renderApp(routes, PATHS.adminOutbox)
    await userEvent.click(await screen.findByRole('link', { name: 'Reset your password' }))
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument()
    expect(screen.getByText('ada@example.com')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'https://mouthpiece.test/reset?t=abc' })).toHaveAttribute(
      'href',
      'https://mouthpiece.test/reset?t=abc',
    )
    expect(screen.getByRole('link', { name: 'Outbox' })).toHaveAttribute('href', PATHS.adminOutbox)
  })

  it('an empty outbox says no mail has been sent', async () => {
    fakeFetch({ 'GET /api/admin/outbox': () => ({ body: { list: [], total: 0, lastPage: 1 } }) })
    renderApp(routes, PATHS.adminOutbox)
    expect(await screen.findByText('No mail has been sent yet.')).toBeInTheDocument()
  })

  it('a mail that is gone shows the server’s message', async () => {
    fakeFetch({
      'GET /api/admin/outbox/gone': () => ({
        status: 404,
        body: { message: 'This mail is not in the outbox', code: 'not_found' },
      }),
    })
    renderApp(routes, '/admin/outbox/gone')
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'This mail is not in the outbox',
    )
  })
})
