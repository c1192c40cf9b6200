import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TwitchConnectionSetting } from '@mouthpiece/contracts/donations/twitch-setting.contract'
import { saveAdminKey } from '../../../lib/session'
import { clearCookies, fakeFetch } from '../../../test/fake-fetch'
import type { FakeCall } from '../../../test/fake-fetch'
import { renderAt } from '../../../test/render'
import { TwitchConnectionPage } from './twitch-connection-page'

const REASON = 'Set TWITCH_EVENTSUB_SECRET (10 to 100 characters) on the server to use the webhook transport.'
const SETTING: TwitchConnectionSetting = {
  enabled: true,
  transport: 'websocket',
  summary: {
    client_configured: false,
    webhook_unavailable: REASON,
    webhook_callback: 'http://localhost/api/donation/twitch/eventsub',
    linked_accounts: 3,
    accounts_in_error: 1,
    live_clients: 2,
  },
}

describe('admin Twitch connection page', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    clearCookies()
  })

  it('shows the status, turns linking off, and keeps the webhook transport closed with its reason', async () => {
    saveAdminKey('admin-tok')
    let current = SETTING
    const { calls } = fakeFetch({
      'GET /api/admin/twitch-connection-setting': () => ({ body: current }),
      'POST /api/admin/twitch-connection-setting': (call: FakeCall) => {
        current = { ...current, ...(call.body as Partial<TwitchConnectionSetting>) }
        return { body: current }
      },
    })
    renderAt(<TwitchConnectionPage />)
    const status = await screen.findByLabelText('Twitch status')
    expect(within(status).getByText('Missing')).toBeInTheDocument()
    expect(within(status).getByText('set TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET')).toBeInTheDocument()
    expect(within(status).getByText('3')).toBeInTheDocument()
    expect(within(status).getByText('2')).toBeInTheDocument()

    const webhook = screen.getByRole('radio', { name: /Webhook/ })
    expect(webhook).toBeDisabled()
    expect(webhook).toHaveTextContent(REASON)
    expect(screen.getByRole('radio', { name: /WebSocket/ })).toHaveAttribute('aria-checked', 'true')

    await userEvent.click(screen.getByRole('switch', { name: 'Creators may link Twitch' }))
    expect(await screen.findByText('Twitch linking is turned off')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ enabled: false }])
    expect(screen.getByRole('switch', { name: 'Creators may link Twitch' })).toHaveAttribute(
      'aria-checked',
      'false',
    )
  })
})
