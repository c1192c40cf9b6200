import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ForgotPasswordModal } from './forgot-password-modal'
import { fakeFetch } from '../../../test/fake-fetch'

function renderModal() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ForgotPasswordModal open onClose={() => {}} />
    </QueryClientProvider>,
  )
}

describe('forgot password (SPEC §2, §5, §8)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("requires a valid email: 'Please enter valid email id'", async () => {
    const server = fakeFetch({})
    renderModal()
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
    expect(await screen.findByText('Please enter valid email id')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email')
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
    expect(await screen.findByText('Please enter valid email id')).toBeInTheDocument()
    expect(server.calls).toHaveLength(0)
  })

  it('goes idle → loading → mail-sent, where Reset becomes Close', async () => {
    let answer: (v: { body: unknown }) => void = () => {}
    const server = fakeFetch({
      'POST /api/send-reset-mail': () => new Promise((resolve) => (answer = resolve)),
    })
    renderModal()
    await userEvent.type(screen.getByLabelText('Email'), 'Me@Example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
    expect(await screen.findByRole('button', { name: 'Reset' })).toHaveAttribute('aria-busy', 'true')
    expect(server.calls[0]!.body).toEqual({ email: 'me@example.com' })
    answer({ body: { email: 'me@example.com' } })
    expect(
      await screen.findByText('An email with recovery details has been sent to me@example.com'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument()
  })

  it("a failure shows the server's message and returns to idle", async () => {
    fakeFetch({
      'POST /api/send-reset-mail': () => ({
        status: 429,
        body: { message: 'Too many attempts. Please wait a minute and try again.', code: 'rate_limited' },
      }),
    })
    renderModal()
    await userEvent.type(screen.getByLabelText('Email'), 'me@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
    expect(
      await screen.findByText('Too many attempts. Please wait a minute and try again.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled()
  })
})
