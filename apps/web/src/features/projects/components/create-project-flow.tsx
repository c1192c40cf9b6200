import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { OriginVideoMode } from '@mouthpiece/contracts/statuses'
import { PROJECT_SETTING_DEFAULTS } from '@mouthpiece/contracts/constants'
import { baseVideoFromUrl, uploadBaseVideo } from '@mouthpiece/contracts/projects/project-media.contract'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextArea, TextInput } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { api, isSuccess } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { PATHS } from '../../../app/paths'
import { AvatarSelect } from '../../avatars'
import type { AvatarChoice } from '../../avatars'
import { VoiceSelect } from '../../voices'
import { useCreateProject } from '../api'
import {
  EMPTY_CHOICE,
  REACTION_FILE_ACCEPT,
  isVideoFile,
  isVideoUrl,
  originVideoMode,
  setFile,
  setOriginal,
  setVideoReaction,
  setVideoUrl,
} from './influencer-video-choice'
import type { InfluencerVideoChoice } from './influencer-video-choice'

/** Blank lines (or one line each) split a pasted script into scenes. */
export function scriptToScenes(script: string): string[] {
  const blocks = script
    .split(/\n\s*\n/)
    .map((b) => b.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
  return blocks.length > 1
    ? blocks
    : script
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
}

type Orientation = 'landscape' | 'portrait'

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

/** The SPEC's influencer-video choice inside the one dialog: Original, or a reaction to a file or a link. */
function VideoKind({
  choice,
  onChange,
}: {
  choice: InfluencerVideoChoice
  onChange: (c: InfluencerVideoChoice) => void
}) {
  const fileId = useId()
  const [fileError, setFileError] = useState<string>()
  const urlError =
    choice.videoUrl && !isVideoUrl(choice.videoUrl)
      ? 'Enter a full link starting with http:// or https://'
      : undefined
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-[#c9cedb]">Video</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-text">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="video-kind"
            checked={!choice.videoReaction}
            onChange={() => onChange(setOriginal(choice, true))}
            className="h-4 w-4 accent-[#FF6A59]"
          />
          Original
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="video-kind"
            checked={choice.videoReaction}
            onChange={() => onChange(setVideoReaction(choice, true))}
            className="h-4 w-4 accent-[#FF6A59]"
          />
          Video Reaction
        </label>
      </div>
      {choice.videoReaction ? (
        <div className="grid gap-3 rounded-xl border border-border bg-[#141720] p-3 sm:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={fileId} className="text-sm font-medium text-[#c9cedb]">
              Video file
            </label>
            <input
              id={fileId}
              type="file"
              accept={REACTION_FILE_ACCEPT}
              disabled={Boolean(choice.videoUrl)}
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null
                if (file && !isVideoFile(file)) {
                  setFileError('Please choose a video file')
                  e.target.value = ''
                  return
                }
                setFileError(undefined)
                onChange(setFile(choice, file))
              }}
              className="min-w-0 text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-surface-2 file:px-3 file:py-2 file:text-sm file:text-text disabled:opacity-50"
            />
            {fileError ? (
              <p role="alert" className="text-xs text-danger">
                {fileError}
              </p>
            ) : null}
          </div>
          <Field label="or a video URL" error={urlError}>
            <TextInput
              type="url"
              placeholder="https://…"
              value={choice.videoUrl}
              disabled={Boolean(choice.file)}
              onChange={(e) => onChange(setVideoUrl(choice, e.target.value))}
            />
          </Field>
        </div>
      ) : null}
    </fieldset>
  )
}

const ORIGINAL: InfluencerVideoChoice = { ...EMPTY_CHOICE, original: true }

/**
 * New project in one step (issue 24): name, an optional script, the avatar (faces, the creator's own
 * first), the voice, the frame and whether it reacts to a video — one dialog, one Create, and the
 * editor opens. It folds the SPEC's chooser, Create Video modal and create-project tabs together;
 * the drawing style and the background stay in the editor (decision 0060).
 */
export function CreateProjectFlow({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate()
  const create = useCreateProject()
  const [name, setName] = useState('')
  const [script, setScript] = useState('')
  const [avatar, setAvatar] = useState<AvatarChoice>({})
  const [voice, setVoice] = useState('')
  const [orientation, setOrientation] = useState<Orientation>(PROJECT_SETTING_DEFAULTS.video_orientation)
  const [kind, setKind] = useState<InfluencerVideoChoice>(ORIGINAL)
  const [nameError, setNameError] = useState<string>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const scenes = scriptToScenes(script)
  const reactionReady = !kind.videoReaction || kind.file !== null || isVideoUrl(kind.videoUrl)

  const close = () => {
    setName('')
    setScript('')
    setAvatar({})
    setVoice('')
    setKind(ORIGINAL)
    setNameError(undefined)
    setError(undefined)
    onClose()
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setError(undefined)
    const trimmed = name.trim()
    if (!trimmed) return setNameError('Please enter a project name')
    if (trimmed.length > 100) return setNameError('Project names are at most 100 characters')
    setNameError(undefined)
    if (!reactionReady) return setError('Please choose a video file or enter its link to react to')
    setBusy(true)
    try {
      const res = await create.mutateAsync({
        name: trimmed,
        scenes: scenes.slice(0, 50),
        influencer: avatar.influencer_id,
        custom_avatar_id: avatar.custom_avatar_id,
        voice_id: voice || undefined,
        origin_mode: originVideoMode(kind),
        settings: { video_orientation: orientation },
      })
      const project = res.project
      if (kind.videoReaction) {
        const base = kind.file
          ? await (() => {
              const form = new FormData()
              form.append('mode', String(OriginVideoMode.reaction))
              form.append('file', kind.file)
              return api(uploadBaseVideo, { params: { projectId: project.id }, formData: form })
            })()
          : await api(baseVideoFromUrl, {
              params: { projectId: project.id },
              body: { version: project.version, mode: OriginVideoMode.reaction, url: kind.videoUrl },
            })
        if (!isSuccess(base))
          setError(`The project was created, but the base video was refused: ${base.message}`)
      }
      close()
      void navigate(PATHS.videoEditorItem.replace(':id', String(project.id)))
    } catch (err) {
      const message = err instanceof Error ? err.message : 'The project could not be created'
      if (/name/i.test(message)) setNameError(message)
      else setError(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="New project"
      size="lg"
      dismissible={!busy}
      footer={
        <>
          <Button variant="tertiary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="new-project-form" loading={busy}>
            Create project
          </Button>
        </>
      }
    >
      <form
        id="new-project-form"
        noValidate
        onSubmit={(e) => void submit(e)}
        className="flex flex-col gap-5"
        aria-label="New project"
      >
        <Field label="Project name" error={nameError}>
          <TextInput
            placeholder="My first video"
            value={name}
            maxLength={100}
            invalid={Boolean(nameError)}
            onChange={(e) => setName(e.target.value)}
            data-autofocus
          />
        </Field>
        <Field
          label="Script (optional)"
          hint={`A blank line starts a new scene · ${scenes.length || 1} ${scenes.length > 1 ? 'scenes' : 'scene'}`}
        >
          <TextArea
            rows={4}
            value={script}
            onChange={(e) => setScript(e.target.value)}
            placeholder={'Hi everyone, welcome back!\n\nToday we look at…'}
          />
        </Field>
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium text-[#c9cedb]">Avatar</legend>
          <AvatarSelect value={avatar} onChange={setAvatar} label="Avatar" />
        </fieldset>
        <Field label="Voice">
          <VoiceSelect value={voice} onChange={setVoice} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Segmented
            label="Orientation"
            value={orientation}
            options={[
              { value: 'landscape', label: 'Landscape' },
              { value: 'portrait', label: 'Portrait' },
            ]}
            onChange={setOrientation}
          />
          <VideoKind choice={kind} onChange={setKind} />
        </div>
        <FormError message={error} />
      </form>
    </Modal>
  )
}
