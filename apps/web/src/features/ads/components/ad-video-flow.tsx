import { useEffect, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createAdVideo, listAdVideos } from '@mouthpiece/contracts/ads/videos.routes'
import type { AdGeneration } from '@mouthpiece/contracts/ads/videos.routes'
import type { AdProject } from '@mouthpiece/contracts/ads/projects.schemas'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadingBlock } from '../../../components/ui/spinner'
import { request } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { subscribe } from '../../../lib/socket'
import { RenderPlayer } from '../../renders/components/render-player'
import { RenderProgress } from '../../renders/components/render-progress'
import { useRender } from '../../renders/use-render'
import { AudioUploader } from '../../voices/components/audio-uploader'
import { failureText } from '../api'
import { PresenterPicker, presenterFields } from './presenter-picker'
import type { Presenter } from './presenter-picker'

const videosKey = (id: number) => ['ads', 'project', id, 'videos'] as const

type Step = 'selectAvatar' | 'uploadAudio' | 'showResults'
const STEPS: Array<{ id: Step; label: string }> = [{ id: 'selectAvatar', label: 'Presenter' }, { id: 'uploadAudio', label: 'Voice' }, { id: 'showResults', label: 'Videos' }]

function GenerationResult({ generation }: { generation: AdGeneration }) {
  const render = useRender(generation.render?.id).data?.render ?? generation.render
  if (!render) return <p className="text-sm text-muted">This video's render is gone.</p>
  const portrait = generation.placement === 'story'
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border bg-surface-2/40 p-3" data-testid="ad-video">
      <div className="flex items-center justify-between text-xs text-muted">
        <span>{render.avatar_name} · {portrait ? 'Story 9:16' : 'Widescreen 16:9'} · {generation.mode === 'read' ? 'reads the copy' : 'lip-syncs your recording'}</span>
        <span>{render.status_label}</span>
      </div>
      {render.status === 3 ? <RenderPlayer files={render.files} title={render.title} portrait={portrait} className={portrait ? 'mx-auto max-h-[28rem]' : ''} />
        : render.status === 4 ? <p role="alert" className="text-sm text-danger">{render.error ?? 'The video could not be made. Please try again.'}</p>
          : <RenderProgress render={render} />}
    </li>
  )
}

/**
 * SPEC §4 ad audio flow: selectAvatar → uploadAudio → showResults. The presenter reads the ad copy
 * in the brand's voice (or lip-syncs an upload) over the brand colour; each video is a render.
 */
export function AdVideoFlow({ project }: { project: AdProject }) {
  const client = useQueryClient()
  const [step, setStep] = useState<Step>('selectAvatar')
  const [presenter, setPresenter] = useState<Presenter | null>(null)
  const [placement, setPlacement] = useState<'story' | 'widescreen'>('story')
  const [audio, setAudio] = useState<string | null>(null)
  const [useUpload, setUseUpload] = useState(false)
  const key = videosKey(project.id)
  const generations = useQuery({ queryKey: key, queryFn: ({ signal }) => request(listAdVideos, { params: { id: project.id }, signal }) })
  useEffect(() => subscribe(RealtimeEvent.adProject, (p) => {
    if ((p as { type?: string }).type === 'video' && (p as { project_id?: number }).project_id === project.id) void client.invalidateQueries({ queryKey: videosKey(project.id) })
  }), [client, project.id])
  const make = useMutation({
    mutationFn: () => request(createAdVideo, { params: { id: project.id }, body: { ...presenterFields(presenter), placement, ...(useUpload && audio ? { audio_uuid_path: audio } : {}) } }),
    onSuccess: () => { void client.invalidateQueries({ queryKey: key }); setStep('showResults') },
  })
  return (
    <Card title="Avatar ad video" description="An influencer or an ad avatar reads your ad copy in your brand's voice (or lip-syncs your recording), over your brand colour.">
      <ol className="mb-4 flex gap-2 text-sm" aria-label="Steps">
        {STEPS.map((s, i) => (
          <li key={s.id}>
            <button type="button" onClick={() => setStep(s.id)} aria-current={step === s.id ? 'step' : undefined}
              className={cn('rounded-full px-3 py-1', step === s.id ? 'bg-accent text-white' : 'bg-surface-2 text-muted hover:text-text')}>{i + 1}. {s.label}</button>
          </li>
        ))}
      </ol>
      {step === 'selectAvatar' && (
        <div className="flex flex-col gap-4">
          <PresenterPicker value={presenter} onChange={setPresenter} />
          <div className="flex flex-wrap items-center gap-2">
            {(['story', 'widescreen'] as const).map((p) => (
              <label key={p} className={cn('flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm', placement === p ? 'border-accent bg-accent/10' : 'border-border text-muted')}>
                <input type="radio" name="ad-video-placement" className="accent-[#FF6A59]" checked={placement === p} onChange={() => setPlacement(p)} />
                {p === 'story' ? 'Story 9:16' : 'Widescreen 16:9'}
              </label>
            ))}
            <Button className="ml-auto" onClick={() => setStep('uploadAudio')}>Next</Button>
          </div>
        </div>
      )}
      {step === 'uploadAudio' && (
        <div className="flex flex-col gap-4">
          <label className="flex items-center gap-2 text-sm text-text"><input type="radio" name="ad-voice" className="accent-[#FF6A59]" checked={!useUpload} onChange={() => setUseUpload(false)} />Read the ad copy in the brand voice</label>
          {!useUpload && <blockquote className="rounded-lg border border-border bg-surface-2/40 p-3 text-sm text-muted">{project.copy || 'No ad copy yet: write it above and save.'}</blockquote>}
          <label className="flex items-center gap-2 text-sm text-text"><input type="radio" name="ad-voice" className="accent-[#FF6A59]" checked={useUpload} onChange={() => setUseUpload(true)} />Lip-sync my recording</label>
          {useUpload && <AudioUploader compact onReady={(p) => setAudio(p.uuid_path)} />}
          {make.error && <p role="alert" className="text-sm text-danger">{failureText(make.error)}</p>}
          <div className="flex justify-end gap-2">
            <Button variant="tertiary" onClick={() => setStep('selectAvatar')}>Back</Button>
            <Button onClick={() => make.mutate()} loading={make.isPending} disabled={useUpload ? !audio : !project.copy.trim()}>Make video</Button>
          </div>
        </div>
      )}
      {step === 'showResults' && (
        generations.isPending ? <LoadingBlock /> : !generations.data?.generations.length ? <p className="text-sm text-muted">No videos yet.</p> : (
          <ul className="grid gap-4 md:grid-cols-2">{generations.data.generations.map((g) => <GenerationResult key={g.id} generation={g} />)}</ul>
        )
      )}
    </Card>
  )
}
