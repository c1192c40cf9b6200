import { useEffect, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createAdAudio, listAdAudios } from '@mouthpiece/contracts/ads/audios.contract'
import type { AdAudioGeneration } from '@mouthpiece/contracts/ads/audios.contract'
import type { AdProject } from '@mouthpiece/contracts/ads/projects.schemas'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadingBlock } from '../../../components/ui/spinner'
import { request } from '../../../lib/api'
import { subscribe } from '../../../lib/socket'
import { RenderProgress, useRender } from '../../renders'
import { failureText } from '../api'

const audiosKey = (id: number) => ['ads', 'project', id, 'audios'] as const

function VoiceOver({ generation }: { generation: AdAudioGeneration }) {
  const render = useRender(generation.render?.id).data?.render ?? generation.render
  if (!render) return <p className="text-sm text-muted">This voice-over's render is gone.</p>
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-border bg-surface-2/40 p-3"
      data-testid="ad-audio"
    >
      <p className="line-clamp-2 text-sm text-text">“{generation.text}”</p>
      {render.status === 3 && render.files.audio_url ? (
        <div className="flex flex-wrap items-center gap-3">
          <audio src={render.files.audio_url} controls preload="none" className="min-w-0 flex-1" />
          <a
            href={`${render.files.audio_url}?download=1`}
            download
            className="text-sm text-accent hover:underline"
          >
            Download {render.files.audio_url.endsWith('.wav') ? 'WAV' : 'MP3'}
          </a>
        </div>
      ) : render.status === 4 ? (
        <p role="alert" className="text-sm text-danger">
          {render.error ?? 'The voice-over could not be made. Please try again.'}
        </p>
      ) : (
        <RenderProgress render={render} />
      )}
    </li>
  )
}

/** SPEC §7 Ads "audio generations": the ad copy read in the brand's voice as an audio file. */
export function AdVoiceOver({ project }: { project: AdProject }) {
  const client = useQueryClient()
  const [format, setFormat] = useState<'mp3' | 'wav'>('mp3')
  const key = audiosKey(project.id)
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => request(listAdAudios, { params: { id: project.id }, signal }),
  })
  useEffect(
    () =>
      subscribe(RealtimeEvent.adProject, (p) => {
        const e = p as { type?: string; project_id?: number }
        if (e.type === 'audio' && e.project_id === project.id)
          void client.invalidateQueries({ queryKey: audiosKey(project.id) })
      }),
    [client, project.id],
  )
  const make = useMutation({
    mutationFn: () => request(createAdAudio, { params: { id: project.id }, body: { audio_format: format } }),
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  })
  return (
    <Card
      title="Voice-over"
      description="Your ad copy read in your brand's voice and speed, as an audio file for radio, podcast or pre-roll spots."
    >
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm text-muted">
          Format
          <select
            className="h-9 rounded-lg border border-border bg-surface-2 px-2 text-sm text-text"
            value={format}
            onChange={(e) => setFormat(e.target.value as 'mp3' | 'wav')}
          >
            <option value="mp3">MP3</option>
            <option value="wav">WAV</option>
          </select>
        </label>
        <Button onClick={() => make.mutate()} loading={make.isPending} disabled={!project.copy.trim()}>
          Make a voice-over
        </Button>
        {!project.copy.trim() ? <span className="text-sm text-muted">Write the ad copy first.</span> : null}
      </div>
      {make.isError ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {failureText(make.error)}
        </p>
      ) : null}
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {failureText(list.error)}
        </p>
      ) : list.data.generations.length ? (
        <ul className="mt-4 flex flex-col gap-3">
          {list.data.generations.map((g) => (
            <VoiceOver key={g.id} generation={g} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted">No voice-overs yet.</p>
      )}
    </Card>
  )
}
