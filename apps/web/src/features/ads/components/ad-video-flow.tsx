import { useEffect, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  AD_VIDEO_FRAMES,
  AD_VIDEO_PLACEMENTS,
  createAdVideo,
  listAdVideos,
} from '@mouthpiece/contracts/ads/videos.contract'
import type { AdGeneration, AdVideoPlacement } from '@mouthpiece/contracts/ads/videos.contract'
import { PLACEMENTS } from '@mouthpiece/contracts/ads/placements'
import type { AdProject } from '@mouthpiece/contracts/ads/projects.schemas'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadingBlock } from '../../../components/ui/spinner'
import { request } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { subscribe } from '../../../lib/socket'
import { RenderPlayer, RenderProgress, useRender } from '../../renders'
import { AudioUploader } from '../../voices'
import { failureText } from '../api'
import { PresenterPicker, presenterFields } from './presenter-picker'
import type { Presenter } from './presenter-picker'

const videosKey = (id: number) => ['ads', 'project', id, 'videos'] as const

type Step = 'selectAvatar' | 'uploadAudio' | 'showResults'
const STEPS: Array<{ id: Step; label: string }> = [
  { id: 'selectAvatar', label: 'Presenter' },
  { id: 'uploadAudio', label: 'Voice' },
  { id: 'showResults', label: 'Videos' },
]

function GenerationResult({ generation }: { generation: AdGeneration }) {
  const render = useRender(generation.render?.id).data?.render ?? generation.render
  if (!render) return <p className="text-sm text-muted">This video's render is gone.</p>
  const frame = AD_VIDEO_FRAMES[generation.placement]
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-border bg-surface-2/40 p-3"
      data-testid="ad-video"
    >
      <div className="flex items-center justify-between text-xs text-muted">
        <span>
          {render.avatar_name} · {PLACEMENTS[generation.placement].label} ·{' '}
          {generation.mode === 'read' ? 'reads the copy' : 'lip-syncs your recording'}
        </span>
        <span>{render.status_label}</span>
      </div>
      {render.status === 3 ? (
        <RenderPlayer
          files={render.files}
          title={render.title}
          frame={frame}
          className={frame === 'landscape' ? '' : 'mx-auto max-h-[28rem]'}
        />
      ) : render.status === 4 ? (
        <p role="alert" className="text-sm text-danger">
          {render.error ?? 'The video could not be made. Please try again.'}
        </p>
      ) : (
        <RenderProgress render={render} />
      )}
    </li>
  )
}

/** The project's video placements to start with (Story 9:16 when it has none). */
function videoPlacementsOf(project: AdProject): AdVideoPlacement[] {
  const picked = AD_VIDEO_PLACEMENTS.filter((p) => project.placements.includes(p))
  return picked.length ? picked : ['story']
}

/**
 * SPEC §4 ad audio flow: selectAvatar → uploadAudio → showResults. The presenter reads the ad copy
 * in the brand's voice (or lip-syncs an upload) over the brand colour; one render per picked
 * video placement (1:1, 4:5, 9:16, 16:9), started one after another.
 */
export function AdVideoFlow({ project }: { project: AdProject }) {
  const client = useQueryClient()
  const [step, setStep] = useState<Step>('selectAvatar')
  const [presenter, setPresenter] = useState<Presenter | null>(null)
  const [placements, setPlacements] = useState<AdVideoPlacement[]>(() => videoPlacementsOf(project))
  // Saving other placements on the project picks its video ones again.
  const projectPlacements = project.placements.join()
  const [pickedFor, setPickedFor] = useState(projectPlacements)
  if (pickedFor !== projectPlacements) {
    setPickedFor(projectPlacements)
    setPlacements(videoPlacementsOf(project))
  }
  const toggle = (p: AdVideoPlacement) =>
    setPlacements((now) => AD_VIDEO_PLACEMENTS.filter((x) => (x === p ? !now.includes(x) : now.includes(x))))
  const [audio, setAudio] = useState<string | null>(null)
  const [useUpload, setUseUpload] = useState(false)
  const key = videosKey(project.id)
  const generations = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => request(listAdVideos, { params: { id: project.id }, signal }),
  })
  useEffect(
    () =>
      subscribe(RealtimeEvent.adProject, (p) => {
        if (
          (p as { type?: string }).type === 'video' &&
          (p as { project_id?: number }).project_id === project.id
        )
          void client.invalidateQueries({ queryKey: videosKey(project.id) })
      }),
    [client, project.id],
  )
  const make = useMutation({
    // One video per placement; a refusal stops the rest (the ones already started are listed).
    mutationFn: async () => {
      for (const placement of placements) {
        await request(createAdVideo, {
          params: { id: project.id },
          body: {
            ...presenterFields(presenter),
            placement,
            ...(useUpload && audio ? { audio_uuid_path: audio } : {}),
          },
        })
      }
    },
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
    onSuccess: () => setStep('showResults'),
  })
  return (
    <Card
      title="Avatar ad video"
      description="An influencer, an ad avatar or one of your own avatars reads your ad copy in your brand's voice (or lip-syncs your recording), over your brand colour."
    >
      <ol className="mb-4 flex gap-2 text-sm" aria-label="Steps">
        {STEPS.map((s, i) => (
          <li key={s.id}>
            <button
              type="button"
              onClick={() => setStep(s.id)}
              aria-current={step === s.id ? 'step' : undefined}
              className={cn(
                'rounded-full px-3 py-1',
                step === s.id ? 'bg-accent text-on-accent' : 'bg-surface-2 text-muted hover:text-text',
              )}
            >
              {i + 1}. {s.label}
            </button>
          </li>
        ))}
      </ol>
      {step === 'selectAvatar' && (
        <div className="flex flex-col gap-4">
          <PresenterPicker value={presenter} onChange={setPresenter} />
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="mb-2 text-sm text-muted">Video placements (one video each)</legend>
            {AD_VIDEO_PLACEMENTS.map((p) => (
              <label
                key={p}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                  placements.includes(p) ? 'border-accent bg-accent/10' : 'border-border text-muted',
                )}
              >
                <input
                  type="checkbox"
                  name="ad-video-placement"
                  className="size-4 accent-[#FF6A59]"
                  checked={placements.includes(p)}
                  onChange={() => toggle(p)}
                />
                {PLACEMENTS[p].label}
              </label>
            ))}
            <Button
              className="ml-auto"
              onClick={() => setStep('uploadAudio')}
              disabled={placements.length === 0}
            >
              Next
            </Button>
          </fieldset>
          {placements.length === 0 && (
            <p className="text-sm text-muted">Please pick at least one placement.</p>
          )}
        </div>
      )}
      {step === 'uploadAudio' && (
        <div className="flex flex-col gap-4">
          <label className="flex items-center gap-2 text-sm text-text">
            <input
              type="radio"
              name="ad-voice"
              className="accent-[#FF6A59]"
              checked={!useUpload}
              onChange={() => setUseUpload(false)}
            />
            Read the ad copy in the brand voice
          </label>
          {!useUpload && (
            <blockquote className="rounded-lg border border-border bg-surface-2/40 p-3 text-sm text-muted">
              {project.copy || 'No ad copy yet: write it above and save.'}
            </blockquote>
          )}
          <label className="flex items-center gap-2 text-sm text-text">
            <input
              type="radio"
              name="ad-voice"
              className="accent-[#FF6A59]"
              checked={useUpload}
              onChange={() => setUseUpload(true)}
            />
            Lip-sync my recording
          </label>
          {useUpload && <AudioUploader compact onReady={(p) => setAudio(p.uuid_path)} />}
          {make.error && (
            <p role="alert" className="text-sm text-danger">
              {failureText(make.error)}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="tertiary" onClick={() => setStep('selectAvatar')}>
              Back
            </Button>
            <Button
              onClick={() => make.mutate()}
              loading={make.isPending}
              disabled={placements.length === 0 || (useUpload ? !audio : !project.copy.trim())}
            >
              {placements.length > 1 ? `Make ${placements.length} videos` : 'Make video'}
            </Button>
          </div>
        </div>
      )}
      {step === 'showResults' &&
        (generations.isPending ? (
          <LoadingBlock />
        ) : !generations.data?.generations.length ? (
          <p className="text-sm text-muted">No videos yet.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {generations.data.generations.map((g) => (
              <GenerationResult key={g.id} generation={g} />
            ))}
          </ul>
        ))}
    </Card>
  )
}
