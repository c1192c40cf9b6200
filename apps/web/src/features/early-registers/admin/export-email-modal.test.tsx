import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeFetch } from '../../../test/fake-fetch'
import { renderAt } from '../../../test/render'
import { ExportEmailModal } from './export-email-modal'

describe('CSV export email dialog (SPEC §5, §8)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('requires an email, then a correct one, before sending', async () => {
    const server = fakeFetch({})
    renderAt(<ExportEmailModal open onClose={() => {}} list="all" />, '/admin/early-registers')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Please Enter Email')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Email'), 'ops@nowhere')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Please Enter Correct Email')).toBeInTheDocument()
    expect(server.calls).toHaveLength(0)
  })

  it('sends the list to the address, toasts success and closes', async () => {
    const server = fakeFetch({
      'POST /api/admin/early-registers/send-csv': () => ({
        body: { ok: true, email: 'ops@example.com', rows: 4 },
      }),
    })
    const onClose = vi.fn()
    renderAt(<ExportEmailModal open onClose={onClose} list="tts" />, '/admin/early-registers/tts')
    await userEvent.type(screen.getByLabelText('Email'), 'ops@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Send email success')).toBeInTheDocument()
    expect(onClose).toHaveBeenCalled()
    expect(server.calls[0]?.body).toEqual({ email: 'ops@example.com', list: 'tts' })
  })

  it('shows the server message in an error toast when sending fails', async () => {
    fakeFetch({
      'POST /api/admin/early-registers/send-csv': () => ({
        status: 500,
        body: { message: 'Mail server unavailable#smtp timeout', code: 'internal' },
      }),
    })
    const onClose = vi.fn()
    renderAt(<ExportEmailModal open onClose={onClose} list="all" />, '/admin/early-registers')
    await userEvent.type(screen.getByLabelText('Email'), 'ops@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Mail server unavailable')).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
  })
})
