import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SANDBOX_LABEL } from '@mouthpiece/contracts/payments/payments.schemas'
import type { Subscription, SubscriptionPlan } from '@mouthpiece/contracts/payments/payments.schemas'
import { saveUserSession } from '../../lib/session'
import { clearCookies, fakeFetch, sampleUser } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { BillingSection } from './components/billing-section'
import { PaymentPage } from './pages/payment-page'
import { PricingPage } from './pages/pricing-page'

const ent = (minutes: number, res: '720p' | '1080p', alerts: number) => ({
  render_minutes_per_month: minutes,
  max_resolution: res,
  alerts_per_month: alerts,
})
const plan = (
  id: number,
  slug: string,
  name: string,
  price: number,
  extra: Partial<SubscriptionPlan> = {},
): SubscriptionPlan => ({
  id,
  slug,
  name,
  description: `${name} plan`,
  price_cents: price,
  currency: 'usd',
  interval: 'month',
  trial_days: 0,
  is_trial: false,
  features: [`${name} feature`],
  entitlements: ent(120, '720p', 300),
  is_active: true,
  sort_order: id,
  ...extra,
})
const PLANS = [
  plan(1, 'free-trial', 'Free Trial', 0, { is_trial: true, trial_days: 14 }),
  plan(2, 'creator', 'Creator', 5900),
  plan(3, 'pro', 'Pro', 14500, { entitlements: ent(600, '1080p', 850) }),
]
const PROVIDER = { name: 'sandbox', test_mode: true, card_entry: 'token-endpoint', label: SANDBOX_LABEL }
const FREE = { plan_slug: 'free', plan_name: 'Free', ...ent(10, '720p', 10) }
const active = (p: SubscriptionPlan, extra: Partial<Subscription> = {}): Subscription => ({
  id: 9,
  status: 'active',
  plan: p,
  cancel_at_period_end: false,
  current_period_end: '2026-12-22T10:00:00.000Z',
  is_active: true,
  last_payment_error: null,
  created_at: '2026-11-22T10:00:00.000Z',
  ...extra,
})
const base = {
  'GET /api/payment/plans': () => ({ body: { plans: PLANS, provider: PROVIDER } }),
  'GET /api/get-user-login': () => ({ body: { user: sampleUser } }),
}

describe('payments pages', () => {
  beforeEach(() => clearCookies())
  afterEach(() => vi.unstubAllGlobals())

  it('pricing: plans with monthly prices, the alert tiers and test mode, for a visitor', async () => {
    const server = fakeFetch(base)
    renderAt(<PricingPage />, '/pricing')
    const creator = await screen.findByRole('article', { name: 'Creator plan' })
    expect(within(creator).getByText('$59')).toBeInTheDocument()
    expect(within(creator).getByRole('link', { name: 'Choose Creator' })).toHaveAttribute(
      'href',
      '/payment?plan=creator',
    )
    expect(screen.getByRole('link', { name: 'Start free trial' })).toHaveAttribute('href', '/free-trial')
    expect(screen.getByText(SANDBOX_LABEL)).toBeInTheDocument()
    const tiers = screen.getByRole('table', { name: 'Alert pricing tiers' })
    expect(within(tiers).getByText('3,000+')).toBeInTheDocument()
    expect(within(tiers).getByText('$379')).toBeInTheDocument()
    // A visitor is not asked for a subscription (no 401 redirect to /login).
    expect(server.calls.some((c) => c.path === '/api/payment/subscription-plan')).toBe(false)
  })

  it('pricing marks the signed-in user’s current plan', async () => {
    saveUserSession('tok')
    fakeFetch({
      ...base,
      'GET /api/payment/subscription-plan': () => ({
        body: { subscription: active(PLANS[2]!), entitlements: FREE, has_used_trial: true },
      }),
    })
    renderAt(<PricingPage />, '/pricing')
    const pro = await screen.findByRole('article', { name: 'Pro plan' })
    expect(await within(pro).findByText('Current plan')).toBeInTheDocument()
    expect(
      within(screen.getByRole('article', { name: 'Free Trial plan' })).getByText('Free trial already used'),
    ).toBeInTheDocument()
  })

  it('checkout: a declined card shows the card’s message', async () => {
    saveUserSession('tok')
    const server = fakeFetch({
      ...base,
      'GET /api/payment/method': () => ({ body: { method: null } }),
      'POST /api/payment/sandbox/tokens': () => ({
        body: { token_id: 'tok_sb1', card: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2030 } },
      }),
      'POST /api/payment/add-card': () => ({
        body: { method: { id: 1, brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2030 } },
      }),
      'POST /api/payment/subscribe-plan': () => ({
        status: 402,
        body: { message: 'Your card was declined.', code: 'card_declined' },
      }),
    })
    renderAt(<PaymentPage />, '/payment?plan=pro')
    await userEvent.type(await screen.findByLabelText('Card number'), '4000000000000002')
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '12 / 30')
    await userEvent.type(screen.getByLabelText('CVC'), '123')
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe — $145.00 / month' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.')
    expect(server.calls.find((c) => c.path === '/api/payment/sandbox/tokens')?.body).toEqual({
      number: '4000000000000002',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    })
    expect(server.calls.find((c) => c.path === '/api/payment/subscribe-plan')?.body).toEqual({
      subscription_plan_id: 3,
    })
  })

  it('checkout: the expiry is formatted as it is typed ("1230" becomes "12 / 30")', async () => {
    saveUserSession('tok')
    const server = fakeFetch({
      ...base,
      'GET /api/payment/method': () => ({ body: { method: null } }),
      'POST /api/payment/sandbox/tokens': () => ({
        status: 402,
        body: { message: 'Your card was declined.', code: 'card_declined' },
      }),
    })
    renderAt(<PaymentPage />, '/payment')
    await userEvent.type(await screen.findByLabelText('Card number'), '4242424242424242')
    const expiry = screen.getByLabelText('Expiry (MM / YY)')
    await userEvent.type(expiry, '1230')
    expect(expiry).toHaveValue('12 / 30')
    await userEvent.clear(expiry)
    await userEvent.type(expiry, '430')
    expect(expiry).toHaveValue('04 / 30')
    await userEvent.type(screen.getByLabelText('CVC'), '123')
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe — $59.00 / month' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.')
    expect(server.calls.find((c) => c.path === '/api/payment/sandbox/tokens')?.body).toMatchObject({
      exp_month: 4,
      exp_year: 2030,
    })
  })

  it('checkout checks the card number before sending it', async () => {
    saveUserSession('tok')
    const server = fakeFetch({ ...base, 'GET /api/payment/method': () => ({ body: { method: null } }) })
    renderAt(<PaymentPage />, '/payment')
    await userEvent.type(await screen.findByLabelText('Card number'), '4242424242424241')
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe — $59.00 / month' }))
    expect(await screen.findByText('Your card number is incorrect.')).toBeInTheDocument()
    expect(server.calls.some((c) => c.path === '/api/payment/sandbox/tokens')).toBe(false)
  })

  it('billing: plan, card, empty history; cancel asks first, then the plan shows Canceling with its end date', async () => {
    saveUserSession('tok')
    let sub = active(PLANS[1]!)
    const server = fakeFetch({
      ...base,
      'GET /api/payment/subscription-plan': () => ({
        body: {
          subscription: sub,
          entitlements: { plan_slug: 'creator', plan_name: 'Creator', ...ent(120, '720p', 300) },
          has_used_trial: false,
        },
      }),
      'GET /api/payment/method': () => ({
        body: { method: { id: 1, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } },
      }),
      'GET /api/payment/history': () => ({ body: { list: [], total: 0, lastPage: 1 } }),
      'POST /api/payment/cancel-plan': () => {
        sub = { ...sub, cancel_at_period_end: true }
        return { body: { subscription: sub } }
      },
    })
    renderAt(<BillingSection />, '/user-settings')
    expect(await screen.findByTestId('current-plan-name')).toHaveTextContent('Creator')
    expect(screen.getByText('Renews on December 22, 2026')).toBeInTheDocument()
    expect(await screen.findByTestId('card-on-file')).toHaveTextContent('Visa •••• 4242')
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Cancel plan' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel plan' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }))
    await waitFor(() =>
      expect(server.calls.some((c) => c.method === 'POST' && c.path === '/api/payment/cancel-plan')).toBe(
        true,
      ),
    )
    expect(await screen.findByText('Ends on December 22, 2026')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Resume plan' })).toBeInTheDocument()
  })
})
