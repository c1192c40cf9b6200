import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type {
  CaptureField,
  ConferenceEvent,
  ConferenceEventBody,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextArea, TextInput } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { firstFieldErrors } from '../../../lib/api-result'
import { influencersQuery } from '../../avatars'
import { voicesQuery } from '../../voices'
import { useSaveEvent } from '../api'

const blank = (): ConferenceEventBody => {
  const today = new Date().toISOString().slice(0, 10)
  return {
    name: '',
    starts_on: today,
    ends_on: today,
    fields: [],
    influencer_id: 'streamer',
    voice_id: null,
    consent_text: 'I agree that Mouthpiece keeps my name and email to make my video and send it to me.',
    greeting_template: 'Hey {name}, welcome to TwitchCon!',
  }
}

const selectClass =
  'h-10 rounded-lg border border-border bg-[#0f1218] px-3 text-sm text-text focus:border-accent focus:outline-none'

/** Create or change an event: SPEC §7 "settings" and "event" (name, dates, fields, consent, greeting, influencer and voice). */
export function EventForm({
  event,
  onSaved,
  onCancel,
}: {
  event?: ConferenceEvent
  onSaved: (e: ConferenceEvent) => void
  onCancel?: () => void
}) {
  const [values, setValues] = useState<ConferenceEventBody>(() => (event ? { ...event } : blank()))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string>()
  const save = useSaveEvent(event?.id)
  const toast = useToast()
  const influencers = useQuery(influencersQuery)
  const voices = useQuery(voicesQuery)
  const set = <K extends keyof ConferenceEventBody>(k: K, v: ConferenceEventBody[K]) =>
    setValues((s) => ({ ...s, [k]: v }))
  const fields = values.fields ?? []
  const setField = (i: number, patch: Partial<CaptureField>) =>
    set(
      'fields',
      fields.map((f, j) => (j === i ? { ...f, ...patch } : f)),
    )

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setErrors({})
    setFailure(undefined)
    try {
      const saved = await save.mutateAsync(values)
      toast.success(event ? 'Event saved' : 'Event created')
      onSaved(saved)
    } catch (err) {
      if (!(err instanceof ApiError)) throw err
      const found = firstFieldErrors(err.failure.errors)
      setErrors(found)
      if (!Object.keys(found).length) setFailure(err.failure.message)
      else toast.error(err.failure.message)
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid gap-4 md:grid-cols-2"
      noValidate
      aria-label={event ? 'Edit event' : 'New event'}
    >
      <Field label="Event name" error={errors.name} className="md:col-span-2">
        <TextInput value={values.name} onChange={(e) => set('name', e.target.value)} maxLength={120} />
      </Field>
      <Field label="Starts" error={errors.starts_on}>
        <TextInput type="date" value={values.starts_on} onChange={(e) => set('starts_on', e.target.value)} />
      </Field>
      <Field label="Ends" error={errors.ends_on}>
        <TextInput type="date" value={values.ends_on} onChange={(e) => set('ends_on', e.target.value)} />
      </Field>
      <Field
        label="Greeting ({name} is the attendee’s name)"
        error={errors.greeting_template}
        className="md:col-span-2"
      >
        <TextInput
          value={values.greeting_template}
          onChange={(e) => set('greeting_template', e.target.value)}
          maxLength={200}
        />
      </Field>
      <Field label="Influencer" error={errors.influencer_id}>
        <select
          className={selectClass}
          value={values.influencer_id}
          onChange={(e) => set('influencer_id', e.target.value)}
        >
          {(influencers.data?.influencers ?? [{ id: values.influencer_id, name: values.influencer_id }]).map(
            (i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ),
          )}
        </select>
      </Field>
      <Field label="Voice" error={errors.voice_id}>
        <select
          className={selectClass}
          value={values.voice_id ?? ''}
          onChange={(e) => set('voice_id', e.target.value || null)}
        >
          <option value="">The influencer’s own voice</option>
          {(voices.data?.voices ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {v.name} ({v.language})
            </option>
          ))}
        </select>
      </Field>
      <Field label="Staff PIN (4 to 8 digits; opens the kiosk’s Staff panel)" error={errors.staff_pin}>
        <TextInput
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={8}
          value={values.staff_pin ?? ''}
          placeholder={
            event?.has_staff_pin ? 'Set: leave empty to keep it' : 'Not set: staff cannot open the panel'
          }
          onChange={(e) => set('staff_pin', e.target.value.replace(/\D/g, '') || undefined)}
        />
      </Field>
      <div className="hidden md:block" />
      <Field
        label="Consent text (what the attendee agrees to; kept in the consent ledger)"
        error={errors.consent_text}
        className="md:col-span-2"
      >
        <TextArea
          rows={3}
          value={values.consent_text}
          onChange={(e) => set('consent_text', e.target.value)}
          maxLength={2000}
        />
      </Field>
      <fieldset className="flex flex-col gap-2 md:col-span-2">
        <legend className="mb-1 text-sm font-medium text-[#c9cedb]">
          Extra fields to capture (name and email are always asked)
        </legend>
        {fields.map((f, i) => (
          <div key={i} className="flex flex-wrap items-center gap-2">
            <TextInput
              aria-label="Field label"
              placeholder="Label, e.g. Twitch handle"
              value={f.label}
              onChange={(e) => setField(i, { label: e.target.value })}
              className="min-w-0 flex-1"
            />
            <TextInput
              aria-label="Field key"
              placeholder="key, e.g. twitch_handle"
              value={f.key}
              onChange={(e) => setField(i, { key: e.target.value })}
              className="w-44"
            />
            <label className="flex items-center gap-1.5 text-sm text-muted">
              <input
                type="checkbox"
                checked={f.required ?? false}
                onChange={(e) => setField(i, { required: e.target.checked })}
                className="accent-[#FF6A59]"
              />{' '}
              Required
            </label>
            <Button
              variant="quaternary"
              size="sm"
              onClick={() =>
                set(
                  'fields',
                  fields.filter((_, j) => j !== i),
                )
              }
            >
              Remove
            </Button>
            {errors[`fields.${i}.key`] || errors[`fields.${i}.label`] ? (
              <p role="alert" className="w-full text-xs text-danger">
                {errors[`fields.${i}.key`] ?? errors[`fields.${i}.label`]}
              </p>
            ) : null}
          </div>
        ))}
        {errors.fields ? (
          <p role="alert" className="text-xs text-danger">
            {errors.fields}
          </p>
        ) : null}
        {fields.length < 6 ? (
          <Button
            variant="tertiary"
            size="sm"
            className="self-start"
            onClick={() => set('fields', [...fields, { key: '', label: '', required: false }])}
          >
            Add a field
          </Button>
        ) : null}
      </fieldset>
      <div className="md:col-span-2">
        <FormError message={failure} />
      </div>
      <div className="flex gap-2 md:col-span-2">
        <Button type="submit" loading={save.isPending}>
          {event ? 'Save event' : 'Create event'}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  )
}
