import { lazy, Suspense, useEffect } from 'react'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { PaymentStep } from '@mouthpiece/contracts/constants'
import type { PaymentProviderInfo } from '@mouthpiece/contracts/payments/payments.schemas'
import { luhnValid } from '@mouthpiece/contracts/payments/test-cards'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { loadChunk } from '../../../lib/chunk-reload'
import { track } from '../../tracking'
import type { CardEntry, CardFields } from '../api'
import { formatExpiry, groupDigits } from '../format'

// Stripe's card field and its React bindings load only where a card is taken with Stripe configured.
const StripeCardForm = lazy(() =>
  loadChunk(() => import('./stripe-card-form')).then((m) => ({ default: m.StripeCardForm })),
)

/** The checks Stripe.js makes before a card leaves the page, with Stripe's wording. */
const CardSchema = z.object({
  number: z
    .string()
    .transform((s) => s.replace(/\D/g, ''))
    .refine(luhnValid, 'Your card number is incorrect.'),
  expiry: z
    .string()
    .regex(/^\s*(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})\s*$/, "Your card's expiration date is incomplete."),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
})
type CardIn = z.input<typeof CardSchema>
type CardOut = z.output<typeof CardSchema>

function toFields(card: CardOut): CardFields {
  const [month = '', year = ''] = card.expiry.split('/').map((s) => s.trim())
  return {
    number: card.number,
    exp_month: Number(month),
    exp_year: Number(year.length === 2 ? `20${year}` : year),
    cvc: card.cvc,
  }
}

export interface CardFormProps {
  provider: PaymentProviderInfo | undefined
  submitLabel: string
  onSubmit: (card: CardEntry) => Promise<void>
  /** The last failure to show above the button, e.g. 'Your card was declined.' */
  error?: string
  /** A test card picked from the list fills the number. */
  prefillNumber?: string
  extraActions?: ReactNode
}

/**
 * The card form for the provider in use. Stripe with a publishable key: Stripe.js's own card field
 * (test and live keys). Otherwise card number, expiry and CVC typed here, which go to the token
 * endpoint only (test mode); what is kept is brand, last 4 and expiry.
 */
export function CardForm(props: CardFormProps) {
  const { provider } = props
  if (provider?.card_entry === 'stripe-js' && provider.publishable_key)
    return (
      <Suspense fallback={<LoadingBlock label="Loading secure card field…" />}>
        <StripeCardForm
          publishableKey={provider.publishable_key}
          submitLabel={props.submitLabel}
          onSubmit={props.onSubmit}
          error={props.error}
          extraActions={props.extraActions}
        />
      </Suspense>
    )
  return <TypedCardForm {...props} />
}

function TypedCardForm({
  provider,
  submitLabel,
  onSubmit,
  error,
  prefillNumber,
  extraActions,
}: CardFormProps) {
  const form = useForm<CardIn, unknown, CardOut>({
    resolver: zodResolver(CardSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
    mode: 'onTouched',
  })
  const { setValue } = form
  useEffect(() => {
    if (prefillNumber) {
      setValue('number', groupDigits(prefillNumber), { shouldValidate: true })
      if (!form.getValues('expiry'))
        setValue('expiry', `12 / ${String(new Date().getFullYear() + 3).slice(2)}`)
      if (!form.getValues('cvc')) setValue('cvc', '123')
    }
  }, [prefillNumber, setValue, form])

  if (provider && provider.card_entry === 'unavailable')
    return (
      <p role="note" className="rounded-xl border border-border bg-surface-2 p-4 text-sm text-muted">
        Card payments with live Stripe keys need Stripe's publishable key: set STRIPE_PUBLISHABLE_KEY
        (pk_live_…) on the server.
      </p>
    )

  const submit = form.handleSubmit(async (card) => {
    track(PaymentStep.enterPaymentInformation, { category: 'payment' })
    await onSubmit({ kind: 'fields', fields: toFields(card), last4: card.number.slice(-4) })
  })
  const numberField = form.register('number')
  const expiryField = form.register('expiry')
  const errors = form.formState.errors
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
      aria-label="Card details"
    >
      <Field label="Card number" error={errors.number?.message}>
        <TextInput
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          {...numberField}
          onChange={(e) => {
            e.target.value = groupDigits(e.target.value)
            void numberField.onChange(e)
          }}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry (MM / YY)" error={errors.expiry?.message}>
          <TextInput
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            {...expiryField}
            onChange={(e) => {
              const native = e.nativeEvent as InputEvent
              const deleting = native.inputType?.startsWith('delete') ?? false
              e.target.value = deleting
                ? e.target.value.replace(/\s*\/\s*$/, '')
                : formatExpiry(e.target.value)
              void expiryField.onChange(e)
            }}
          />
        </Field>
        <Field label="CVC" error={errors.cvc?.message}>
          <TextInput
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            {...form.register('cvc')}
          />
        </Field>
      </div>
      <FormError message={error} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
        {extraActions}
      </div>
      <p className="text-xs text-muted">
        Only the card brand, last 4 digits and expiry are kept — never the full number.
      </p>
    </form>
  )
}
