import { cn } from '../../../lib/cn'

/** What the user picked behind a photo avatar; sent as the server's `background*` form fields. */
export interface BackgroundDraft {
  mode: 'keep' | 'color' | 'image'
  color: string
  file?: File
}

export const KEEP_BACKGROUND: BackgroundDraft = { mode: 'keep', color: '#1e90ff' }

/** The multipart fields and files of a choice (the picture goes as `background_file`). */
export function backgroundForm(d: BackgroundDraft): {
  fields: Record<string, string>
  files: Record<string, File | undefined>
} {
  const fields: Record<string, string> = { background: d.mode }
  if (d.mode === 'color') fields.background_color = d.color
  return { fields, files: d.mode === 'image' ? { background_file: d.file } : {} }
}

const MODES: Array<[BackgroundDraft['mode'], string]> = [
  ['keep', 'Keep the photo’s background'],
  ['color', 'Remove it: plain colour'],
  ['image', 'Remove it: a picture'],
]

/**
 * Keep a photo avatar's background or remove it (the person is cut out once on the server) for a
 * plain colour or a picture. Used for custom photo avatars and, by an admin, for creators.
 */
export function PhotoBackgroundPicker({
  value,
  onChange,
  disabled,
}: {
  value: BackgroundDraft
  onChange: (d: BackgroundDraft) => void
  disabled?: boolean
}) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-text">Background</legend>
      <div role="radiogroup" aria-label="Background" className="flex flex-wrap gap-2">
        {MODES.map(([mode, label]) => (
          <label
            key={mode}
            className={cn(
              'cursor-pointer rounded-lg border px-3 py-1.5 text-sm',
              value.mode === mode
                ? 'border-accent bg-accent/15 text-accent'
                : 'border-border text-muted hover:text-text',
            )}
          >
            <input
              type="radio"
              name="photo-background"
              className="sr-only"
              checked={value.mode === mode}
              onChange={() => onChange({ ...value, mode })}
            />
            {label}
          </label>
        ))}
      </div>
      {value.mode === 'color' ? (
        <label className="flex items-center gap-2 text-sm text-muted">
          <input
            type="color"
            aria-label="Background colour"
            className="h-9 w-14 cursor-pointer rounded border border-border bg-surface-2"
            value={value.color}
            onChange={(e) => onChange({ ...value, color: e.target.value.toLowerCase() })}
          />
          {value.color}
        </label>
      ) : null}
      {value.mode === 'image' ? (
        <label className="flex flex-col gap-1 text-sm text-muted">
          <span>
            {value.file ? value.file.name : 'Choose a picture to stand behind you (JPEG, PNG or WebP).'}
          </span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-label="Background picture"
            className="text-xs"
            onChange={(e) => onChange({ ...value, file: e.target.files?.[0] })}
          />
        </label>
      ) : null}
    </fieldset>
  )
}
