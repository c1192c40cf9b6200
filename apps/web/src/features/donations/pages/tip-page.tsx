import { useEffect, useMemo, useRef, useState } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { INFLUENCERS, findInfluencer } from '@mouthpiece/avatar/presets'
import type { RouteBody } from '@mouthpiece/contracts/define-route'
import { GENERIC_ERROR_MESSAGE } from '@mouthpiece/contracts/errors'
import { Button } from '../../../components/ui/button'
import { Badge } from '../../../components/ui/card'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { AlertIcon } from '../../../components/ui/icons'
import { LoadingBlock } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { ApiError, request } from '../../../lib/api'
import {
  cardToken,
  plansQuery,
  CardConfirmationError,
  NEEDS_CONFIRMATION,
  withCardConfirmation,
  CardForm,
  TestCardsList,
  TestModeBanner,
} from '../../payments'
import type { CardEntry } from '../../payments'
import { AvatarThumb } from '../components/avatar-thumb'
import { formatMoney } from '../format'
import {
  MAX_TIP_CENTS,
  MAX_TIP_MESSAGE_CHARS,
  MIN_TIP_CENTS,
  getTipPage,
  sendDirectTip,
} from '@mouthpiece/contracts/donations/tips-direct.contract'
import type { TipPageCreator } from '@mouthpiece/contracts/donations/tips-direct.contract'

const PRESETS = [3, 5, 10, 20, 50]

type Sent = { amount: number; who: string; message: string }

function CreatorHeader({ creator, channel }: { creator: TipPageCreator; channel?: string }) {
  const look =
    creator.avatar?.look ?? findInfluencer(creator.avatar?.influencer_id ?? '')?.look ?? INFLUENCERS[0]!.look
  return (
    <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
      <AvatarThumb look={look} size={112} label={`${creator.username}'s avatar`} />
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wider text-accent uppercase">Tip with a spoken alert</p>
        <h1 className="mt-1 text-2xl font-semibold break-words text-text sm:text-3xl">
          Tip {creator.username}
        </h1>
        <p className="mt-1.5 text-sm text-muted">
          Your name and message are read aloud on stream by {creator.username}’s avatar.
          {channel ? (
            <span className="ml-2 align-middle">
              <Badge>{channel}</Badge>
            </span>
          ) : null}
        </p>
      </div>
    </header>
  )
}

function Confirmation({
  creator,
  sent,
  onAgain,
}: {
  creator: TipPageCreator
  sent: Sent
  onAgain: () => void
}) {
  const ref = useRef<HTMLElement>(null)
  // The send button sat low on a long form (far down on a phone): show the thank-you from the top.
  useEffect(() => {
    window.scrollTo({ top: 0 })
    ref.current?.focus({ preventScroll: true })
  }, [])
  return (
    <section
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-label="Tip sent"
      className="flex flex-col items-center gap-3 rounded-2xl border border-success/40 bg-success/10 p-8 text-center outline-none"
    >
      <h2 className="text-xl font-semibold text-text">Thank you{sent.who ? `, ${sent.who}` : ''}!</h2>
      <p className="text-sm text-[#c9cedb]">
        Your {formatMoney(sent.amount)} tip to {creator.username} went through.{' '}
        {creator.alerts_live && sent.amount >= creator.min_spoken_usd
          ? 'Your message will play on stream in a moment.'
          : `${creator.username} will see it in their Activity Feed.`}
      </p>
      {sent.message ? (
        <blockquote className="max-w-md text-sm text-muted italic">“{sent.message}”</blockquote>
      ) : null}
      <Button variant="secondary" onClick={onAgain}>
        Send another tip
      </Button>
    </section>
  )
}

function TipForm({
  creator,
  channel,
  username,
  onSent,
}: {
  creator: TipPageCreator
  channel?: string
  username: string
  onSent: (s: Sent) => void
}) {
  const plans = useQuery(plansQuery)
  const [preset, setPreset] = useState<number | null>(5)
  const [custom, setCustom] = useState('')
  const [who, setWho] = useState('')
  const [message, setMessage] = useState('')
  const [picked, setPicked] = useState<string>()
  const [error, setError] = useState<string>()
  const idempotency = useRef(crypto.randomUUID())
  const send = useMutation({
    mutationFn: (body: RouteBody<typeof sendDirectTip>) => request(sendDirectTip, { body }),
  })

  const amount = preset ?? Number(custom.replace(',', '.'))
  const cents = Math.round(amount * 100)
  const amountError =
    Number.isFinite(cents) && cents >= MIN_TIP_CENTS && cents <= MAX_TIP_CENTS
      ? undefined
      : 'Enter an amount between $1.00 and $1,000.00'
  const tooLong = message.length > MAX_TIP_MESSAGE_CHARS

  const submit = async (card: CardEntry) => {
    setError(undefined)
    if (amountError) return setError(amountError)
    if (tooLong) return setError(`Message must be at most ${MAX_TIP_MESSAGE_CHARS} characters`)
    try {
      const token_id = await cardToken(card)
      const body = {
        username,
        channel,
        amount_cents: cents,
        currency: 'USD' as const,
        who: who.trim(),
        message: message.trim(),
        token_id,
        idempotency_key: idempotency.current,
      }
      const answer = await withCardConfirmation(plans.data?.provider.publishable_key, () =>
        send.mutateAsync(body),
      )
      if (!answer.tip) return setError(NEEDS_CONFIRMATION)
      idempotency.current = crypto.randomUUID()
      onSent({ amount: cents / 100, who: who.trim(), message: message.trim() })
    } catch (e) {
      setError(
        e instanceof ApiError || e instanceof CardConfirmationError ? e.message : GENERIC_ERROR_MESSAGE,
      )
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1.3fr_1fr]">
      <section
        aria-label="Your tip"
        className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 sm:p-6"
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-[#c9cedb]">Amount</legend>
          <div role="radiogroup" aria-label="Amount" className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {PRESETS.map((p) => (
              <button
                key={p}
                type="button"
                role="radio"
                aria-checked={preset === p}
                onClick={() => setPreset(p)}
                className={cn(
                  'h-11 rounded-lg border text-sm font-semibold transition-colors',
                  preset === p
                    ? 'border-accent bg-accent text-on-accent'
                    : 'border-border bg-[#11141c] text-text hover:border-[#3a4152]',
                )}
              >
                ${p}
              </button>
            ))}
            <button
              type="button"
              role="radio"
              aria-checked={preset === null}
              onClick={() => setPreset(null)}
              className={cn(
                'h-11 rounded-lg border text-sm font-semibold',
                preset === null
                  ? 'border-accent bg-accent/15 text-accent'
                  : 'border-border bg-[#11141c] text-text hover:border-[#3a4152]',
              )}
            >
              Other
            </button>
          </div>
          {preset === null ? (
            <Field label="Custom amount (USD)" error={custom ? amountError : undefined} className="mt-3">
              <TextInput
                inputMode="decimal"
                autoFocus
                placeholder="7.50"
                value={custom}
                onChange={(e) => setCustom(e.target.value)}
              />
            </Field>
          ) : null}
          {creator.min_spoken_usd > 0 ? (
            <p className="mt-2 text-xs text-muted">
              Tips from {formatMoney(creator.min_spoken_usd)} are read aloud on stream.
            </p>
          ) : null}
        </fieldset>
        <Field label="Your name" hint="Leave empty to tip as Anonymous.">
          <TextInput
            value={who}
            maxLength={100}
            autoComplete="nickname"
            placeholder="Anonymous"
            onChange={(e) => setWho(e.target.value)}
          />
        </Field>
        <div className="flex flex-col gap-1.5">
          <Field
            label="Message"
            error={tooLong ? `Message must be at most ${MAX_TIP_MESSAGE_CHARS} characters` : undefined}
          >
            <TextArea
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              placeholder={`Say something to ${creator.username}…`}
              className="min-h-24"
            />
          </Field>
          <div className="flex items-start justify-between gap-3 text-xs">
            <p className="text-muted">
              Messages pass a profanity filter before they are read aloud; links are removed. Be kind.
            </p>
            <span
              aria-live="polite"
              className={cn('shrink-0 tabular-nums', tooLong ? 'text-danger' : 'text-muted')}
            >
              {message.length} / {MAX_TIP_MESSAGE_CHARS}
            </span>
          </div>
        </div>
        <div className="border-t border-border pt-5">
          <TestModeBanner provider={plans.data?.provider} />
          <div className="mt-4">
            {plans.isPending ? (
              <LoadingBlock />
            ) : (
              <CardForm
                provider={plans.data?.provider}
                submitLabel={amountError ? 'Send tip' : `Send ${formatMoney(cents / 100)} tip`}
                onSubmit={submit}
                error={error}
                prefillNumber={picked}
              />
            )}
          </div>
        </div>
      </section>
      {plans.data?.provider.test_mode ? (
        <TestCardsList onPick={plans.data.provider.card_entry === 'stripe-js' ? undefined : setPicked} />
      ) : null}
    </div>
  )
}

/** The tip page as a visitor sees it: creator header, amount, name, message, card, confirmation. */
export function PublicTipPage({ username, channel }: { username: string; channel?: string }) {
  const creator = useQuery({
    queryKey: ['donations', 'tip-page', username],
    queryFn: ({ signal }) => request(getTipPage, { params: { username }, signal }).then((r) => r.creator),
    retry: false,
  })
  const [sent, setSent] = useState<Sent | null>(null)
  const title = useMemo(() => (creator.data ? `Tip ${creator.data.username}` : 'Tip'), [creator.data])

  if (creator.isPending) return <LoadingBlock className="min-h-[50vh]" />
  if (creator.error || !creator.data) {
    const missing = creator.error instanceof ApiError && creator.error.failure.httpStatus === 404
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-20 text-center">
        <AlertIcon size={30} className="text-danger" />
        <h1 className="text-xl font-semibold text-text">
          {missing ? 'This tip page is not available' : 'Could not load this tip page'}
        </h1>
        <p className="text-sm text-muted">
          {missing
            ? `There is no creator called “${username}” taking tips here.`
            : (creator.error?.message ?? GENERIC_ERROR_MESSAGE)}
        </p>
        {!missing ? (
          <Button variant="tertiary" onClick={() => void creator.refetch()}>
            Try again
          </Button>
        ) : null}
      </div>
    )
  }
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6" aria-label={title}>
      <CreatorHeader creator={creator.data} channel={channel} />
      {sent ? (
        <Confirmation creator={creator.data} sent={sent} onAgain={() => setSent(null)} />
      ) : (
        <TipForm creator={creator.data} channel={channel} username={username} onSent={setSent} />
      )}
    </div>
  )
}

/** /{username}/tip/{channel} and /{username}/donate: open to anonymous visitors. */
export function TipPage() {
  const { username = '', channel } = useParams()
  return <PublicTipPage username={username} channel={channel} />
}
