/**
 * Stripe's test-card semantics, shared by the server (sandbox provider, Stripe test-mode tokens)
 * and the test pages that list the cards. Any other valid (Luhn) number succeeds.
 */
export type CardOutcome =
  'succeed' | 'decline' | 'insufficient_funds' | 'expired' | 'incorrect_cvc' | 'processing_error'

export interface TestCard {
  number: string
  brand: string
  outcome: CardOutcome
  /** What happens, for the test pages. */
  label: string
  /**
   * Whether the card can be saved as the card on file. As with Stripe, a card that would be
   * declined is refused when it is saved (a $0 check), except 4000 0000 0000 0341, which is saved
   * and then declined on every charge.
   */
  attaches?: boolean
}

/** The test cards the test pages list; any other valid (Luhn) number succeeds. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', outcome: 'succeed', label: 'Succeeds' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'succeed', label: 'Succeeds' },
  {
    number: '4000000000000002',
    brand: 'visa',
    outcome: 'decline',
    label: 'Declined: Your card was declined.',
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    outcome: 'insufficient_funds',
    label: 'Declined: insufficient funds',
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    outcome: 'expired',
    label: 'Declined: Your card has expired.',
  },
  {
    number: '4000000000000127',
    brand: 'visa',
    outcome: 'incorrect_cvc',
    label: "Declined: Your card's security code is incorrect.",
  },
  { number: '4000000000000119', brand: 'visa', outcome: 'processing_error', label: 'Processing error' },
  {
    number: '4000000000000341',
    brand: 'visa',
    outcome: 'decline',
    label: 'Saved as the card on file, then every charge is declined',
    attaches: true,
  },
]

export interface CardErrorInfo {
  code: string
  decline_code?: string
  message: string
}

/** Stripe's codes and messages for each failing outcome. */
export const CARD_ERRORS: Record<Exclude<CardOutcome, 'succeed'>, CardErrorInfo> = {
  decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: {
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  processing_error: {
    code: 'processing_error',
    decline_code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
}

export const INVALID_CARD_ERRORS = {
  incorrect_number: { code: 'incorrect_number', message: 'Your card number is incorrect.' },
  invalid_expiry_month: { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." },
  invalid_expiry_year: { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." },
  invalid_cvc: { code: 'invalid_cvc', message: "Your card's security code is invalid." },
} as const

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover'
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners'
  if (/^35/.test(digits)) return 'jcb'
  if (/^62/.test(digits)) return 'unionpay'
  return 'unknown'
}
