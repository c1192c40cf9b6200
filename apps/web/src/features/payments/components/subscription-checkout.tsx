import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type {
  PaymentProviderInfo,
  Subscription,
  SubscriptionPlan,
} from '@mouthpiece/contracts/payments/payments.schemas'
import { GENERIC_ERROR_MESSAGE } from '@mouthpiece/contracts/errors'
import { Button, ButtonLink } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/field'
import { CheckIcon } from '../../../components/ui/icons'
import { LoadingBlock } from '../../../components/ui/spinner'
import { MANAGE_BILLING_LINK } from '../../../app/paths'
import { ApiError } from '../../../lib/api'
import { methodQuery, useSaveCard, useSubscribe } from '../api'
import type { CardEntry } from '../api'
import { brandName, longDate, money } from '../format'
import { CardConfirmationError } from '../stripe-js'
import { CardForm } from './card-form'

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof CardConfirmationError ? error.message : GENERIC_ERROR_MESSAGE

/**
 * Pays for a plan: with the card on file, or a new card (saved, then charged). A card problem
 * shows the card's own message, e.g. 'Your card was declined.'; a card whose bank asks for 3-D
 * Secure opens the bank's window through Stripe.js before the plan starts.
 */
export function SubscriptionCheckout({
  plan,
  provider,
  prefillNumber,
}: {
  plan: SubscriptionPlan
  provider: PaymentProviderInfo | undefined
  prefillNumber?: string
}) {
  const method = useQuery(methodQuery)
  const saveCard = useSaveCard()
  const subscribe = useSubscribe(provider?.publishable_key)
  const [error, setError] = useState<string>()
  const [newCard, setNewCard] = useState(false)
  const [done, setDone] = useState<Subscription>()
  const price = `${money(plan.price_cents, plan.currency)} / month`
  // A test card picked from the list goes into a fresh card form.
  useEffect(() => {
    if (prefillNumber) setNewCard(true)
  }, [prefillNumber])

  async function pay(card?: CardEntry) {
    setError(undefined)
    try {
      if (card) {
        await saveCard.mutateAsync({ card, replace: !!method.data })
        setNewCard(false)
      }
      setDone(await subscribe.mutateAsync(plan.id))
    } catch (e) {
      setError(messageOf(e))
    }
  }

  if (done)
    return (
      <div
        role="status"
        className="flex flex-col items-start gap-4 rounded-2xl border border-success/40 bg-success/10 p-6"
      >
        <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-success/20 text-success">
          <CheckIcon />
        </span>
        <div>
          <h2 className="text-lg font-semibold text-text">You're on the {done.plan.name} plan</h2>
          <p className="mt-1 text-sm text-muted">
            {done.current_period_end
              ? `It renews on ${longDate(done.current_period_end)}.`
              : 'Your plan is active.'}{' '}
            A receipt is in your payment history.
          </p>
        </div>
        <ButtonLink to={MANAGE_BILLING_LINK} variant="secondary">
          Manage billing
        </ButtonLink>
      </div>
    )
  if (method.isPending) return <LoadingBlock />
  if (method.data && !newCard)
    return (
      <div className="flex flex-col gap-4">
        <p className="rounded-xl border border-border bg-surface-2 px-4 py-3 text-sm text-text">
          Pay with {brandName(method.data.brand)} •••• {method.data.last4}
          <span className="ml-2 text-muted">
            expires {String(method.data.exp_month).padStart(2, '0')}/{String(method.data.exp_year).slice(-2)}
          </span>
        </p>
        <FormError message={error} />
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void pay()} loading={subscribe.isPending}>
            Subscribe — {price}
          </Button>
          <Button
            variant="quaternary"
            onClick={() => {
              setError(undefined)
              setNewCard(true)
            }}
          >
            Use another card
          </Button>
        </div>
      </div>
    )
  return (
    <CardForm
      provider={provider}
      submitLabel={`Subscribe — ${price}`}
      onSubmit={pay}
      error={error}
      prefillNumber={prefillNumber}
      extraActions={
        method.data ? (
          <Button variant="quaternary" onClick={() => setNewCard(false)}>
            Use the card on file
          </Button>
        ) : null
      }
    />
  )
}
