import { useEffect, useId, useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import { CHANNELS_QUESTION_ID } from '@mouthpiece/contracts/early-registers/survey-questions'
import type { SurveyQuestion, SurveyRole } from '@mouthpiece/contracts/early-registers/survey-questions'
import type { ChannelPlatform } from '@mouthpiece/contracts/early-registers/channel-url'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextArea, TextInput } from '../../../components/ui/field'
import { CheckIcon } from '../../../components/ui/icons'
import { Modal } from '../../../components/ui/modal'
import { cn } from '../../../lib/cn'
import { ApiError } from '../../../lib/api'
import { anonymousId } from '../../tracking'
import { useEarlyRegister } from '../api'
import {
  channelErrors,
  chooseAnswer,
  chooseRole,
  emptySurvey,
  isChosen,
  payloadError,
  setChannelUrl,
  setText,
  stepError,
  stepsFor,
  toPayload,
} from '../survey/survey-flow'
import type { Step, SurveyState } from '../survey/survey-flow'
import { PLATFORM_LABEL, SurveyIconView } from './survey-icon'

export interface EarlyAccessSurveyProps {
  open: boolean
  onClose: () => void
  /** Starts on the role the visitor already picked (e.g. "I'm a creator" on the page). */
  initialRole?: SurveyRole
}

const tileBase =
  'flex w-full items-center gap-3 rounded-xl border px-4 py-3 text-left text-sm transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent'
const tileState = (on: boolean) =>
  on
    ? 'border-accent bg-accent/10 text-text'
    : 'border-border bg-[#11141c] text-[#c9cedb] hover:border-[#3a4154] hover:text-text'

function Tick({ on, round }: { on: boolean; round?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'ml-auto inline-flex h-5 w-5 shrink-0 items-center justify-center border transition-colors',
        round ? 'rounded-full' : 'rounded-md',
        on ? 'border-accent bg-accent text-on-accent' : 'border-[#3a4154]',
      )}
    >
      {on ? <CheckIcon size={13} /> : null}
    </span>
  )
}

/** SPEC §3 early-access survey: role, the role's questions (radio, img_select, text, channels), email. */
export function EarlyAccessSurvey({ open, onClose, initialRole }: EarlyAccessSurveyProps) {
  const [state, setState] = useState<SurveyState>(() => emptySurvey(initialRole))
  const [index, setIndex] = useState(initialRole ? 1 : 0)
  const [showErrors, setShowErrors] = useState(false)
  const [done, setDone] = useState<string>()
  const submit = useEarlyRegister()
  const headingId = useId()

  // Each opening starts a fresh survey (keeping the role the page passed in).
  useEffect(() => {
    if (!open) return
    setState(emptySurvey(initialRole))
    setIndex(initialRole ? 1 : 0)
    setShowErrors(false)
    setDone(undefined)
    submit.reset()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the modal opens
  }, [open, initialRole])

  const steps = stepsFor(state.role)
  const step: Step = steps[Math.min(index, steps.length - 1)]!
  const error = stepError(step, state)
  const isLast = step.kind === 'email'
  const serverError =
    submit.error instanceof ApiError
      ? submit.error.failure.message
      : submit.error
        ? 'Something went wrong. Try again!'
        : undefined

  const next = (e?: FormEvent) => {
    e?.preventDefault()
    if (error) return setShowErrors(true)
    setShowErrors(false)
    if (!isLast) return setIndex((i) => i + 1)
    const uuid = anonymousId()
    if (payloadError(state, uuid)) return setShowErrors(true)
    submit.mutate(toPayload(state, uuid), { onSuccess: (res) => setDone(res.message) })
  }
  const back = () => {
    setShowErrors(false)
    submit.reset()
    setIndex((i) => Math.max(0, i - 1))
  }

  const footer = done ? (
    <Button onClick={onClose}>Close</Button>
  ) : (
    <>
      {index > 0 ? (
        <Button variant="tertiary" onClick={back} disabled={submit.isPending}>
          Back
        </Button>
      ) : null}
      <Button type="submit" form="early-access-form" loading={submit.isPending}>
        {isLast ? 'Join early access' : 'Continue'}
      </Button>
    </>
  )

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Get early access"
      size="lg"
      footer={footer}
      dismissible={!submit.isPending}
    >
      {done ? (
        <div className="flex flex-col items-center gap-4 py-6 text-center" data-testid="early-access-done">
          <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-success/15 text-success">
            <CheckIcon size={28} />
          </span>
          <p className="max-w-md text-base font-medium text-text" role="status">
            {done}
          </p>
          <p className="max-w-md text-sm text-muted">
            Meanwhile you can already write your first lines in the Quick Create box on this page.
          </p>
        </div>
      ) : (
        <form id="early-access-form" onSubmit={next} noValidate className="flex flex-col gap-5">
          <div>
            <div className="flex items-center justify-between text-xs font-medium text-muted">
              <span>
                Step {index + 1} of {steps.length}
              </span>
              {state.role ? <span className="capitalize">{state.role}</span> : null}
            </div>
            <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-[#232838]" aria-hidden="true">
              <div
                className="h-full rounded-full bg-accent transition-[width] duration-300"
                style={{ width: `${((index + 1) / steps.length) * 100}%` }}
              />
            </div>
          </div>
          <StepView
            step={step}
            state={state}
            setState={setState}
            headingId={headingId}
            showErrors={showErrors}
          />
          {showErrors &&
          error &&
          step.kind !== 'email' &&
          !(step.kind === 'question' && step.question.id === CHANNELS_QUESTION_ID) ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
          {showErrors && isLast && !error ? <FormError message={payloadError(state, anonymousId())} /> : null}
          <FormError message={serverError} />
        </form>
      )}
    </Modal>
  )
}

interface StepViewProps {
  step: Step
  state: SurveyState
  setState: (update: (s: SurveyState) => SurveyState) => void
  headingId: string
  showErrors: boolean
}

function Heading({ id, children, optional }: { id: string; children: ReactNode; optional?: boolean }) {
  return (
    <h3 id={id} className="text-xl font-semibold text-text">
      {children}
      {optional ? <span className="ml-2 align-middle text-xs font-medium text-muted">Optional</span> : null}
    </h3>
  )
}

function StepView({ step, state, setState, headingId, showErrors }: StepViewProps) {
  if (step.kind === 'role') {
    const roles: Array<{ role: SurveyRole; title: string; text: string; icon: 'avatar' | 'watch' }> = [
      {
        role: 'creator',
        title: "I'm a creator",
        text: 'I stream, post videos or run a channel.',
        icon: 'avatar',
      },
      { role: 'fan', title: "I'm a fan", text: 'I watch, tip and support creators.', icon: 'watch' },
    ]
    return (
      <div className="flex flex-col gap-4">
        <Heading id={headingId}>First things first: which one are you?</Heading>
        <div role="radiogroup" aria-labelledby={headingId} className="grid gap-3 sm:grid-cols-2">
          {roles.map((r) => {
            const on = state.role === r.role
            return (
              <button
                key={r.role}
                type="button"
                role="radio"
                aria-checked={on}
                onClick={() => setState((s) => chooseRole(s, r.role))}
                className={cn(tileBase, 'items-start py-4', tileState(on))}
              >
                <span className="mt-0.5 text-accent">
                  <SurveyIconView icon={r.icon} size={26} />
                </span>
                <span>
                  <span className="block text-base font-semibold text-text">{r.title}</span>
                  <span className="mt-0.5 block text-muted">{r.text}</span>
                </span>
                <Tick on={on} round />
              </button>
            )
          })}
        </div>
      </div>
    )
  }
  if (step.kind === 'email') {
    const error = showErrors ? stepError(step, state) : undefined
    return (
      <div className="flex flex-col gap-4">
        <Heading id={headingId}>Where should we send your invite?</Heading>
        <Field label="Email" error={error} hint="We only use it for your early-access invite.">
          <TextInput
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={state.email}
            data-autofocus
            onChange={(e) => setState((s) => ({ ...s, email: e.target.value }))}
          />
        </Field>
      </div>
    )
  }
  return (
    <QuestionView
      question={step.question}
      state={state}
      setState={setState}
      headingId={headingId}
      showErrors={showErrors}
    />
  )
}

function QuestionView({
  question,
  state,
  setState,
  headingId,
  showErrors,
}: Omit<StepViewProps, 'step'> & { question: SurveyQuestion }) {
  if (question.type === 'text') {
    const value = state.answers[question.id]
    return (
      <div className="flex flex-col gap-4">
        <Heading id={headingId} optional={!question.required}>
          {question.question}
        </Heading>
        <TextArea
          aria-labelledby={headingId}
          placeholder={question.placeholder}
          maxLength={1000}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => setState((s) => setText(s, question, e.target.value))}
        />
      </div>
    )
  }
  const isChannels = question.id === CHANNELS_QUESTION_ID
  const multiple = question.type === 'img_select' && question.multiple
  const errors = showErrors && isChannels ? channelErrors(state) : {}
  return (
    <div className="flex flex-col gap-4">
      <Heading id={headingId} optional={!question.required}>
        {question.question}
      </Heading>
      {multiple ? <p className="-mt-2 text-sm text-muted">Pick as many as you like.</p> : null}
      <div
        role={multiple ? 'group' : 'radiogroup'}
        aria-labelledby={headingId}
        className={cn(
          'grid gap-3',
          question.type === 'img_select' ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-1',
        )}
      >
        {question.answers.map((a) => {
          const on = isChosen(state, question, a.value)
          return (
            <button
              key={a.value}
              type="button"
              role={multiple ? 'checkbox' : 'radio'}
              aria-checked={on}
              onClick={() => setState((s) => chooseAnswer(s, question, a.value))}
              className={cn(
                tileBase,
                tileState(on),
                question.type === 'img_select' && 'min-h-28 flex-col items-start justify-between py-4',
              )}
            >
              {a.icon ? (
                <span
                  className={cn(
                    question.type === 'img_select'
                      ? 'flex w-full items-start justify-between'
                      : 'text-accent',
                  )}
                >
                  <span className={isChannels ? '' : 'text-accent'}>
                    <SurveyIconView icon={a.icon} size={question.type === 'img_select' ? 32 : 22} />
                  </span>
                  {question.type === 'img_select' ? <Tick on={on} round={!multiple} /> : null}
                </span>
              ) : null}
              <span className="font-medium">{a.content}</span>
              {question.type !== 'img_select' ? <Tick on={on} round={!multiple} /> : null}
            </button>
          )
        })}
      </div>
      {isChannels
        ? (Object.keys(state.channels) as ChannelPlatform[]).map((platform) => (
            <Field
              key={platform}
              label={`${PLATFORM_LABEL[platform]} channel link${state.role === 'fan' ? ' (optional)' : ''}`}
              error={errors[platform]}
              hint={platform === 'youtube' ? 'youtube.com/channel/… or youtube.com/user/…' : undefined}
            >
              <TextInput
                type="url"
                inputMode="url"
                placeholder={
                  platform === 'youtube'
                    ? 'https://www.youtube.com/channel/…'
                    : platform === 'twitch'
                      ? 'https://twitch.tv/yourname'
                      : 'https://www.tiktok.com/@yourname'
                }
                value={state.channels[platform] ?? ''}
                onChange={(e) => setState((s) => setChannelUrl(s, platform, e.target.value))}
              />
            </Field>
          ))
        : null}
    </div>
  )
}
