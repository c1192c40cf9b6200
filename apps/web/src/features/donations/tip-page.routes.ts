import { z } from 'zod'
import { defineRoute } from '@mouthpiece/contracts/define-route'
import { AlertStatus, DonationAvatar } from '@mouthpiece/contracts/donations/donations.schemas'

/**
 * PROPOSED CONTRACT — not yet in packages/contracts or on the server.
 *
 * The public tip pages (/{username}/tip/{channel}, /{username}/donate) need two public calls the
 * donations contracts do not have yet: the creator's public card, and a direct tip paid with a
 * card token from POST /api/payment/sandbox/tokens. They are declared here, in the shape the page
 * uses, so the page is typed and ready; the donations owner should move them into
 * packages/contracts/src/donations/ (and implement them: tip confirmed → acceptEvent with
 * source 'direct', kind 'tip') and this file then becomes an import of those.
 */

export const MAX_TIP_MESSAGE_CHARS = 255
export const MIN_TIP_CENTS = 100
export const MAX_TIP_CENTS = 100_000

export const TipPageCreator = z.object({
  username: z.string(),
  /** The creator's lowest-tier avatar setup's avatar (what speaks a small tip), or null for the default influencer. */
  avatar: DonationAvatar.nullable(),
  /** False when the creator muted alerts or an admin turned them off: tips are still taken, not spoken. */
  alerts_live: z.boolean(),
  /** Tips under this many USD are recorded but not read aloud. */
  min_spoken_usd: z.number(),
  /** The payment provider runs in test mode (sandbox or Stripe test keys). */
  test_mode: z.boolean(),
})
export type TipPageCreator = z.infer<typeof TipPageCreator>

export const getTipPage = defineRoute({
  method: 'GET', path: '/api/donation/tip-page/:username', auth: 'public',
  summary: 'The public card of a creator for their tip page (404 when the creator does not exist)',
  params: z.object({ username: z.string().trim().min(1).max(60) }),
  response: z.object({ creator: TipPageCreator }),
})

export const sendDirectTip = defineRoute({
  method: 'POST', path: '/api/donation/tips/direct', auth: 'public',
  summary: 'Pay a tip with a card token; a paid tip becomes an alert (source direct). A card error answers 402 with its message.',
  body: z.object({
    username: z.string().trim().min(1).max(60),
    /** /{username}/tip/{channel}: which of the creator's channels the tip was sent from. */
    channel: z.string().trim().max(100).optional(),
    amount_cents: z.number().int().min(MIN_TIP_CENTS, 'The smallest tip is $1.00').max(MAX_TIP_CENTS, 'The largest tip is $1,000.00'),
    currency: z.literal('USD'),
    who: z.string().trim().max(100),
    message: z.string().trim().max(MAX_TIP_MESSAGE_CHARS, `Message must be at most ${MAX_TIP_MESSAGE_CHARS} characters`),
    token_id: z.string().trim().regex(/^(tok|pm)_[A-Za-z0-9_]+$/, 'Please enter a valid card'),
    /** One tip per click: a retried request with the same key charges once. */
    idempotency_key: z.string().uuid(),
  }),
  response: z.object({
    tip: z.object({ id: z.number().int(), status: AlertStatus, who: z.string(), amount: z.number(), currency: z.string(), message: z.string() }),
  }),
})
