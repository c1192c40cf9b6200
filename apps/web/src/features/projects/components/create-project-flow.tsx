import { useState } from 'react'
import { useNavigate } from 'react-router'
import { CreateProjectTab, OriginVideoMode } from '@mouthpiece/contracts/statuses'
import { baseVideoFromUrl, uploadBaseVideo } from '@mouthpiece/contracts/projects/project-media.contract'
import { updateProject } from '@mouthpiece/contracts/projects/projects.contract'
import { INFLUENCERS } from '@mouthpiece/avatar/presets'
import type { ProjectBackground } from '@mouthpiece/contracts/projects/project-document.schemas'
import { Button } from '../../../components/ui/button'
import { FormError, TextArea } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { api, isSuccess } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { PATHS } from '../../../app/paths'
import { useCreateProject } from '../api'
import { CreateVideoModal } from './create-video-modal'
import type { NewVideo } from './create-video-modal'
import { BackgroundPicker, DEFAULT_BACKGROUND } from './background-picker'
import { InfluencerVideoModal } from './influencer-video-modal'
import { originVideoMode } from './influencer-video-choice'
import type { InfluencerVideoChoice } from './influencer-video-choice'

type Tab = (typeof CreateProjectTab)[number]
const TAB_LABEL: Record<Tab, string> = {
  creator: 'Creator',
  style: 'Style',
  upload: 'Script',
  background: 'Background',
}

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

/**
 * New project: the "Create a Influencer Video" chooser (original or reaction), the Create Video
 * modal (name, frame), then the create-project tabs (SPEC §4: creator, style, upload, background),
 * and into the editor.
 */
export function CreateProjectFlow({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate()
  const create = useCreateProject()
  const [step, setStep] = useState<'choice' | 'video' | 'tabs'>('choice')
  const [choice, setChoice] = useState<InfluencerVideoChoice | null>(null)
  const [video, setVideo] = useState<NewVideo | null>(null)
  const [tab, setTab] = useState<Tab>('creator')
  const [influencer, setInfluencer] = useState(INFLUENCERS[0]!.id)
  const [modelStyle, setModelStyle] = useState<'Old' | 'New'>('Old')
  const [script, setScript] = useState('')
  const [background, setBackground] = useState<ProjectBackground>(DEFAULT_BACKGROUND)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const close = () => {
    setStep('choice')
    setError(undefined)
    onClose()
  }

  const finish = async () => {
    if (!video) return
    setBusy(true)
    setError(undefined)
    try {
      const reaction = choice?.videoReaction ?? false
      const res = await create.mutateAsync({
        name: video.name,
        scenes: scriptToScenes(script).slice(0, 50),
        influencer,
        origin_mode: choice ? originVideoMode(choice) : OriginVideoMode.none,
        settings: { video_orientation: video.video_orientation, video_resolution: video.video_resolution },
      })
      let project = res.project
      // The first document write sets the look chosen in the tabs (model style, background) on every scene.
      const document = {
        ...project.document,
        background,
        scenes: project.document.scenes.map((s) => ({ ...s, avatarData: { ...s.avatarData, modelStyle } })),
      }
      const updated = await api(updateProject, {
        params: { id: project.id },
        body: { version: project.version, document },
      })
      if (isSuccess(updated)) project = updated.project
      if (reaction && choice) {
        const base = choice.file
          ? await (() => {
              const form = new FormData()
              form.append('mode', String(OriginVideoMode.reaction))
              form.append('file', choice.file)
              return api(uploadBaseVideo, { params: { projectId: project.id }, formData: form })
            })()
          : await api(baseVideoFromUrl, {
              params: { projectId: project.id },
              body: { version: project.version, mode: OriginVideoMode.reaction, url: choice.videoUrl },
            })
        if (!isSuccess(base))
          setError(`The project was created, but the base video was refused: ${base.message}`)
      }
      close()
      void navigate(PATHS.videoEditorItem.replace(':id', String(project.id)))
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The project could not be created')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <InfluencerVideoModal
        open={open && step === 'choice'}
        onClose={close}
        onContinue={(c) => {
          setChoice(c)
          setStep('video')
        }}
      />
      <CreateVideoModal
        open={open && step === 'video'}
        onClose={close}
        onCreate={(v) => {
          setVideo(v)
          setStep('tabs')
        }}
      />
      <Modal
        open={open && step === 'tabs'}
        onClose={close}
        title="Set up your video"
        size="lg"
        dismissible={!busy}
        footer={
          <>
            <Button variant="tertiary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => void finish()} loading={busy}>
              Create project
            </Button>
          </>
        }
      >
        <div
          role="tablist"
          aria-label="Create project"
          className="mb-4 flex gap-1 rounded-lg border border-border bg-[#11141c] p-1"
        >
          {CreateProjectTab.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              onClick={() => setTab(t)}
              className={cn(
                'flex-1 rounded-md px-3 py-1.5 text-sm',
                tab === t ? 'bg-surface-2 text-text' : 'text-muted hover:text-text',
              )}
            >
              {TAB_LABEL[t]}
            </button>
          ))}
        </div>
        {tab === 'creator' ? (
          <div role="radiogroup" aria-label="Creator" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {INFLUENCERS.map((i) => (
              <button
                key={i.id}
                type="button"
                role="radio"
                aria-checked={influencer === i.id}
                onClick={() => setInfluencer(i.id)}
                className={cn(
                  'rounded-lg border p-3 text-left',
                  influencer === i.id ? 'border-accent bg-accent/10' : 'border-border hover:border-muted',
                )}
              >
                <div className="text-sm font-semibold text-text">{i.name}</div>
                <div className="text-xs text-muted">{i.description}</div>
              </button>
            ))}
          </div>
        ) : null}
        {tab === 'style' ? (
          <div role="radiogroup" aria-label="Model style" className="grid grid-cols-2 gap-2">
            {(['Old', 'New'] as const).map((s) => (
              <button
                key={s}
                type="button"
                role="radio"
                aria-checked={modelStyle === s}
                onClick={() => setModelStyle(s)}
                className={cn(
                  'rounded-lg border p-4 text-left',
                  modelStyle === s ? 'border-accent bg-accent/10' : 'border-border',
                )}
              >
                <div className="text-sm font-semibold text-text">{s}</div>
                <div className="text-xs text-muted">
                  {s === 'Old' ? 'Flat shapes, bold outline' : 'Soft shading'}
                </div>
              </button>
            ))}
          </div>
        ) : null}
        {tab === 'upload' ? (
          <label className="flex flex-col gap-2 text-sm text-muted">
            Your script — a blank line starts a new scene
            <TextArea
              aria-label="Script"
              rows={8}
              value={script}
              onChange={(e) => setScript(e.target.value)}
              placeholder={'Hi everyone, welcome back!\n\nToday we look at…'}
            />
            <span className="text-xs">{scriptToScenes(script).length || 1} scene(s)</span>
          </label>
        ) : null}
        {tab === 'background' ? <BackgroundPicker value={background} onChange={setBackground} /> : null}
        <FormError message={error} />
      </Modal>
    </>
  )
}
