import { z } from 'zod'
import { defineRoute } from '../define-route'
import { CardNextAction } from '../payments/payments.schemas'
import { AlertStatus, DonationAvatar } from './donations.schemas'

/**
 * Direct tips: the public tip pages (/{username}/tip/{channel}, /{username}/donate) take a card
 * token (POST /api/payment/sandbox/tokens in test mode) and pay the creator a tip; a paid tip
 * becomes an alert event with source `direct`, kind `tip`.
 */
export const MAX_TIP_MESSAGE_CHARS = 255
export const MIN_TIP_CENTS = 100
export const MAX_TIP_CENTS = 100_000

export const TipPageCreator = z.object({
  username: z.string(),
  /** The creator's lowest-tier avatar setup's avatar (what speaks a small tip), or null for the default influencer. */
  avatar: DonationAvatar.nullable(),
  /** False when the creator muted alerts, turned tips off or an admin turned alerts off: tips are still taken, not spoken. */
  alerts_live: z.boolean(),
  /** Tips under this many USD are recorded but not read aloud. */
  min_spoken_usd: z.number(),
  /** The payment provider runs in test mode (sandbox or Stripe test keys). */
  test_mode: z.boolean(),
})
export type TipPageCreator = z.infer<typeof TipPageCreator>

const Username = z.string().trim().min(1).max(60)

export const getTipPage = defineRoute({
  method: 'GET',
  path: '/api/donation/tip-page/:username',
  auth: 'public',
  summary: 'The public card of a creator for their tip page (404 when the creator does not exist)',
  params: z.object({ username: Username }),
  response: z.object({ creator: TipPageCreator }),
})

export const DirectTip = z.object({
  /** The alert event the tip became (the Activity Feed's tip id). */
  id: z.number().int(),
  status: AlertStatus,
  who: z.string(),
  /** In units of `currency` (5.5 = $5.50). */
  amount: z.number(),
  currency: z.string(),
  message: z.string(),
})
export type DirectTip = z.infer<typeof DirectTip>

/** A card that needs 3-D Secure: the same confirmation step as a plan's first payment. */
export const TipNextAction = CardNextAction
export type TipNextAction = CardNextAction

export const sendDirectTip = defineRoute({
  method: 'POST',
  path: '/api/donation/tips/direct',
  auth: 'public',
  summary:
    'Pay a tip with a card token; a paid tip becomes an alert (source direct). A card error answers 402 with its message. A card that needs 3-D Secure answers `next_action` instead of `tip`: confirm it with Stripe.js, then send the same request again.',
  body: z.object({
    username: Username,
    /** /{username}/tip/{channel}: which of the creator's channels the tip was sent from. */
    channel: z.string().trim().max(100).optional(),
    amount_cents: z
      .number({ error: 'Enter an amount between $1.00 and $1,000.00' })
      .int('Enter an amount in whole cents')
      .min(MIN_TIP_CENTS, 'The smallest tip is $1.00')
      .max(MAX_TIP_CENTS, 'The largest tip is $1,000.00'),
    currency: z.literal('USD', { error: 'Tips are in USD' }),
    who: z.string().trim().max(100, 'Name must be at most 100 characters'),
    message: z
      .string()
      .trim()
      .max(MAX_TIP_MESSAGE_CHARS, `Message must be at most ${MAX_TIP_MESSAGE_CHARS} characters`),
    token_id: z
      .string({ error: 'Please enter a valid card' })
      .trim()
      .regex(/^(tok|pm)_[A-Za-z0-9_]+$/, 'Please enter a valid card')
      .max(255, 'Please enter a valid card'),
    /** One tip per click: a retried request with the same key charges once. */
    idempotency_key: z.uuid({ error: 'Invalid idempotency key' }),
  }),
  response: z.object({ tip: DirectTip.optional(), next_action: TipNextAction.optional() }),
})
