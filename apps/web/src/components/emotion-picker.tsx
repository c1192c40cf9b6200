import { EMOTIONS } from '@mouthpiece/contracts/media/voices.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { cn } from '../lib/cn'

/** The emotions as a row of radio chips: how a voice speaks and how the avatar's face looks (voices, avatars, editors). */
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
