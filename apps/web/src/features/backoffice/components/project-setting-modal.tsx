import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { AdminProject } from '@mouthpiece/contracts/backoffice/admin-projects.contract'
import type { ProjectSettings } from '@mouthpiece/contracts/projects/project-document.schemas'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { projectSettingQuery, useSaveProjectSetting } from '../api'

const selectClass =
  'h-10 w-full rounded-lg border border-border bg-[#0f1218] px-3 text-sm text-text focus:border-accent focus:outline-none'

/**
 * SPEC "project setting by project": the admin reads and changes one project's settings for its
 * owner. The save names the version read; if the owner edited meanwhile, the server refuses (409)
 * and the dialog reloads the current values.
 */
export function ProjectSettingModal({ project, onClose }: { project: AdminProject; onClose: () => void }) {
  const query = useQuery(projectSettingQuery(project.id))
  const save = useSaveProjectSetting(project.id)
  const toast = useToast()
  const [draft, setDraft] = useState<ProjectSettings>()
  useEffect(() => {
    if (query.data) setDraft(query.data.settings)
  }, [query.data])

  const submit = async () => {
    if (!draft || !query.data) return
    try {
      await save.mutateAsync({ version: query.data.version, settings: draft })
      toast.success(`Saved the settings of “${project.name}”`)
      onClose()
    } catch {
      void query.refetch()
    }
  }
  const volume = (key: 'video_volume' | 'avatar_volume', label: string) => (
    <Field label={label} hint="0 to 2 (1 is as recorded)">
      <TextInput
        type="number"
        min={0}
        max={2}
        step={0.1}
        value={draft?.[key] ?? ''}
        onChange={(e) => draft && setDraft({ ...draft, [key]: Number(e.target.value) })}
      />
    </Field>
  )

  return (
    <Modal
      open
      onClose={onClose}
      title={`Settings of “${project.name}”`}
      size="md"
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="tertiary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} disabled={!draft} onClick={() => void submit()}>
            Save settings
          </Button>
        </div>
      }
    >
      {!draft || !query.data ? (
        query.isError ? (
          <FormError message={query.error.message} />
        ) : (
          <LoadingBlock />
        )
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted">
            Owner <span className="text-text">{query.data.username}</span> ({query.data.email}) · version{' '}
            {query.data.version} · {query.data.scenes} scene{query.data.scenes === 1 ? '' : 's'}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Resolution" hint="1080p needs the owner's plan">
              <select
                className={selectClass}
                value={draft.video_resolution}
                onChange={(e) =>
                  setDraft({
                    ...draft,
                    video_resolution: e.target.value as ProjectSettings['video_resolution'],
                  })
                }
              >
                <option value="720p">720p</option>
                <option value="1080p">1080p</option>
              </select>
            </Field>
            <Field label="Orientation">
              <select
                className={selectClass}
                value={draft.video_orientation}
                onChange={(e) =>
                  setDraft({
                    ...draft,
                    video_orientation: e.target.value as ProjectSettings['video_orientation'],
                  })
                }
              >
                <option value="landscape">Landscape</option>
                <option value="portrait">Portrait</option>
              </select>
            </Field>
            {volume('video_volume', 'Video volume')}
            {volume('avatar_volume', 'Avatar volume')}
          </div>
          <FormError message={save.error?.message} />
        </div>
      )}
    </Modal>
  )
}
