import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { updateInfo } from '@mouthpiece/contracts/users/users.contract'
import { clearUserSession, saveUserSession } from '../../lib/session'
import { clearCookies, fakeFetch, sampleUser } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { UserSettingsPage } from './pages/user-settings-page'

describe('account settings (/user-settings)', () => {
  beforeEach(() => {
    clearCookies()
    saveUserSession('tok')
  })
  afterEach(() => {
    clearUserSession()
    vi.unstubAllGlobals()
  })

  it('a new email needs the current password; then only what changed is sent', async () => {
    const server = fakeFetch({
      'GET /api/get-user-login': () => ({ body: { user: sampleUser } }),
      [`POST ${updateInfo.path}`]: (c) => ({ body: { user: { ...sampleUser, ...(c.body as object) } } }),
    })
    renderAt(<UserSettingsPage />, '/user-settings')
    const email = await screen.findByLabelText('Email')
    expect(email).toHaveValue('streamer@example.com')
    expect(screen.getByLabelText('Username')).toHaveValue('streamer')
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled()

    await userEvent.clear(email)
    await userEvent.type(email, 'new@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(
      await screen.findByText('Please enter your current password to change your email'),
    ).toBeInTheDocument()
    expect(server.calls.some((c) => c.path === updateInfo.path)).toBe(false)

    await userEvent.type(screen.getAllByLabelText('Current password')[0]!, 'secret-pass')
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(await screen.findByText('Your profile has been saved')).toBeInTheDocument()
    expect(server.calls.filter((c) => c.path === updateInfo.path).map((c) => c.body)).toEqual([
      { email: 'new@example.com', current_password: 'secret-pass' },
    ])
  })
})
