import type { AlertKind } from './donations.schemas'

// Shared by the overlay page, the Activity Feed and the server's tip video card: all word an alert alike.

/** The short tag on an alert card and in the Activity Feed. */
export const KIND_LABELS: Record<AlertKind, string> = {
  tip: 'Tip',
  donation: 'Donation',
  bits: 'Bits',
  channel_points: 'Channel points',
  subscription: 'New sub',
  resub: 'Resub',
  gifted_subscription: 'Gifted subs',
  superchat: 'Super Chat',
  supersticker: 'Super Sticker',
  membership: 'New member',
  membership_milestone: 'Member milestone',
  gifted_membership: 'Gifted memberships',
}

export interface Headline {
  who: string
  /** What they did, between the name and the amount. */
  verb: string
  /** The server's amount label ("$5.00", "250 bits", "Tier 1"), when the kind has one. */
  amount: string | null
}

/** "Alice tipped $5.00", "Bob cheered 250 bits", "Cara gifted 5 gifted subs" → less repetitive wording. */
export function headlineOf(kind: AlertKind, who: string, amount: string | null): Headline {
  const h = (verb: string, a: string | null = amount): Headline => ({ who, verb, amount: a })
  switch (kind) {
    case 'tip':
      return amount ? h('tipped') : h('says', null)
    case 'donation':
      return h('donated')
    case 'superchat':
      return h('sent a Super Chat of')
    case 'supersticker':
      return h('sent a Super Sticker worth')
    case 'bits':
      return h('cheered')
    case 'channel_points':
      return h('redeemed')
    case 'subscription':
      return h('subscribed', amount ? `· ${amount}` : null)
    case 'resub':
      return h('resubscribed', amount ? `· ${amount}` : null)
    case 'gifted_subscription':
      return h('gifted', amount?.replace(/gifted /, '') ?? null)
    case 'membership':
      return h('became a member', amount ? `· ${amount}` : null)
    case 'membership_milestone':
      return h('has been a member for')
    case 'gifted_membership':
      return h('gifted')
  }
}
