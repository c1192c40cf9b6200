import type {
  AccountProvider,
  AlertStatus,
  SkipReason,
  StreamPlatform,
  Tip,
} from '@mouthpiece/contracts/donations/donations.schemas'

export const PLATFORM_LABELS: Record<StreamPlatform, string> = { twitch: 'Twitch', youtube: 'YouTube' }
export const PROVIDER_LABELS: Record<AccountProvider | 'direct' | 'test', string> = {
  twitch: 'Twitch',
  youtube: 'YouTube',
  streamlabs: 'Streamlabs',
  streamelements: 'StreamElements',
  direct: 'Tip page',
  test: 'Test',
}

export const STATUS_LABELS: Record<AlertStatus, string> = {
  queued: 'Queued',
  speaking: 'Playing',
  played: 'Played',
  failed: 'Failed',
  skipped: 'Skipped',
  pending_approval: 'Waiting for approval',
  duplicate: 'Duplicate',
}
export type Tone = 'neutral' | 'success' | 'danger' | 'accent' | 'warning'
export const STATUS_TONES: Record<AlertStatus, Tone> = {
  queued: 'neutral',
  speaking: 'accent',
  played: 'success',
  failed: 'danger',
  skipped: 'neutral',
  pending_approval: 'warning',
  duplicate: 'neutral',
}
export const SKIP_LABELS: Record<SkipReason, string> = {
  muted: 'all alerts muted',
  type_disabled: 'this type is turned off',
  below_minimum: 'below your minimum',
  moderated: 'blocked by the profanity filter',
  rejected: 'rejected',
  not_allowed: 'alerts not allowed for this account',
  gift_recipient: 'gift recipient',
  empty: 'nothing to say',
}

export function formatMoney(amount: number, currency: string | null = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency ?? 'USD' }).format(amount)
  } catch {
    return `${amount.toFixed(2)} ${currency ?? ''}`.trim()
  }
}

/** The amount column of the Activity Feed: money, bits, points, or the sub tier and count. */
export function tipAmount(
  tip: Pick<Tip, 'amount' | 'currency' | 'bits' | 'points' | 'count' | 'tier' | 'kind'>,
): string {
  if (tip.amount !== null) return formatMoney(tip.amount, tip.currency)
  if (tip.bits !== null) return `${tip.bits.toLocaleString('en-US')} bits`
  if (tip.points !== null) return `${tip.points.toLocaleString('en-US')} points`
  const tier = tip.tier && /^\d000$/.test(tip.tier) ? `Tier ${tip.tier[0]}` : tip.tier
  if (tip.kind === 'gifted_subscription' || tip.kind === 'gifted_membership')
    return `${tip.count ?? 1} gifted`
  if (tip.count !== null && tip.count > 1) return `${tier ?? ''}${tier ? ' · ' : ''}${tip.count} months`
  return tier ?? '—'
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime())
    ? '—'
    : d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
}

/** "just now", "5 min ago", "3 h ago", "2 d ago": how fresh an overlay report is. */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'never'
  const s = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000))
  if (s < 45) return 'just now'
  if (s < 3600) return `${Math.round(s / 60)} min ago`
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`
  return `${Math.round(s / 86_400)} d ago`
}

/** A word list typed one per line (or comma separated) → the words, blanks dropped. */
export const wordsFromText = (text: string) =>
  text
    .split(/[\n,]/)
    .map((w) => w.trim())
    .filter(Boolean)
