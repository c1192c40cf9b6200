import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { supportMail } from '@mouthpiece/contracts/users/users.contract'
import { clearCookies, fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { ContactPage } from './pages/contact-page'

describe('contact page (/contact)', () => {
  beforeEach(() => clearCookies())
  afterEach(() => vi.unstubAllGlobals())

  it('checks the form before sending, then mails the team and says where the answer goes', async () => {
    const server = fakeFetch({ [`POST ${supportMail.path}`]: () => ({ body: { sent: true } }) })
    renderAt(<ContactPage />, '/contact')
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument()
    expect(server.calls).toHaveLength(0)

    await userEvent.type(screen.getByLabelText('Your name'), 'Ada')
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com')
    await userEvent.type(screen.getByLabelText('Subject'), 'Alert')
    await userEvent.type(screen.getByLabelText('Message'), 'No sound')
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }))

    expect(await screen.findByRole('heading', { name: 'Your message has been sent' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('We will reply to ada@example.com')
    expect(server.calls.map((c) => c.body)).toEqual([
      { name: 'Ada', email: 'ada@example.com', subject: 'Alert', message: 'No sound' },
    ])
  })
})
