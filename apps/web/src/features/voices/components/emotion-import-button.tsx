import { useRef } from 'react'
import { EMOTION_CSV_ACCEPT, EMOTION_CSV_COLUMNS } from '@mouthpiece/contracts/voices/voice-profiles.routes'
import { Button } from '../../../components/ui/button'
import type { ButtonProps } from '../../../components/ui/button'

/**
 * "Import emotions": a button that opens a file picker for an emotion → prosody CSV (SPEC: .csv and
 * text/csv only; the server checks the content too). Used for voice profiles and creators' voices.
 */
export function EmotionImportButton({ label, count, pending, onFile, variant = 'tertiary' }: {
  /** Names what the table is for, for screen readers ("Emotion CSV for …"). */
  label: string
  /** Emotions the table has now (shown on the button when any). */
  count?: number
  pending: boolean
  onFile: (file: File) => void
  variant?: ButtonProps['variant']
}) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={EMOTION_CSV_ACCEPT}
        className="hidden"
        aria-label={`Emotion CSV for ${label}`}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) onFile(file)
        }}
      />
      <Button size="sm" variant={variant} loading={pending} onClick={() => input.current?.click()} title={`CSV columns: ${EMOTION_CSV_COLUMNS.join(', ')}`}>
        Import emotions{count ? ` (${count})` : ''}
      </Button>
    </>
  )
}
