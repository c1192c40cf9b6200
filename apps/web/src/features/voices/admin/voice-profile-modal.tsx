import { useState } from 'react'
import type { FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { VOICE_TAG_CATEGORIES } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import type { Voice } from '@mouthpiece/contracts/media/voices.schemas'
import type { VoiceProfileItem } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextArea, TextInput } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { voicesQuery } from '../api'
import { adminVoiceTagsQuery, useSaveVoiceProfile } from './voice-profiles-api'

const select =
  'h-10 w-full rounded-lg border border-border bg-[#11141c] px-3 text-sm text-text focus:border-accent focus:outline-none'

/** Store or edit a voice profile: the engine voice, speed, pitch, tags and an optional sample (else one is spoken). */
export function VoiceProfileModal({
  profile,
  onClose,
}: {
  profile: VoiceProfileItem | null
  onClose: () => void
}) {
  const toast = useToast()
  const voices = useQuery(voicesQuery)
  const tags = useQuery(adminVoiceTagsQuery(undefined))
  const save = useSaveVoiceProfile()
  const [picked, setPicked] = useState<Set<number>>(() => new Set(profile?.tags.map((t) => t.id)))
  const [error, setError] = useState<string>()
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(undefined)
    setFieldErrors({})
    const form = new FormData(e.currentTarget)
    if (!(form.get('sample') as File | null)?.size) form.delete('sample')
    form.set('tag_ids', [...picked].join(','))
    try {
      await save.mutateAsync({ id: profile?.id, form })
      toast.success(profile ? 'Voice profile saved' : 'Voice profile created')
      onClose()
    } catch (err) {
      setError(err instanceof ApiError ? err.failure.message : 'Something went wrong. Try again!')
      if (err instanceof ApiError) setFieldErrors(err.failure.errors ?? {})
    }
  }
  const fe = (k: string) => fieldErrors[k]?.[0]
  const byLanguage: Record<string, Voice[]> = {}
  for (const v of voices.data?.voices ?? []) (byLanguage[v.language] ??= []).push(v)

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!save.isPending}
      size="lg"
      title={profile ? `Edit “${profile.name}”` : 'New voice profile'}
      footer={
        <>
          <Button variant="tertiary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="voice-profile-form" loading={save.isPending}>
            {profile ? 'Save profile' : 'Create profile'}
          </Button>
        </>
      }
    >
      <form id="voice-profile-form" onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={fe('name')}>
            <TextInput
              name="name"
              defaultValue={profile?.name}
              maxLength={80}
              placeholder="Warm narrator"
              data-autofocus
            />
          </Field>
          <Field
            label="Engine voice"
            error={fe('engine_voice_id')}
            hint={`${Object.keys(byLanguage).length} installed languages`}
          >
            <select
              name="engine_voice_id"
              defaultValue={profile?.engine_voice_id ?? 'festival:cmu_us_slt_arctic_hts'}
              className={select}
              aria-label="Engine voice"
            >
              {Object.entries(byLanguage).map(([lang, list]) => (
                <optgroup key={lang} label={lang}>
                  {list.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </Field>
          <Field label="Speed" error={fe('rate')} hint="0.5 (slow) to 2 (fast)">
            <TextInput
              name="rate"
              type="number"
              min={0.5}
              max={2}
              step={0.05}
              defaultValue={profile?.rate ?? 1}
            />
          </Field>
          <Field label="Pitch (semitones)" error={fe('pitch')} hint="−12 to 12">
            <TextInput
              name="pitch"
              type="number"
              min={-12}
              max={12}
              step={0.5}
              defaultValue={profile?.pitch ?? 0}
            />
          </Field>
        </div>
        <Field label="Description" error={fe('description')}>
          <TextArea
            name="description"
            defaultValue={profile?.description}
            maxLength={500}
            rows={2}
            placeholder="Who this voice suits"
          />
        </Field>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-[#c9cedb]">Tags</legend>
          {tags.data?.tags.length ? (
            <div className="flex flex-col gap-2">
              {VOICE_TAG_CATEGORIES.map((c) => {
                const list = tags.data.tags.filter((t) => t.category === c)
                if (!list.length) return null
                return (
                  <div key={c} className="flex flex-wrap items-center gap-1.5">
                    <span className="w-20 text-xs text-muted capitalize">{c}</span>
                    {list.map((t) => {
                      const on = picked.has(t.id)
                      return (
                        <button
                          key={t.id}
                          type="button"
                          aria-pressed={on}
                          onClick={() =>
                            setPicked((s) => {
                              const n = new Set(s)
                              if (on) n.delete(t.id)
                              else n.add(t.id)
                              return n
                            })
                          }
                          className={cn(
                            'rounded-full border px-2.5 py-0.5 text-xs',
                            on
                              ? 'border-accent bg-accent/15 text-accent'
                              : 'border-border text-muted hover:text-text',
                          )}
                        >
                          {t.name}
                        </button>
                      )
                    })}
                  </div>
                )
              })}
            </div>
          ) : (
            <p className="text-xs text-muted">No tags yet: add them on the Voice tags page.</p>
          )}
        </fieldset>
        <Field
          label="Sample (optional)"
          error={fe('sample')}
          hint="3–60 s of speech. Without one, the profile speaks a line in its voice and settings."
        >
          <input
            name="sample"
            type="file"
            accept="audio/*"
            aria-label="Sample"
            className="text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-surface-2 file:px-3 file:py-2 file:text-text"
          />
        </Field>
        <FormError message={error} />
      </form>
    </Modal>
  )
}
