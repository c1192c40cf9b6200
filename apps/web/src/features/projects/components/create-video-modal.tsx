import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { PROJECT_SETTING_DEFAULTS } from '@mouthpiece/contracts/constants'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { cn } from '../../../lib/cn'

export const NewVideo = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter a project name')
    .max(100, 'Project names are at most 100 characters'),
  video_orientation: z.enum(['landscape', 'portrait']),
  video_resolution: z.enum(['720p', '1080p']),
})
export type NewVideo = z.infer<typeof NewVideo>

const DEFAULTS: NewVideo = {
  name: '',
  video_orientation: PROJECT_SETTING_DEFAULTS.video_orientation,
  video_resolution: PROJECT_SETTING_DEFAULTS.video_resolution,
}

function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: ReadonlyArray<{ value: T; label: string }>
  onChange: (v: T) => void
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-[#c9cedb]">{label}</legend>
      <div className="inline-flex rounded-lg border border-border bg-[#11141c] p-1">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={value === o.value}
            onClick={() => onChange(o.value)}
            className={cn(
              'flex-1 rounded-md px-3 py-1.5 text-sm transition-colors',
              value === o.value ? 'bg-surface-2 text-text shadow' : 'text-muted hover:text-text',
            )}
          >
            {o.label}
          </button>
        ))}
      </div>
    </fieldset>
  )
}

/**
 * SPEC §2 create-video modal: names the project and picks its frame (SPEC §3 defaults 720p
 * landscape). The projects feature passes `onCreate`, which creates the project.
 */
export function CreateVideoModal({
  open,
  onClose,
  onCreate,
  error,
  creating,
}: {
  open: boolean
  onClose: () => void
  onCreate: (video: NewVideo) => void
  error?: string
  creating?: boolean
}) {
  const form = useForm<NewVideo>({ resolver: zodResolver(NewVideo), defaultValues: DEFAULTS })
  // Cleared when it closes, not when it opens: a reset on open could land after the user (or a
  // test) had already typed the name, leaving the field empty.
  useEffect(() => {
    if (!open) form.reset(DEFAULTS)
  }, [open, form])
  const orientation = form.watch('video_orientation')
  const resolution = form.watch('video_resolution')
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Create Video"
      dismissible={!creating}
      footer={
        <>
          <Button variant="tertiary" onClick={onClose} disabled={creating}>
            Cancel
          </Button>
          <Button type="submit" form="create-video-form" loading={creating}>
            Create
          </Button>
        </>
      }
    >
      <form
        id="create-video-form"
        noValidate
        onSubmit={(e) => void form.handleSubmit(onCreate)(e)}
        className="flex flex-col gap-5"
      >
        <Field label="Project name" error={form.formState.errors.name?.message}>
          <TextInput placeholder="My first video" data-autofocus {...form.register('name')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Segmented
            label="Orientation"
            value={orientation}
            options={[
              { value: 'landscape', label: 'Landscape' },
              { value: 'portrait', label: 'Portrait' },
            ]}
            onChange={(v) => form.setValue('video_orientation', v)}
          />
          <Segmented
            label="Resolution"
            value={resolution}
            options={[
              { value: '720p', label: '720p' },
              { value: '1080p', label: '1080p' },
            ]}
            onChange={(v) => form.setValue('video_resolution', v)}
          />
        </div>
        <FormError message={error} />
      </form>
    </Modal>
  )
}
