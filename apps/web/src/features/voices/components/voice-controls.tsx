import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { EMOTIONS } from '@mouthpiece/contracts/media/voices.schemas'
import type { Emotion, Voice } from '@mouthpiece/contracts/media/voices.schemas'
import { cn } from '../../../lib/cn'
import { voicesQuery } from '../api'

const control = 'h-10 w-full rounded-lg border border-border bg-[#11141c] px-3 text-sm text-text focus:border-accent focus:ring-2 focus:ring-accent/25 focus:outline-none'

/** The voice list grouped: featured, other English, every other language. */
export function VoiceSelect({ value, onChange, id }: { value: string | undefined; onChange: (id: string) => void; id?: string }) {
  const { data, isPending } = useQuery(voicesQuery)
  const voices = data?.voices ?? []
  const featured = new Set(data?.featured ?? [])
  const groups: Array<[string, Voice[]]> = [
    ['Featured', voices.filter((v) => featured.has(v.id))],
    ['English', voices.filter((v) => !featured.has(v.id) && v.language.startsWith('en'))],
    ['Other languages', voices.filter((v) => !featured.has(v.id) && !v.language.startsWith('en'))],
  ]
  return (
    <select id={id} className={control} value={value ?? ''} onChange={(e) => onChange(e.target.value)} disabled={isPending}>
      <option value="">{isPending ? 'Loading voices…' : "The avatar's own voice"}</option>
      {groups.map(([label, list]) =>
        list.length ? (
          <optgroup key={label} label={label}>
            {list.map((v) => (
              <option key={v.id} value={v.id}>
                {v.label}
              </option>
            ))}
          </optgroup>
        ) : null,
      )}
    </select>
  )
}

export function EmotionPicker({ value, onChange }: { value: Emotion; onChange: (e: Emotion) => void }) {
  return (
    <div role="radiogroup" aria-label="Emotion" className="flex flex-wrap gap-1.5">
      {EMOTIONS.map((e) => (
        <button
          key={e}
          type="button"
          role="radio"
          aria-checked={value === e}
          onClick={() => onChange(e)}
          className={cn(
            'h-8 rounded-full border px-3 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-accent',
            value === e ? 'border-accent bg-accent/15 text-text' : 'border-border text-muted hover:text-text',
          )}
        >
          {e}
        </button>
      ))}
    </div>
  )
}

/** A labelled range input with its value shown. */
export function Slider({ label, value, min, max, step, onChange, format }: { label: string; value: number; min: number; max: number; step: number; onChange: (v: number) => void; format?: (v: number) => string }) {
  const id = useId()
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <label htmlFor={id} className="font-medium text-[#c9cedb]">
          {label}
        </label>
        <span className="text-xs text-muted tabular-nums">{format ? format(value) : value}</span>
      </div>
      <input id={id} type="range" min={min} max={max} step={step} value={value} onChange={(e) => onChange(Number(e.target.value))} className="mt-2 w-full accent-[#FF6A59]" />
    </div>
  )
}
