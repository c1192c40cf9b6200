import type {
  InfluencerVideo,
  Render,
  RenderFiles,
  RenderLog,
  SharingVideo,
} from '@mouthpiece/contracts/renders/renders.schemas'
import { GenerationFlow, RENDER_STATUS_LABEL } from '@mouthpiece/contracts/statuses'
import type { JobStatus, QueueStatus, QueueType, RenderStatus } from '@mouthpiece/contracts/statuses'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import type { RenderLogRow, RenderRow } from './renders.table'
import { renderFileUrl } from './stages/render-files'

const FLOW_NAME = Object.fromEntries(Object.entries(GenerationFlow).map(([name, n]) => [n, name])) as Record<
  GenerationFlow,
  string
>
export const flowName = (flow: number) => FLOW_NAME[flow as GenerationFlow] ?? 'beforeGenerate'

export function presentFiles(row: RenderRow): RenderFiles {
  const f = row.files
  return {
    video_url: renderFileUrl(row.id, f.video),
    poster_url: renderFileUrl(row.id, f.poster),
    audio_url: renderFileUrl(row.id, f.audioDownload ?? (row.kind === 'audio' ? f.audio : undefined)),
    vtt_url: renderFileUrl(row.id, f.vtt),
    srt_url: renderFileUrl(row.id, f.srt),
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function presentRender(row: RenderRow): Render {
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    title: row.title,
    text: row.text,
    influencer_id: row.influencer_id,
    custom_avatar_id: row.custom_avatar_id,
    avatar_name: row.avatar_name,
    look: row.look,
    voice_id: row.voice_id,
    emotion: row.emotion as Emotion,
    intensity: row.intensity,
    format: row.kind === 'audio' ? (row.settings.audio_format ?? 'mp3') : row.settings.format,
    video_resolution: row.settings.video_resolution,
    video_orientation: row.settings.video_orientation,
    status: row.status as RenderStatus,
    status_label: RENDER_STATUS_LABEL[row.status as RenderStatus] ?? 'Issue',
    flow: row.flow as GenerationFlow,
    flow_name: flowName(row.flow),
    queue_status: row.queue_status as QueueStatus,
    queue_type: row.queue_type as QueueType,
    job_status: row.job_status as JobStatus,
    progress: row.progress,
    stage: row.stage,
    error: row.error,
    duration: row.duration,
    attempts: row.attempts,
    share_path: `/video-sharing/${row.id}`,
    files: presentFiles(row),
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
  }
}

export function presentSharing(row: RenderRow): SharingVideo {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    avatar_name: row.avatar_name,
    text: row.text,
    duration: row.duration,
    files: presentFiles(row),
    created_at: row.created_at.toISOString(),
  }
}

export function presentLog(row: RenderLogRow): RenderLog {
  return {
    id: row.id,
    job: row.job,
    attempt: row.attempt,
    status: row.status,
    error: row.error,
    started_at: row.started_at.toISOString(),
    finished_at: iso(row.finished_at),
    ms: row.finished_at ? row.finished_at.getTime() - row.started_at.getTime() : null,
    entries: row.entries,
  }
}

export function presentInfluencerVideo(
  influencer: { id: string; name: string; description: string },
  row: RenderRow | undefined,
): InfluencerVideo {
  const status = !row || row.status === 4 ? 'failed' : row.status === 3 ? 'ready' : 'rendering'
  return {
    influencer_id: influencer.id,
    name: influencer.name,
    description: influencer.description,
    status: row ? status : 'rendering',
    render_id: row?.id ?? null,
    files: row && row.status === 3 ? presentFiles(row) : null,
  }
}
