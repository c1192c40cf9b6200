import { useState } from 'react'
import type { FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { MAX_CREATOR_FILES, MAX_CREATOR_UPLOAD_MB } from '@mouthpiece/contracts/avatars/creators.contract'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { Field, FormError, TextArea, TextInput } from '../../../components/ui/field'
import { PATHS } from '../../../app/paths'
import { ApiError } from '../../../lib/api'
import { useAddCreator } from '../api'
import { CreatorTabs } from '../components/creator-tabs'

/** /admin/creator-management/add-creator: name and photos or a short video; processing goes on on the next page. */
export function AddCreatorPage() {
  const navigate = useNavigate()
  const add = useAddCreator()
  const [files, setFiles] = useState<File[]>([])
  const [error, setError] = useState<string>()
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(undefined)
    setFieldErrors({})
    const form = new FormData(e.currentTarget)
    form.delete('files')
    for (const f of files) form.append('files', f)
    try {
      const creator = await add.mutateAsync(form)
      void navigate(`${PATHS.creatorAddProcess}?id=${encodeURIComponent(creator.id)}`)
    } catch (err) {
      setError(err instanceof ApiError ? err.failure.message : 'Something went wrong. Try again!')
      if (err instanceof ApiError) setFieldErrors(err.failure.errors ?? {})
    }
  }

  return (
    <div>
      <PageHeader
        title="Creator management"
        description="Add a creator from photos or a short video: we find the face for a talking-photo avatar and learn the voice from the video's speech."
      />
      <CreatorTabs />
      <Card title="Add a creator">
        <form
          onSubmit={(e) => void submit(e)}
          className="flex max-w-xl flex-col gap-4"
          aria-label="Add a creator"
        >
          <Field label="Name" error={fieldErrors.name?.[0]}>
            <TextInput name="name" maxLength={60} placeholder="Ada Streams" />
          </Field>
          <Field label="Description" hint="Shown under the name in the avatar pickers.">
            <TextArea name="description" maxLength={300} rows={2} placeholder="Cozy variety streamer" />
          </Field>
          <Field
            label="Photos or a short video"
            error={fieldErrors.files?.[0]}
            hint={`Up to ${MAX_CREATOR_FILES} files, ${MAX_CREATOR_UPLOAD_MB} MB each: clear, front-facing photos; a video adds the creator's voice.`}
          >
            <input
              name="files"
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,video/mp4,video/webm,video/quicktime"
              onChange={(e) => setFiles(Array.from(e.target.files ?? []).slice(0, MAX_CREATOR_FILES))}
              className="text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-surface-2 file:px-3 file:py-2 file:text-text"
            />
          </Field>
          {files.length ? (
            <p className="text-xs text-muted">
              {files.map((f) => `${f.name} (${(f.size / 1024 / 1024).toFixed(1)} MB)`).join(' · ')}
            </p>
          ) : null}
          <FormError message={error} />
          <div>
            <Button type="submit" loading={add.isPending}>
              Add and process
            </Button>
          </div>
        </form>
      </Card>
    </div>
  )
}
