import { MONEY_KINDS } from '@mouthpiece/contracts/donations/donations.schemas'
import type { AlertEventRow, AvatarSetupRow } from '../donations.table'

type EventFacts = Pick<
  AlertEventRow,
  'kind' | 'amount' | 'currency' | 'bits' | 'points' | 'count' | 'tier' | 'title'
>

/**
 * Rough USD rates for comparing foreign tips with USD minimums and price tiers. Offline by design
 * (no rate service); close enough to pick an avatar tier, never used to move money.
 */
const USD_PER: Record<string, number> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  CAD: 0.73,
  AUD: 0.66,
  NZD: 0.6,
  JPY: 0.0067,
  CHF: 1.12,
  SEK: 0.095,
  NOK: 0.093,
  DKK: 0.145,
  PLN: 0.25,
  BRL: 0.18,
  MXN: 0.055,
  INR: 0.012,
  KRW: 0.00073,
  RUB: 0.011,
  TRY: 0.03,
  HKD: 0.128,
  SGD: 0.74,
  PHP: 0.017,
  TWD: 0.031,
  ZAR: 0.054,
  CZK: 0.043,
  HUF: 0.0027,
  ILS: 0.27,
  ARS: 0.0011,
  CLP: 0.0011,
}
/** Twitch sub prices by tier (Prime counts as tier 1). */
const SUB_USD: Record<string, number> = { '1000': 4.99, '2000': 9.99, '3000': 24.99, prime: 4.99 }
const MEMBERSHIP_USD = 4.99

/** What an alert is worth in USD, for minimums and price tiers. Channel points are worth nothing. */
export function usdValue(e: EventFacts): number {
  switch (e.kind) {
    case 'tip':
    case 'donation':
    case 'superchat':
    case 'supersticker':
      return (e.amount ?? 0) * (USD_PER[e.currency ?? 'USD'] ?? 1)
    case 'bits':
      return (e.bits ?? 0) / 100
    case 'subscription':
    case 'resub':
      return SUB_USD[(e.tier ?? '1000').toLowerCase()] ?? SUB_USD['1000']!
    case 'gifted_subscription':
      return (SUB_USD[(e.tier ?? '1000').toLowerCase()] ?? SUB_USD['1000']!) * (e.count ?? 1)
    case 'membership':
    case 'membership_milestone':
      return MEMBERSHIP_USD
    case 'gifted_membership':
      return MEMBERSHIP_USD * (e.count ?? 1)
    case 'channel_points':
      return 0
  }
}

/** The setup whose price the alert reaches, highest first; below every tier, the cheapest one. */
export function pickSetup(setups: readonly AvatarSetupRow[], usd: number): AvatarSetupRow | null {
  let best: AvatarSetupRow | null = null
  for (const s of setups) if (s.price <= usd + 1e-9 && (!best || s.price >= best.price)) best = s
  if (best) return best
  return setups.reduce<AvatarSetupRow | null>((low, s) => (!low || s.price < low.price ? s : low), null)
}

export function formatMoney(amount: number, currency: string | null): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency ?? 'USD' }).format(amount)
  } catch {
    return `${amount.toFixed(2)} ${currency ?? ''}`.trim()
  }
}

const CURRENCY_WORDS: Record<string, [string, string, string?]> = {
  USD: ['dollar', 'dollars', 'cents'],
  CAD: ['Canadian dollar', 'Canadian dollars', 'cents'],
  AUD: ['Australian dollar', 'Australian dollars', 'cents'],
  EUR: ['euro', 'euros', 'cents'],
  GBP: ['pound', 'pounds', 'pence'],
  JPY: ['yen', 'yen'],
  INR: ['rupee', 'rupees'],
  BRL: ['real', 'reais'],
  MXN: ['peso', 'pesos'],
  KRW: ['won', 'won'],
  RUB: ['ruble', 'rubles'],
}

/** Money as a speech engine reads it well: "5 dollars 50", "1 euro", "500 yen". */
export function spokenMoney(amount: number, currency: string | null): string {
  const words = CURRENCY_WORDS[currency ?? 'USD']
  const whole = Math.floor(amount + 1e-9)
  const cents = Math.round((amount - whole) * 100)
  if (!words) return `${amount % 1 === 0 ? whole : amount.toFixed(2)} ${currency ?? ''}`.trim()
  const main = `${whole} ${whole === 1 ? words[0] : words[1]}`
  return cents > 0 && words[2] ? `${main} ${cents}` : main
}

const tierName = (tier: string | null) =>
  !tier
    ? 'Tier 1'
    : tier.toLowerCase() === 'prime'
      ? 'Prime'
      : /^\d000$/.test(tier)
        ? `Tier ${tier[0]}`
        : tier
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The short label on the overlay card: "$5.00", "250 bits", "Tier 1 · 12 months". */
export function amountLabel(e: EventFacts): string | null {
  if (MONEY_KINDS.includes(e.kind) && e.amount !== null) return formatMoney(e.amount, e.currency)
  switch (e.kind) {
    case 'bits':
      return plural(e.bits ?? 0, 'bit', 'bits')
    case 'channel_points':
      return plural(e.points ?? 0, 'point', 'points')
    case 'subscription':
      return tierName(e.tier)
    case 'resub':
      return `${tierName(e.tier)} · ${plural(e.count ?? 1, 'month', 'months')}`
    case 'gifted_subscription':
      return plural(e.count ?? 1, 'gifted sub', 'gifted subs')
    case 'membership':
      return e.tier
    case 'membership_milestone':
      return plural(e.count ?? 1, 'month', 'months')
    case 'gifted_membership':
      return plural(e.count ?? 1, 'membership', 'memberships')
    default:
      return null
  }
}

/** What the overlay says: "{who} tipped 5 dollars: {message}", and the like for every kind. */
export function spokenLine(e: EventFacts, who: string, message: string): string {
  const money = e.amount !== null ? spokenMoney(e.amount, e.currency) : ''
  const head = ((): string => {
    switch (e.kind) {
      case 'tip':
        return money ? `${who} tipped ${money}` : `${who} says`
      case 'donation':
        return `${who} donated ${money}`
      case 'superchat':
        return `${who} sent a Super Chat of ${money}`
      case 'supersticker':
        return `${who} sent a Super Sticker worth ${money}`
      case 'bits':
        return `${who} cheered ${plural(e.bits ?? 0, 'bit', 'bits')}`
      case 'channel_points':
        return `${who} redeemed ${e.title ?? 'a reward'}`
      case 'subscription':
        return `${who} subscribed${e.tier && e.tier !== '1000' ? ` at ${tierName(e.tier)}` : ''}`
      case 'resub':
        return `${who} resubscribed for ${plural(e.count ?? 1, 'month', 'months')}`
      case 'gifted_subscription':
        return `${who} gifted ${plural(e.count ?? 1, 'sub', 'subs')}`
      case 'membership':
        return `${who} became a member${e.tier ? ` at ${e.tier}` : ''}`
      case 'membership_milestone':
        return `${who} has been a member for ${plural(e.count ?? 1, 'month', 'months')}`
      case 'gifted_membership':
        return `${who} gifted ${plural(e.count ?? 1, 'membership', 'memberships')}`
    }
  })()
  return message ? `${head}: ${message}` : head
}
