import { loadStripe } from '@stripe/stripe-js/pure'
import type { Stripe } from '@stripe/stripe-js'
import type { CardNextAction } from '@mouthpiece/contracts/payments/payments.schemas'

/**
 * Stripe.js for a publishable key, loaded once per page from js.stripe.com (Stripe requires it
 * be loaded from there, never bundled). The `pure` entry adds the script only when asked, so only
 * pages that take a card with Stripe configured load it — never the sandbox's.
 */
const loaded = new Map<string, Promise<Stripe | null>>()
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey)
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((error: unknown) => {
      loaded.delete(publishableKey) // a failed load (offline) may be retried
      throw error
    })
    loaded.set(publishableKey, stripe)
  }
  return stripe
}

/** A card whose bank still waits for the payer (no Stripe.js here, or the step did not finish). */
export const NEEDS_CONFIRMATION =
  'This card needs an extra confirmation step. Please try again or use another card.'

/** Thrown when the card's confirmation step (3-D Secure) did not succeed; the message is Stripe's. */
export class CardConfirmationError extends Error {}

/**
 * The card's bank asks the payer to confirm (3-D Secure): Stripe.js opens the bank's window and
 * resolves once the payer answered. Resolves when the payment may go on; throws with Stripe's
 * message when the payer failed or closed it.
 */
export async function confirmCardPayment(publishableKey: string, clientSecret: string): Promise<void> {
  const stripe = await stripeFor(publishableKey)
  if (!stripe)
    throw new CardConfirmationError('Card payments are not available right now. Please try again later.')
  const result = await stripe.confirmCardPayment(clientSecret)
  if (result.error)
    throw new CardConfirmationError(
      result.error.message ??
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    )
}

/**
 * Sends a payment request; when the card's bank asks the payer to confirm (3-D Secure), runs
 * Stripe.js's confirmation step, then sends the same request again so the server reads the
 * outcome — paid, or refused with the bank's reason (its 402 is thrown from there). Answers the
 * last answer; still asking after a failed step throws Stripe.js's reason.
 */
export async function withCardConfirmation<T extends { next_action?: CardNextAction }>(
  publishableKey: string | null | undefined,
  send: () => Promise<T>,
): Promise<T> {
  const answer = await send()
  if (!answer.next_action || !publishableKey) return answer
  const failure = await confirmCardPayment(publishableKey, answer.next_action.client_secret).then(
    () => undefined,
    (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
  )
  const after = await send()
  if (after.next_action && failure) throw failure
  return after
}
