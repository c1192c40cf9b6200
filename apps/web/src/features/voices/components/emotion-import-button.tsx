import { EMOTION_CSV_ACCEPT, EMOTION_CSV_COLUMNS } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import { FileButton } from '../../../components/ui/file-button'
import type { ButtonProps } from '../../../components/ui/button'

/**
 * "Import emotions": a button that opens a file picker for an emotion → prosody CSV (SPEC: .csv and
 * text/csv only; the server checks the content too). Used for voice profiles and creators' voices.
 */
export function EmotionImportButton({
  label,
  count,
  pending,
  onFile,
  variant = 'tertiary',
}: {
  /** Names what the table is for, for screen readers ("Emotion CSV for …"). */
  label: string
  /** Emotions the table has now (shown on the button when any). */
  count?: number
  pending: boolean
  onFile: (file: File) => void
  variant?: ButtonProps['variant']
}) {
  return (
    <FileButton
      size="sm"
      variant={variant}
      loading={pending}
      accept={EMOTION_CSV_ACCEPT}
      inputLabel={`Emotion CSV for ${label}`}
      onFile={onFile}
      title={`CSV columns: ${EMOTION_CSV_COLUMNS.join(', ')}`}
    >
      Import emotions{count ? ` (${count})` : ''}
    </FileButton>
  )
}
