import {
  INVALID_CARD_ERRORS,
  TEST_CARDS,
  cardBrand,
  luhnValid,
} from '@mouthpiece/contracts/payments/test-cards'
import type { CardOutcome } from '@mouthpiece/contracts/payments/test-cards'

export { CARD_ERRORS, TEST_CARDS } from '@mouthpiece/contracts/payments/test-cards'
export type { CardOutcome } from '@mouthpiece/contracts/payments/test-cards'

/** Stripe's ready-made test PaymentMethods, used when tokenizing test cards for Stripe test mode. */
export const STRIPE_TEST_PAYMENT_METHODS: Record<CardOutcome, string> = {
  succeed: 'pm_card_visa',
  decline: 'pm_card_chargeDeclined',
  insufficient_funds: 'pm_card_chargeDeclinedInsufficientFunds',
  expired: 'pm_card_chargeDeclinedExpiredCard',
  incorrect_cvc: 'pm_card_chargeDeclinedIncorrectCvc',
  processing_error: 'pm_card_chargeDeclinedProcessingError',
}

export interface CardInput {
  number: string
  expMonth: number
  expYear: number
  cvc: string
}
export type CheckedCard =
  | {
      ok: true
      brand: string
      last4: string
      expMonth: number
      expYear: number
      outcome: CardOutcome
      /** Saving it as the card on file works (only 4242-like cards and 4000…0341). */
      attaches: boolean
    }
  | { ok: false; code: string; message: string }

/**
 * What Stripe.js checks before a token exists: number (Luhn), expiry in the future, CVC length.
 * A card is reduced to brand, last 4, expiry and how charges on it turn out; the number is dropped.
 */
export function checkCard(card: CardInput, now = new Date()): CheckedCard {
  const number = card.number.replace(/[\s-]/g, '')
  if (!luhnValid(number)) return { ok: false, ...INVALID_CARD_ERRORS.incorrect_number }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    return { ok: false, ...INVALID_CARD_ERRORS.invalid_expiry_month }
  const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear
  const year = now.getUTCFullYear()
  const month = now.getUTCMonth() + 1
  if (expYear < year || expYear > year + 50 || (expYear === year && card.expMonth < month))
    return { ok: false, ...INVALID_CARD_ERRORS.invalid_expiry_year }
  const brand = cardBrand(number)
  if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(card.cvc.trim()))
    return { ok: false, ...INVALID_CARD_ERRORS.invalid_cvc }
  const test = TEST_CARDS.find((c) => c.number === number)
  const outcome = test?.outcome ?? 'succeed'
  const attaches = outcome === 'succeed' || test?.attaches === true
  return { ok: true, brand, last4: number.slice(-4), expMonth: card.expMonth, expYear, outcome, attaches }
}

/** The Stripe test PaymentMethod for a checked card (4000…0341 is Stripe's "attaches, charges fail"). */
export function stripeTestPaymentMethod(checked: { outcome: CardOutcome; attaches: boolean }): string {
  return checked.outcome !== 'succeed' && checked.attaches
    ? 'pm_card_chargeCustomerFail'
    : STRIPE_TEST_PAYMENT_METHODS[checked.outcome]
}
