import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { PaymentRecord } from '@mouthpiece/contracts/payments/payments.schemas'
import { GENERIC_ERROR_MESSAGE } from '@mouthpiece/contracts/errors'
import { ButtonLink } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { Field, TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { PATHS } from '../../../app/paths'
import { ApiError } from '../../../lib/api'
import { cardToken, plansQuery, useOneOffPayment } from '../api'
import type { CardEntry } from '../api'
import { money } from '../format'
import { CardForm } from '../components/card-form'
import { TestCardsList } from '../components/test-cards-list'
import { TestModeBanner } from '../components/test-mode-banner'

interface Attempt {
  id: number
  amount: number
  last4: string
  outcome: { ok: true; payment: PaymentRecord } | { ok: false; message: string }
}

/** Shown instead of a test page when real money would move. */
export function TestModeOnly() {
  return (
    <p role="note" className="rounded-xl border border-border bg-surface-2 p-4 text-sm text-muted">
      Test payments are only available in test mode (the built-in sandbox or Stripe test keys).
    </p>
  )
}

/** /test-payment: a one-off test payment (a PaymentIntent) with the listed test cards. */
export function TestPaymentPage() {
  const plans = useQuery(plansQuery)
  const pay = useOneOffPayment()
  const [amount, setAmount] = useState('5.00')
  const [picked, setPicked] = useState<string>()
  const [error, setError] = useState<string>()
  const [attempts, setAttempts] = useState<Attempt[]>([])
  const cents = Math.round(Number(amount) * 100)
  const amountError =
    Number.isFinite(cents) && cents >= 50 && cents <= 100_000
      ? undefined
      : 'Enter an amount between $0.50 and $1,000'

  const submit = async (card: CardEntry) => {
    setError(undefined)
    if (amountError) return setError(amountError)
    const last4 = card.last4
    let outcome: Attempt['outcome']
    try {
      const token_id = await cardToken(card)
      outcome = {
        ok: true,
        payment: await pay.mutateAsync({ amount_cents: cents, description: 'Test payment', token_id }),
      }
    } catch (e) {
      outcome = { ok: false, message: e instanceof ApiError ? e.message : GENERIC_ERROR_MESSAGE }
      setError(outcome.message)
    }
    setAttempts((list) => [{ id: Date.now(), amount: cents, last4, outcome }, ...list])
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeader
        title="Test payment"
        description="A one-off card payment in test mode. Try the cards below to see a success and each kind of decline."
        actions={
          <ButtonLink to={PATHS.testPaymentSubscription} variant="tertiary">
            Test a subscription
          </ButtonLink>
        }
      />
      <TestModeBanner provider={plans.data?.provider} />
      {plans.isPending ? (
        <LoadingBlock />
      ) : !plans.data?.provider.test_mode ? (
        <TestModeOnly />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1.2fr_1fr]">
          <section
            aria-label="Pay"
            className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 sm:p-6"
          >
            <Field label="Amount (USD)" error={amountError}>
              <TextInput inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
            </Field>
            <CardForm
              provider={plans.data.provider}
              submitLabel={amountError ? 'Pay' : `Pay ${money(cents)}`}
              onSubmit={submit}
              error={error}
              prefillNumber={picked}
            />
            {attempts.length ? (
              <div>
                <h2 className="mb-2 text-sm font-medium text-muted">This session</h2>
                <ul className="divide-y divide-border text-sm" aria-label="Test payment results">
                  {attempts.map((a) => (
                    <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span className="text-text">
                        {money(a.amount)} · card •••• {a.last4}
                      </span>
                      {a.outcome.ok ? (
                        <Badge tone="success">Paid</Badge>
                      ) : (
                        <span className="flex items-center gap-2">
                          <Badge tone="danger">Failed</Badge>
                          <span className="text-danger">{a.outcome.message}</span>
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>
          <TestCardsList onPick={plans.data.provider.card_entry === 'stripe-js' ? undefined : setPicked} />
        </div>
      )}
    </div>
  )
}
