import { useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import type {
  KioskSettings,
  ShortVideo,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import {
  ATTENDEE_NAME_MESSAGE,
  CONSENT_REQUIRED,
  PHOTO_CONSENT_REQUIRED,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import {
  EMAIL_PATTERN,
  EARLY_REGISTER_EMAIL_MESSAGE,
} from '@mouthpiece/contracts/early-registers/early-registers.schemas'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { kioskSettingsQuery } from '../api'
import { ClipView } from './clip-view'
import { PhotoCapture } from './photo-capture'
import { RetrievalView } from './retrieval-view'
import { StaffPanel } from './staff-panel'
import { useKiosk } from './use-kiosk'

type Result =
  { kind: 'video'; video: ShortVideo } | { kind: 'queued'; name: string; email: string; submissionId: string }

/** /twitchcon/{id}: the booth kiosk (full screen), or with ?code= the attendee's own clip (the QR link). */
export function KioskPage() {
  const eventId = Number(useParams().id)
  const [params] = useSearchParams()
  const code = params.get('code')
  const settings = useQuery({
    ...kioskSettingsQuery(eventId),
    enabled: Number.isInteger(eventId) && eventId > 0,
  })
  if (code) return <RetrievalView code={code.toUpperCase()} />
  if (!Number.isInteger(eventId) || eventId <= 0 || settings.isError)
    return (
      <Screen>
        <p className="text-center text-xl text-[#ff9b8f]" role="alert">
          {settings.error?.message ?? 'Event not found'}
        </p>
      </Screen>
    )
  if (!settings.data)
    return (
      <Screen>
        <LoadingBlock label="Loading the event…" />
      </Screen>
    )
  return <Kiosk event={settings.data} />
}

function Screen({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-[#0b0d12] px-4 py-8 text-text sm:px-8">
      {children}
    </main>
  )
}

function Kiosk({ event }: { event: KioskSettings }) {
  const kiosk = useKiosk(event.id)
  const [result, setResult] = useState<Result>()
  const [staff, setStaff] = useState(false)
  return (
    <Screen>
      <div className="absolute right-3 top-3 flex items-center gap-2">
        <span
          className={`rounded-full px-2.5 py-1 text-xs ${kiosk.online ? 'bg-[#12351f] text-success' : 'bg-[#3a1714] text-[#ff9b8f]'}`}
          data-testid="booth-online"
        >
          {kiosk.online ? 'Online' : 'Offline'}
          {kiosk.queueDepth ? ` · ${kiosk.queueDepth} waiting` : ''}
        </span>
        <Button
          variant="quaternary"
          size="sm"
          onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
        >
          Full screen
        </Button>
        <Button variant="tertiary" size="sm" onClick={() => setStaff((s) => !s)} aria-expanded={staff}>
          Staff
        </Button>
      </div>
      <h1 className="mb-2 text-center text-3xl font-bold sm:text-5xl">{event.name}</h1>
      <p className="mb-8 text-center text-lg text-muted">Get a personal video greeting from our avatar!</p>
      {staff ? <StaffPanel kiosk={kiosk} eventId={event.id} /> : null}
      {result?.kind === 'video' ? (
        <Done onNext={() => setResult(undefined)}>
          <ClipView code={result.video.code} initial={result.video} />
        </Done>
      ) : result?.kind === 'queued' ? (
        <Done onNext={() => setResult(undefined)}>
          <Queued result={result} kiosk={kiosk} />
        </Done>
      ) : (
        <SignUpForm
          event={event}
          onSubmit={async (values) => {
            const { video, submissionId } = await kiosk.submit(values)
            setResult(
              video
                ? { kind: 'video', video }
                : { kind: 'queued', name: values.name, email: values.email, submissionId },
            )
          }}
        />
      )}
    </Screen>
  )
}

/**
 * An attendee queued while the connection was down. The message follows the kiosk: once the
 * queue delivers them, their clip shows here (if they are still at the booth); online but not yet
 * sent, it says so; never "down" once the kiosk is back online.
 */
function Queued({
  result,
  kiosk,
}: {
  result: Extract<Result, { kind: 'queued' }>
  kiosk: ReturnType<typeof useKiosk>
}) {
  const video = kiosk.delivered(result.submissionId)
  if (video) return <ClipView code={video.code} initial={video} />
  const waiting = kiosk.store.queue.some((q) => q.body.submission_id === result.submissionId)
  return (
    <div className="max-w-xl text-center" data-testid="booth-queued" role="status">
      <p className="text-2xl font-semibold">You’re in, {result.name}!</p>
      <p className="mt-3 text-lg text-muted">
        {!kiosk.online
          ? `Our connection is down for a moment. Your video will be made and emailed to ${result.email} as soon as we’re back online.`
          : waiting
            ? `We’re back online and sending your details now. Your video will be emailed to ${result.email}.`
            : `We’re back online: your video is being made and will be emailed to ${result.email}.`}
      </p>
    </div>
  )
}

function Done({ children, onNext }: { children: React.ReactNode; onNext: () => void }) {
  return (
    <div className="flex w-full max-w-4xl flex-col items-center gap-6">
      {children}
      <Button size="lg" onClick={onNext}>
        Next attendee
      </Button>
    </div>
  )
}

interface FormValues {
  name: string
  email: string
  consent: true
  consent_text: string
  agreed_at: string
  answers: Record<string, string>
  photo?: string
  photo_consent?: true
}

function SignUpForm({
  event,
  onSubmit,
}: {
  event: KioskSettings
  onSubmit: (v: FormValues) => Promise<void>
}) {
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [answers, setAnswers] = useState<Record<string, string>>({})
  const [consent, setConsent] = useState(false)
  const [photo, setPhoto] = useState<string>()
  const [photoConsent, setPhotoConsent] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const found: Record<string, string> = {}
    if (!name.trim()) found.name = ATTENDEE_NAME_MESSAGE
    if (!EMAIL_PATTERN.test(email.trim())) found.email = EARLY_REGISTER_EMAIL_MESSAGE
    for (const f of event.fields)
      if (f.required && !answers[f.key]?.trim()) found[f.key] = `Please answer: ${f.label}`
    if (!consent) found.consent = CONSENT_REQUIRED
    if (photo && !photoConsent) found.photo_consent = PHOTO_CONSENT_REQUIRED
    setErrors(found)
    setFailure(undefined)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      await onSubmit({
        name: name.trim(),
        email: email.trim(),
        consent: true,
        consent_text: event.consent_text,
        agreed_at: new Date().toISOString(),
        answers,
        ...(photo ? { photo, photo_consent: true as const } : {}),
      })
    } catch (err) {
      setFailure((err as Error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex w-full max-w-xl flex-col gap-5 rounded-2xl border border-border bg-surface p-5 sm:p-8"
      noValidate
    >
      <Field label="Your name or handle" error={errors.name}>
        <TextInput
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={40}
          autoComplete="off"
          className="text-lg"
        />
      </Field>
      <Field label="Email (we send your video here)" error={errors.email}>
        <TextInput
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
          className="text-lg"
        />
      </Field>
      {event.fields.map((f) => (
        <Field key={f.key} label={f.required ? f.label : `${f.label} (optional)`} error={errors[f.key]}>
          <TextInput
            value={answers[f.key] ?? ''}
            onChange={(e) => setAnswers((a) => ({ ...a, [f.key]: e.target.value }))}
            maxLength={200}
            autoComplete="off"
          />
        </Field>
      ))}
      <PhotoCapture photo={photo} onPhoto={setPhoto} />
      {photo ? (
        <ConsentCheck
          id="booth-photo-consent-error"
          checked={photoConsent}
          onChange={setPhotoConsent}
          text="I agree that my photo is used to make my talking video. It is kept only for this event’s video."
          error={errors.photo_consent}
        />
      ) : null}
      <ConsentCheck
        id="booth-consent-error"
        checked={consent}
        onChange={setConsent}
        text={event.consent_text}
        error={errors.consent}
      />
      <FormError message={failure} />
      <Button type="submit" size="lg" loading={busy}>
        Make my video
      </Button>
    </form>
  )
}

/** A consent box at the kiosk, with the message that says why it must be ticked. */
function ConsentCheck(props: {
  id: string
  checked: boolean
  onChange: (checked: boolean) => void
  text: string
  error?: string
}) {
  return (
    <div>
      <label className="flex items-start gap-3 text-sm text-[#d4d8e3]">
        <input
          type="checkbox"
          checked={props.checked}
          onChange={(e) => props.onChange(e.target.checked)}
          className="mt-1 h-5 w-5 accent-[#FF6A59]"
          aria-describedby={props.id}
        />
        <span>{props.text}</span>
      </label>
      {props.error ? (
        <p id={props.id} role="alert" className="mt-1 text-xs text-danger">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}
