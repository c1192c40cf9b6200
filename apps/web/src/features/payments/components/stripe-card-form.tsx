import { useState } from 'react'
import type { ReactNode } from 'react'
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import type { StripeCardElementChangeEvent, StripeCardElementOptions } from '@stripe/stripe-js'
import { PaymentStep } from '@mouthpiece/contracts/constants'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/field'
import { cn } from '../../../lib/cn'
import { track } from '../../tracking'
import type { CardEntry } from '../api'
import { stripeFor } from '../stripe-js'

/** Stripe's card field drawn like our inputs (it lives in Stripe's iframe, so it is styled here). */
const CARD_STYLE: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: {
      color: '#e6e9f0',
      fontFamily: 'Roboto, system-ui, sans-serif',
      fontSize: '15px',
      iconColor: '#FF6A59',
      // Stripe's iframe cannot read the CSS tokens: styles.css --color-faint.
      '::placeholder': { color: '#838b9d' },
    },
    invalid: { color: '#f87171', iconColor: '#f87171' },
  },
}

export interface StripeCardFormProps {
  publishableKey: string
  submitLabel: string
  onSubmit: (card: CardEntry) => Promise<void>
  error?: string
  extraActions?: ReactNode
}

/**
 * Card entry with Stripe.js (Stripe configured, test or live keys): the number, expiry and CVC
 * are typed into Stripe's own field and never reach this page's code or our server; Stripe answers
 * a PaymentMethod id, which the payment calls take as `token_id`.
 */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeFields {...props} />
    </Elements>
  )
}

function StripeFields({
  submitLabel,
  onSubmit,
  error,
  extraActions,
}: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe()
  const elements = useElements()
  const [state, setState] = useState<{
    ready: boolean
    complete: boolean
    fieldError?: string
    busy: boolean
    stripeError?: string
  }>({ ready: false, complete: false, busy: false })
  const onChange = (e: StripeCardElementChangeEvent) =>
    setState((s) => ({ ...s, complete: e.complete, fieldError: e.error?.message, stripeError: undefined }))

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const card = elements?.getElement(CardElement)
    if (!stripe || !card || state.busy) return
    setState((s) => ({ ...s, busy: true, stripeError: undefined }))
    try {
      track(PaymentStep.enterPaymentInformation, { category: 'payment' })
      const result = await stripe.createPaymentMethod({ type: 'card', card })
      if (result.error)
        return setState((s) => ({
          ...s,
          stripeError: result.error.message ?? 'Your card could not be used.',
        }))
      await onSubmit({
        kind: 'stripe',
        tokenId: result.paymentMethod.id,
        last4: result.paymentMethod.card?.last4 ?? '',
      })
    } finally {
      setState((s) => ({ ...s, busy: false }))
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
      aria-label="Card details"
    >
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-[#c9cedb]">Card</span>
        <div
          data-testid="stripe-card-field"
          className={cn(
            'rounded-lg border bg-[#11141c] px-3 py-3 transition-colors focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/25',
            state.fieldError ? 'border-danger' : 'border-border',
          )}
        >
          <CardElement
            options={CARD_STYLE}
            onChange={onChange}
            onReady={() => setState((s) => ({ ...s, ready: true }))}
          />
        </div>
        {state.fieldError ? (
          <p role="alert" className="text-xs text-danger">
            {state.fieldError}
          </p>
        ) : null}
        {!state.ready ? <p className="text-xs text-muted">Loading secure card field…</p> : null}
      </div>
      <FormError message={state.stripeError ?? error} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={state.busy} disabled={!stripe || !state.ready}>
          {submitLabel}
        </Button>
        {extraActions}
      </div>
      <p className="text-xs text-muted">
        Card details go straight to Stripe; only the card brand, last 4 digits and expiry are kept.
      </p>
    </form>
  )
}
