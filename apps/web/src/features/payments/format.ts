import type { Subscription } from '@mouthpiece/contracts/payments/payments.schemas'

/** $59.00; whole dollars drop the cents on price tags ($59). */
export function money(cents: number, currency = 'usd', opts: { compact?: boolean } = {}): string {
  const whole = cents % 100 === 0
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: opts.compact && whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100)
}

export function longDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime())
    ? '—'
    : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
}

const STATUS_LABEL: Record<Subscription['status'], string> = {
  trialing: 'Free trial',
  active: 'Active',
  incomplete: 'Payment incomplete',
  past_due: 'Past due',
  canceled: 'Canceled',
  incomplete_expired: 'Expired',
}
export const statusLabel = (s: Subscription) =>
  s.cancel_at_period_end && s.is_active ? 'Canceling' : STATUS_LABEL[s.status]
export const statusTone = (s: Subscription): 'success' | 'warning' | 'danger' | 'accent' =>
  s.status === 'incomplete' || s.status === 'past_due'
    ? 'danger'
    : s.cancel_at_period_end
      ? 'warning'
      : s.status === 'trialing'
        ? 'accent'
        : 'success'

export const brandName = (brand: string) =>
  ({
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    diners: 'Diners Club',
    jcb: 'JCB',
    unionpay: 'UnionPay',
  })[brand] ?? 'Card'

/** 4242424242424242 → 4242 4242 4242 4242 */
export const groupDigits = (digits: string) =>
  digits
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')

/**
 * "MM / YY" as it is typed: "1230" → "12 / 30", "4" → "04 / ", "13" → "01 / 3", a pasted
 * "12/2030" → "12 / 30". The field's onChange strips a dangling " / " when deleting.
 */
export function formatExpiry(typed: string): string {
  let digits = typed.replace(/\D/g, '')
  if (/^[2-9]/.test(digits) || /^1[3-9]/.test(digits)) digits = `0${digits}`
  if (digits.length === 6 && digits.slice(2, 4) === '20') digits = digits.slice(0, 2) + digits.slice(4)
  digits = digits.slice(0, 4)
  return digits.length < 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`
}
