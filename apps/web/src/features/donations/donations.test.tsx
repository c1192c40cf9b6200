import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DonationSettings, OverlayAlert, Tip } from '@mouthpiece/contracts/donations/donations.schemas'
import { SANDBOX_LABEL } from '@mouthpiece/contracts/payments/payments.schemas'
import { saveUserSession } from '../../lib/session'
import { clearCookies, fakeFetch, sampleUser } from '../../test/fake-fetch'
import { renderApp, renderAt } from '../../test/render'
import { ActivityFeed } from './pages/activity-feed-page'
import { DonationSettingsPage } from './pages/donation-settings-page'
import { TipPage } from './pages/tip-page'

const OVERLAY_URL = 'http://localhost/tts/announcement?key=secret-overlay-key-0123456789abcdef'
const SETTINGS: DonationSettings = {
  enabled_types: ['tip', 'bits'],
  mute_all: false,
  minimums: { amount_usd: 0, bits: 0, channel_points: 0 },
  tts: { voice: 'espeak:en-us+f3', emotion: 'Neutral', volume: 1 },
  moderation: {
    use_base_list: true,
    black_list: [],
    white_list: [],
    action: 'beep',
    approval: 'off',
    max_chars: 200,
    strip_links: true,
  },
  selected_platform: null,
  overlay_url: OVERLAY_URL,
  alerts_allowed: true,
}
const HEALTH = {
  online: true,
  last_seen_at: new Date().toISOString(),
  audio_unlocked: false,
  visible: true,
  last_played_at: null,
  last_failed_at: null,
  last_error: null,
}
const tip = (id: number, extra: Partial<Tip> = {}): Tip => ({
  id,
  source: 'twitch',
  kind: 'bits',
  external_id: `e${id}`,
  who: `Viewer${id}`,
  amount: null,
  currency: null,
  bits: 250,
  points: null,
  count: null,
  tier: null,
  title: null,
  message: 'Nice play!',
  is_test: false,
  status: 'played',
  skip_reason: null,
  spoken_text: 'Viewer cheered 250 bits',
  avatar_setup_id: null,
  account_id: null,
  received_at: '2026-11-22T10:00:00.000Z',
  played_at: '2026-11-22T10:00:02.000Z',
  ...extra,
})
const PROVIDER = { name: 'sandbox', test_mode: true, card_entry: 'token-endpoint', label: SANDBOX_LABEL }

const settingsApi = {
  'GET /api/get-user-login': () => ({ body: { user: sampleUser } }),
  'GET /api/donation/settings': () => ({ body: { settings: SETTINGS } }),
  'GET /api/donation/overlay/health': () => ({ body: HEALTH }),
  'GET /api/donation/avatar-setup/get': () => ({ body: { setups: [] } }),
  'GET /api/donation/account/get': () => ({
    body: {
      accounts: { twitch: [], youtube: [] },
      selected_platform: null,
      twitch_enabled: true,
      providers: [
        { provider: 'twitch', configured: true },
        { provider: 'youtube', configured: false },
        { provider: 'streamlabs', configured: false },
        { provider: 'streamelements', configured: false },
      ],
    },
  }),
  'GET /api/donation/base-profanity-blacklist': () => ({ body: { words: [] } }),
}

describe('Alert Card Settings', () => {
  beforeEach(() => {
    clearCookies()
    saveUserSession('tok')
  })
  afterEach(() => vi.unstubAllGlobals())

  it('shows the failed-link banner, the overlay URL (masked until asked), its health, and copies the URL', async () => {
    fakeFetch(settingsApi)
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderAt(<DonationSettingsPage />, '/donation-settings?error=403')
    expect(await screen.findByText(/We could not connect your account \(error 403\)/)).toBeInTheDocument()
    const url = await screen.findByLabelText('Overlay URL')
    expect(url).not.toHaveValue(OVERLAY_URL)
    expect((url as HTMLInputElement).value).not.toContain('secret-overlay-key')
    await userEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(url).toHaveValue(OVERLAY_URL)
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }))
    expect(writeText).toHaveBeenCalledWith(OVERLAY_URL)

    const grid = screen.getByLabelText('Overlay health')
    expect(await within(grid).findByText('Connected')).toBeInTheDocument()
    expect(within(grid).getByText('Blocked')).toBeInTheDocument()
    expect(within(grid).getByText('click the overlay once')).toBeInTheDocument()
    // A localhost link is said to work on this computer only.
    expect(screen.getByTestId('overlay-local-only')).toHaveTextContent(
      'This link only works on this computer.',
    )
  })

  it('a link on the network address has no "only this computer" note', async () => {
    fakeFetch({
      ...settingsApi,
      'GET /api/donation/settings': () => ({
        body: {
          settings: { ...SETTINGS, overlay_url: OVERLAY_URL.replace('localhost', '192.168.1.20:4470') },
        },
      }),
    })
    renderAt(<DonationSettingsPage />, '/donation-settings')
    expect(await screen.findByLabelText('Overlay URL')).toBeInTheDocument()
    expect(screen.queryByTestId('overlay-local-only')).not.toBeInTheDocument()
  })

  it('mutes every alert and sends a test alert', async () => {
    const server = fakeFetch({
      ...settingsApi,
      'POST /api/update-mute-all-alerts': (c) => ({
        body: { settings: { ...SETTINGS, mute_all: (c.body as { mute: boolean }).mute } },
      }),
      'POST /api/donation/twitch/test-bits': () => ({
        body: { tip: tip(1, { source: 'test', is_test: true, status: 'queued' }) },
      }),
    })
    renderAt(<DonationSettingsPage />, '/donation-settings')
    const mute = await screen.findByRole('switch', { name: 'Mute all alerts' })
    await userEvent.click(mute)
    await waitFor(() => expect(mute).toHaveAttribute('aria-checked', 'true'))
    expect(server.calls.find((c) => c.path === '/api/update-mute-all-alerts')?.body).toEqual({ mute: true })

    await userEvent.click(screen.getByRole('button', { name: 'Test bits' }))
    expect(await screen.findByText('Test alert sent — watch your overlay')).toBeInTheDocument()
  })

  it('a test tip has an amount ($5 by default): the form sends it; emptied, it is an announcement', async () => {
    const server = fakeFetch({
      ...settingsApi,
      'POST /api/donation/tips/announcement': () => ({
        body: {
          tip: tip(7, { source: 'test', is_test: true, status: 'queued', amount: 5, currency: 'USD' }),
        },
      }),
    })
    renderAt(<DonationSettingsPage />, '/donation-settings')
    const form = await screen.findByRole('form', { name: 'Test alert' })
    expect(within(form).getByLabelText('Amount ($)')).toHaveValue(5)
    await userEvent.click(within(form).getByRole('button', { name: 'Send test alert' }))
    expect(await screen.findByText('Test alert sent — watch your overlay')).toBeInTheDocument()
    expect(server.calls.find((c) => c.path === '/api/donation/tips/announcement')?.body).toMatchObject({
      donator: 'TestTipper',
      amount: 5,
    })
    // Emptied, it is an announcement without an amount.
    await userEvent.clear(within(form).getByLabelText('Amount ($)'))
    await userEvent.click(within(form).getByRole('button', { name: 'Send test alert' }))
    await waitFor(() =>
      expect(
        server.calls.filter((c) => c.path === '/api/donation/tips/announcement').at(-1)?.body,
      ).toMatchObject({
        amount: null,
      }),
    )
  })

  it('says before the click which services this server can connect', async () => {
    fakeFetch(settingsApi)
    renderAt(<DonationSettingsPage />, '/donation-settings')
    const twitch = await screen.findByRole('button', { name: 'Connect Twitch' })
    expect(twitch).toBeEnabled()
    const streamlabs = screen.getByRole('button', { name: 'Connect Streamlabs' })
    expect(streamlabs).toBeDisabled()
    expect(streamlabs).toHaveAccessibleDescription('Streamlabs is not set up on this server yet.')
    // StreamElements still connects by token; a creator is not shown the server's settings.
    expect(screen.getByRole('button', { name: 'Connect StreamElements' })).toBeDisabled()
    expect(
      screen.getByText(
        'StreamElements is not set up on this server yet: connect with your JWT token instead.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Use JWT token' })).toBeEnabled()
    expect(screen.queryByText(/STREAMLABS_CLIENT_ID/)).not.toBeInTheDocument()
  })

  it('connects StreamElements with a pasted JWT token', async () => {
    const server = fakeFetch({
      ...settingsApi,
      'POST /api/donation/account/sync': () => ({
        body: {
          account: {
            id: 3,
            platform: 'twitch',
            provider: 'streamelements',
            external_id: 'se1',
            display_name: 'alice_se',
            status: 'active',
            last_error: null,
            connected_at: '2026-11-22T10:00:00.000Z',
          },
        },
      }),
    })
    renderAt(<DonationSettingsPage />, '/donation-settings')
    await userEvent.click(await screen.findByRole('button', { name: 'Use JWT token' }))
    const form = screen.getByRole('form', { name: 'Connect StreamElements with a JWT token' })
    await userEvent.type(within(form).getByLabelText('JWT token'), 'eyJhbGciOiJIUzI1NiJ9.payload.signature')
    await userEvent.type(within(form).getByLabelText('Account ID'), '5f1e2d')
    await userEvent.click(within(form).getByRole('button', { name: 'Connect with token' }))
    expect(await screen.findByText('StreamElements connected as alice_se')).toBeInTheDocument()
    expect(server.calls.find((c) => c.path === '/api/donation/account/sync')?.body).toEqual({
      platform: 'twitch',
      jwtToken: 'eyJhbGciOiJIUzI1NiJ9.payload.signature',
      accountId: '5f1e2d',
    })
  })
})

describe('Activity Feed', () => {
  beforeEach(() => {
    clearCookies()
    saveUserSession('tok')
  })
  afterEach(() => vi.unstubAllGlobals())

  it('lists tips with their status, re-pushes one and previews another', async () => {
    const preview: OverlayAlert = {
      id: 2,
      kind: 'tip',
      source: 'direct',
      who: 'Sam',
      amount_label: '$10.00',
      message: 'GG',
      spoken_text: 'Sam tipped 10 dollars: GG',
      is_test: false,
      audio: null,
      visemes: [],
      words: [],
      volume: 1,
      emotion: 'Neutral',
      avatar_setup: null,
      received_at: '2026-11-22T10:00:00.000Z',
      emitted_at: 1,
    }
    const server = fakeFetch({
      'GET /api/donation/tips/all': () => ({
        body: {
          list: [
            tip(1),
            tip(2, {
              source: 'direct',
              kind: 'tip',
              who: 'Sam',
              amount: 10,
              currency: 'USD',
              bits: null,
              status: 'skipped',
              skip_reason: 'below_minimum',
            }),
          ],
          total: 2,
          lastPage: 1,
        },
      }),
      'POST /api/donation/tips/re-push': (c) => ({
        body: {
          tip: tip(1, { status: 'queued' }),
          preview: (c.body as { mode: string }).mode === 'preview' ? preview : null,
        },
      }),
    })
    renderAt(<ActivityFeed username="streamer" />, '/streamer/tip')
    const table = await screen.findByRole('table', { name: 'Activity Feed' })
    const bits = (await within(table).findByText('Viewer1')).closest('tr')!
    expect(within(bits).getAllByText('250 bits')[0]).toBeInTheDocument()
    const sam = within(table).getByText('Sam').closest('tr')!
    expect(within(sam).getAllByText('below your minimum')[0]).toBeInTheDocument()
    expect(within(sam).getAllByText('$10.00')[0]).toBeInTheDocument()

    await userEvent.click(within(bits).getByRole('button', { name: 'Re-push' }))
    expect(await screen.findByText('Re-pushed to your overlay')).toBeInTheDocument()
    expect(server.calls.find((c) => c.path === '/api/donation/tips/re-push')?.body).toEqual({
      tip_id: 1,
      provider: 'twitch',
      mode: 'repush',
    })

    await userEvent.click(within(sam).getByRole('button', { name: 'Preview' }))
    const dialog = await screen.findByRole('dialog', { name: 'Alert preview' })
    expect(await within(dialog).findByTestId('alert-card')).toHaveTextContent('Sam tipped $10.00!')
    expect(server.calls.filter((c) => c.path === '/api/donation/tips/re-push').at(-1)?.body).toEqual({
      tip_id: 2,
      provider: 'direct',
      mode: 'preview',
    })
  })
})

describe('public tip page', () => {
  beforeEach(() => clearCookies())
  afterEach(() => vi.unstubAllGlobals())

  const creator = {
    username: 'streamer',
    avatar: null,
    alerts_live: true,
    min_spoken_usd: 0,
    test_mode: true,
  }

  it('takes an amount, a name and a message, pays through the sandbox token, and confirms', async () => {
    const server = fakeFetch({
      'GET /api/donation/tip-page/streamer': () => ({ body: { creator } }),
      'GET /api/payment/plans': () => ({ body: { plans: [], provider: PROVIDER } }),
      'POST /api/payment/sandbox/tokens': () => ({
        body: {
          token_id: 'tok_test_1',
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
        },
      }),
      'POST /api/donation/tips/direct': () => ({
        body: {
          tip: { id: 5, status: 'queued', who: 'Sam', amount: 20, currency: 'USD', message: 'Hello!' },
        },
      }),
    })
    renderApp([{ path: '/:username/tip/:channel', element: <TipPage /> }], '/streamer/tip/twitch')
    expect(await screen.findByRole('heading', { name: 'Tip streamer' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('radio', { name: '$20' }))
    await userEvent.type(screen.getByLabelText('Your name'), 'Sam')
    await userEvent.type(screen.getByLabelText('Message'), 'Hello!')
    expect(screen.getByText('6 / 255')).toBeInTheDocument()
    expect(screen.getByText(/profanity filter/)).toBeInTheDocument()

    await userEvent.type(await screen.findByLabelText('Card number'), '4242424242424242')
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '12 / 30')
    await userEvent.type(screen.getByLabelText('CVC'), '123')
    await userEvent.click(screen.getByRole('button', { name: 'Send $20.00 tip' }))

    expect(await screen.findByRole('status', { name: 'Tip sent' })).toHaveTextContent(
      'Your $20.00 tip to streamer went through.',
    )
    const body = server.calls.find((c) => c.path === '/api/donation/tips/direct')?.body as Record<
      string,
      unknown
    >
    expect(body).toMatchObject({
      username: 'streamer',
      channel: 'twitch',
      amount_cents: 2000,
      currency: 'USD',
      who: 'Sam',
      message: 'Hello!',
      token_id: 'tok_test_1',
    })
  })

  it('shows the card error when the payment is declined', async () => {
    fakeFetch({
      'GET /api/donation/tip-page/streamer': () => ({ body: { creator } }),
      'GET /api/payment/plans': () => ({ body: { plans: [], provider: PROVIDER } }),
      'POST /api/payment/sandbox/tokens': () => ({
        body: {
          token_id: 'tok_test_2',
          card: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2030 },
        },
      }),
      'POST /api/donation/tips/direct': () => ({
        status: 402,
        body: { message: 'Your card was declined.', code: 'card_declined' },
      }),
    })
    renderApp([{ path: '/:username/donate', element: <TipPage /> }], '/streamer/donate')
    await screen.findByRole('heading', { name: 'Tip streamer' })
    await userEvent.type(await screen.findByLabelText('Card number'), '4000000000000002')
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '12 / 30')
    await userEvent.type(screen.getByLabelText('CVC'), '123')
    await userEvent.click(screen.getByRole('button', { name: 'Send $5.00 tip' }))
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Tip sent' })).not.toBeInTheDocument()
  })

  it('says so when the creator does not exist', async () => {
    fakeFetch({
      'GET /api/donation/tip-page/nobody': () => ({
        status: 404,
        body: { message: 'Creator not found', code: 'not_found' },
      }),
    })
    renderApp([{ path: '/:username/donate', element: <TipPage /> }], '/nobody/donate')
    expect(await screen.findByRole('heading', { name: 'This tip page is not available' })).toBeInTheDocument()
  })
})
