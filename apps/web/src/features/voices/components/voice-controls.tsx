import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Voice } from '@mouthpiece/contracts/media/voices.schemas'
import type { PersonalVoice } from '@mouthpiece/contracts/voices/personal-voices.contract'
import { VOICE_TAG_CATEGORIES } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import type { VoiceTag } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import { voicesQuery } from '../api'
import { voiceProfilesQuery } from '../admin/voice-profiles-api'

const control =
  'h-10 w-full rounded-lg border border-border bg-[#11141c] px-3 text-sm text-text focus:border-accent focus:ring-2 focus:ring-accent/25 focus:outline-none'

/** Does an engine voice carry this tag? Gender by the engine's gender; language and accent by its language and label. */
export function voiceHasTag(v: Voice, tag: VoiceTag): boolean {
  const name = tag.name.toLowerCase()
  if (tag.category === 'gender')
    return (
      v.gender === name ||
      (name === 'man' && v.gender === 'male') ||
      (name === 'woman' && v.gender === 'female')
    )
  if (tag.category === 'language' || tag.category === 'accent')
    return v.language.toLowerCase().startsWith(name) || v.label.toLowerCase().includes(name)
  return false
}

/**
 * The voice list grouped: the user's own (when given), the admins' voice profiles, featured, other
 * English, every other language — filtered by one tag (gender, age, accent, style, language).
 */
export function VoiceSelect({
  value,
  onChange,
  id,
  personal = [],
  emptyLabel = "The avatar's own voice",
  label,
}: {
  value: string | undefined
  onChange: (id: string) => void
  id?: string
  personal?: PersonalVoice[]
  /** null: a voice must be chosen (no empty choice). */ emptyLabel?: string | null
  label?: string
}) {
  const { data, isPending } = useQuery(voicesQuery)
  const profiles = useQuery(voiceProfilesQuery)
  const [tagId, setTagId] = useState('')
  const tag = profiles.data?.tags.find((t) => String(t.id) === tagId)
  const voices = (data?.voices ?? []).filter((v) => !tag || voiceHasTag(v, tag) || v.id === value)
  const profileList = (profiles.data?.profiles ?? []).filter(
    (p) => !tag || p.tags.some((t) => t.id === tag.id) || p.voice_id === value,
  )
  const featured = new Set(data?.featured ?? [])
  const groups: Array<[string, Voice[]]> = [
    ['Featured', voices.filter((v) => featured.has(v.id))],
    ['English', voices.filter((v) => !featured.has(v.id) && v.language.startsWith('en'))],
    ['Other languages', voices.filter((v) => !featured.has(v.id) && !v.language.startsWith('en'))],
  ]
  const tags = profiles.data?.tags ?? []
  const shown = voices.length + profileList.length
  return (
    <div className="flex flex-col gap-1.5">
      <select
        id={id}
        aria-label={label}
        className={control}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        disabled={isPending}
      >
        {emptyLabel !== null || isPending ? (
          <option value="">{isPending ? 'Loading voices…' : emptyLabel}</option>
        ) : null}
        {personal.length ? (
          <optgroup label="My voices">
            {personal.map((v) => (
              <option key={v.voice_id} value={v.voice_id}>
                {v.name} ({v.label})
              </option>
            ))}
          </optgroup>
        ) : null}
        {profileList.length ? (
          <optgroup label="Voice profiles">
            {profileList.map((p) => (
              <option key={p.voice_id} value={p.voice_id}>
                {p.name}
                {p.tags.length ? ` · ${p.tags.map((t) => t.name).join(', ')}` : ''}
              </option>
            ))}
          </optgroup>
        ) : null}
        {groups.map(([groupLabel, list]) =>
          list.length ? (
            <optgroup key={groupLabel} label={groupLabel}>
              {list.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label}
                </option>
              ))}
            </optgroup>
          ) : null,
        )}
      </select>
      {tags.length ? (
        <label className="flex items-center gap-2 text-xs text-muted">
          <span className="whitespace-nowrap">Filter by tag</span>
          <select
            aria-label="Filter voices by tag"
            className="h-8 min-w-0 flex-1 rounded-md border border-border bg-[#11141c] px-2 text-xs text-text focus:border-accent focus:outline-none"
            value={tagId}
            onChange={(e) => setTagId(e.target.value)}
          >
            <option value="">Any tag</option>
            {VOICE_TAG_CATEGORIES.map((c) => {
              const list = tags.filter((t) => t.category === c)
              return list.length ? (
                <optgroup key={c} label={c}>
                  {list.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </optgroup>
              ) : null
            })}
          </select>
          {tag ? (
            <span className="whitespace-nowrap" data-testid="voice-filter-count">
              {shown} {shown === 1 ? 'voice' : 'voices'}
            </span>
          ) : null}
        </label>
      ) : null}
    </div>
  )
}

/** A labelled range input with its value shown. */
export function Slider({
  label,
  value,
  min,
  max,
  step,
  onChange,
  format,
}: {
  label: string
  value: number
  min: number
  max: number
  step: number
  onChange: (v: number) => void
  format?: (v: number) => string
}) {
  const id = useId()
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <label htmlFor={id} className="font-medium text-[#c9cedb]">
          {label}
        </label>
        <span className="text-xs text-muted tabular-nums">{format ? format(value) : value}</span>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="mt-2 w-full accent-[#FF6A59]"
      />
    </div>
  )
}
