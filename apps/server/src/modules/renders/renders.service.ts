/**
 * Render use cases: create (quick create, short audio, the signed-out demo, influencer intros),
 * follow, cancel, delete, results and sharing. A render row and its first job are created in one
 * transaction, so a render exists exactly when its job does.
 */
import { randomUUID } from 'node:crypto'
import {
  RENDER_CANCELLED_MESSAGE,
} from '@mouthpiece/contracts/renders/renders.schemas'
import type {
  BackgroundChoice, DemoAudioBody, DemoVideoBody, QuickCreateBody, Render, RenderSource, ShortAudioBody,
} from '@mouthpiece/contracts/renders/renders.schemas'
import type { VoiceSettings } from '@mouthpiece/contracts/voices/voices.routes'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { GenerationFlow, JobStatus, ProcessStatus, QueueType, RenderStatus } from '@mouthpiece/contracts/statuses'
import { AppError } from '../../platform/http/errors'
import type { Queryable } from '../../platform/db/client'
import { assertEntitled } from '../payments/entitlements.service'
import { chooseAvatar } from '../avatars/avatars.service'
import type { ChosenAvatar } from '../avatars/avatars.service'
import { listActiveInfluencers } from '../avatars/avatars.repo'
import { requireVoice, sampleProfile } from '../voices/voices.service'
import { findUpload } from '../voices/voices.repo'
import * as repo from './renders.repo'
import type { RenderFileKeys, RenderRow, RenderSettings } from './renders.schema'
import { RENDER_QUEUES } from './renders.deps'
import type { RendersDeps } from './renders.deps'
import { announce, sendStage } from './render-stages'
import { ensureRenderQueues } from './renders.jobs'
import { removeRenderFiles } from './render-files'
import { backgroundKey } from './backgrounds.service'
import { presentInfluencerVideo, presentLog, presentRender, presentSharing } from './renders.present'
import type { Owner } from './visitor'
import { owns } from './visitor'

export const renderNotFound = () => new AppError('not_found', 'Video not found', 404)
const PAGE_SIZE = 12

/** Rough speech length of a text (about 14 characters a second), for plan gating and job expiry. */
export const estimateSeconds = (text: string) => Math.max(1, text.length / 14)

interface NewRenderInput {
  owner: Owner
  source: RenderSource
  kind: 'video' | 'audio'
  text: string
  title?: string
  avatar: ChosenAvatar
  voiceId: string
  emotion: Emotion
  intensity: number
  settings: RenderSettings
}

/**
 * Ties a render another module asks for to that module's row, inside the render's own transaction:
 * `claim` may answer a render that already stands for the request (then none is made), `attach`
 * records the new one. Both commit (or not) together with the render and its job.
 */
export interface RenderLink {
  claim(tx: Queryable): Promise<RenderRow | undefined>
  attach(tx: Queryable, row: RenderRow): Promise<void>
}

/** Inserts the row at audioWaiting and sends its audio job, in one transaction. */
async function startRender(deps: RendersDeps, input: NewRenderInput, opts: { showcase?: boolean; link?: RenderLink } = {}): Promise<RenderRow | undefined> {
  // Declared before the transaction: pg-boss looks queues up outside it (PGlite has one connection).
  await ensureRenderQueues(deps.queue)
  const jobId = randomUUID()
  const title = input.title?.trim() || (input.text ? truncate(input.text, 60) : `${input.avatar.name} lip-syncing your recording`)
  let existing: RenderRow | undefined
  const row = await deps.db.transaction(async (tx) => {
    existing = await opts.link?.claim(tx)
    if (existing) return undefined
    const values = {
      user_id: input.owner.userId, visitor_id: input.owner.userId ? null : input.owner.visitorId, kind: input.kind, source: input.source,
      title, text: input.text, influencer_id: input.avatar.influencer_id, custom_avatar_id: input.avatar.custom_avatar_id,
      avatar_name: input.avatar.name, look: input.avatar.look, voice_id: input.voiceId, emotion: input.emotion, intensity: input.intensity,
      settings: input.settings,
      // beforeGenerate → audioWaiting happens here: the row is only ever seen with its job queued.
      status: RenderStatus.paused, flow: GenerationFlow.audioWaiting, queue_status: 'wait', queue_type: QueueType.audio,
      job_status: JobStatus.waiting, progress: 0, stage: 'waiting for a voice', job_id: jobId,
    } satisfies repo.NewRender
    const created = opts.showcase ? await repo.insertShowcase(tx, values) : await repo.insertRender(tx, values)
    if (created) await sendStage(deps, tx, 'audio', created, jobId)
    if (created) await opts.link?.attach(tx, created)
    return created
  })
  if (existing) return existing
  if (row) {
    deps.wake(RENDER_QUEUES.audio)
    await announce(deps, row)
  }
  return row
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s)

/** Voice id, emotion and effect settings for a request, checked (unknown voice → 404). */
async function voiceFor(deps: RendersDeps, owner: Owner, body: VoiceSettings, avatar: ChosenAvatar) {
  const voiceId = body.voice_id ?? avatar.voice_id
  if (body.voice_effect !== 'match') await requireVoice(voiceId)
  const match_profile = body.voice_effect === 'match' ? await sampleProfile(deps.db, owner, body.sample_uuid_path) : undefined
  return {
    voiceId, emotion: body.emotion ?? avatar.emotion, intensity: body.intensity,
    voice: { rate: body.rate, pitch: body.pitch, voice_effect: body.voice_effect, ...(match_profile ? { match_profile } : {}) },
  }
}

async function checkBackground(deps: RendersDeps, bg: BackgroundChoice): Promise<BackgroundChoice> {
  if (bg.type === 'upload' && !(await deps.storage.stat(backgroundKey(bg.id)))) throw new AppError('not_found', 'Background not found', 404)
  return bg
}

/** Plan gating: resolution and this month's render minutes (SPEC plans via payments' entitlements). */
async function gate(deps: RendersDeps, userId: number, resolution: '720p' | '1080p', text: string) {
  const monthStart = new Date()
  monthStart.setUTCDate(1)
  monthStart.setUTCHours(0, 0, 0, 0)
  const used = (await repo.secondsRenderedSince(deps.db, userId, monthStart)) / 60
  await assertEntitled(deps.db, userId, { resolution, renderMinutes: { used, requested: estimateSeconds(text) / 60 } })
}

export async function quickCreate(deps: RendersDeps, userId: number, b: QuickCreateBody): Promise<Render> {
  const owner: Owner = { userId, visitorId: null }
  const avatar = await chooseAvatar(deps.db, userId, { influencer_id: b.influencer_id, custom_avatar_id: b.custom_avatar_id })
  const v = await voiceFor(deps, owner, b, avatar)
  const background = await checkBackground(deps, b.background)
  await gate(deps, userId, b.video_resolution, b.text)
  const row = await startRender(deps, {
    owner, source: 'quick_create', kind: 'video', text: b.text, title: b.title, avatar, voiceId: v.voiceId, emotion: v.emotion, intensity: v.intensity,
    settings: { ...v.voice, format: b.format, video_resolution: b.video_resolution, video_orientation: b.video_orientation, captions: b.captions, background },
  })
  return presentRender(row!)
}

/** A video made for another module (donations: tip videos, avatar setup previews): same jobs, same plan gating. */
export interface ModuleVideoInput {
  source: Extract<RenderSource, 'tip_video' | 'setup_preview'>
  text: string
  title: string
  avatar: ChosenAvatar
  voiceId: string
  emotion: Emotion
  intensity: number
  orientation: 'landscape' | 'portrait'
  background: BackgroundChoice
}

export async function startModuleVideo(deps: RendersDeps, userId: number, input: ModuleVideoInput, link?: RenderLink): Promise<RenderRow> {
  await gate(deps, userId, '720p', input.text)
  const { orientation, background, ...rest } = input
  const row = await startRender(deps, {
    ...rest, owner: { userId, visitorId: null }, kind: 'video',
    settings: { rate: 1, pitch: 0, voice_effect: 'none', format: 'mp4', video_resolution: '720p', video_orientation: orientation, captions: true, background },
  }, { link })
  return row!
}

export async function shortAudio(deps: RendersDeps, owner: Owner, b: ShortAudioBody | DemoAudioBody, source: 'short_audio' | 'demo'): Promise<Render> {
  const avatar = await chooseAvatar(deps.db, null, {})
  const v = await voiceFor(deps, owner, b, avatar)
  if (owner.userId && source === 'short_audio') await gate(deps, owner.userId, '720p', b.text)
  const row = await startRender(deps, {
    owner, source, kind: 'audio', text: b.text, title: b.title, avatar, voiceId: v.voiceId, emotion: v.emotion, intensity: v.intensity,
    settings: {
      ...v.voice, format: 'mp4', video_resolution: '720p', video_orientation: 'landscape', captions: true,
      background: { type: 'preset', id: 'studio' }, audio_format: b.audio_format,
    },
  })
  return presentRender(row!)
}

/** Signed out: capped by the contract (length, 720p) and rate-limited per IP by the route. */
export async function demoVideo(deps: RendersDeps, owner: Owner, b: DemoVideoBody): Promise<Render> {
  const avatar = await chooseAvatar(deps.db, null, { influencer_id: b.influencer_id })
  const background = await checkBackground(deps, b.background)
  let audioKey: string | undefined
  if (b.audio_uuid_path) {
    const upload = await findUpload(deps.db, b.audio_uuid_path)
    if (!upload || !owns(owner, upload)) throw new AppError('not_found', 'Audio file not found', 404)
    if (upload.status !== ProcessStatus.successfully || !upload.wav_key) throw new AppError('not_ready', 'The audio file is still being processed. Try again in a moment.', 409)
    if ((upload.duration ?? 0) > 30) throw new AppError('too_long', 'The demo takes recordings up to 30 seconds. Sign up for longer videos.', 422)
    audioKey = upload.wav_key
  }
  const v = audioKey ? { voiceId: avatar.voice_id, emotion: b.emotion ?? avatar.emotion, intensity: b.intensity, voice: { rate: 1, pitch: 0, voice_effect: 'none' as const } } : await voiceFor(deps, owner, b, avatar)
  const row = await startRender(deps, {
    owner, source: 'demo', kind: 'video', text: b.text ?? '', title: b.title, avatar, voiceId: v.voiceId, emotion: v.emotion, intensity: v.intensity,
    settings: {
      ...v.voice, format: b.format, video_resolution: '720p', video_orientation: b.video_orientation, captions: b.captions, background,
      ...(audioKey ? { audio_upload_key: audioKey } : {}),
    },
  })
  return presentRender(row!)
}

async function ownedRender(deps: RendersDeps, owner: Owner, id: string): Promise<RenderRow> {
  const row = await repo.findRender(deps.db, id)
  if (!row || !owns(owner, row)) throw renderNotFound()
  return row
}

export async function get(deps: RendersDeps, owner: Owner, id: string): Promise<Render> {
  return presentRender(await ownedRender(deps, owner, id))
}

export async function list(deps: RendersDeps, userId: number, page: number) {
  const { rows, total } = await repo.listForUser(deps.db, userId, PAGE_SIZE, (page - 1) * PAGE_SIZE)
  return { list: rows.map(presentRender), total, lastPage: Math.max(1, Math.ceil(total / PAGE_SIZE)) }
}

/**
 * Stops a render: the row is marked cancelled and loses its lease at once, so a worker still on it
 * aborts (ffmpeg is killed, its partial files removed) and can no longer write; a queued job is
 * cancelled in pg-boss. Stored files are removed.
 */
export async function cancel(deps: RendersDeps, owner: Owner, id: string): Promise<Render> {
  const row = await ownedRender(deps, owner, id)
  if (row.status === RenderStatus.completed) throw new AppError('already_finished', 'This video is already finished.', 409)
  if (row.status === RenderStatus.issue) return presentRender(row)
  const failedFlow = row.flow <= GenerationFlow.audioGenerated || row.kind === 'audio' ? GenerationFlow.audioFailed : GenerationFlow.avatarFailed
  const cancelled = await repo.updateRender(deps.db, id, {
    cancel_requested: true, status: RenderStatus.issue, flow: failedFlow, queue_status: 'failed', job_status: JobStatus.failed,
    stage: 'cancelled', error: RENDER_CANCELLED_MESSAGE, lease: null,
  }, { openOnly: true })
  if (!cancelled) return presentRender((await repo.findRender(deps.db, id)) ?? row)
  await stopJob(deps, row)
  await repo.failOpenLogs(deps.db, id, RENDER_CANCELLED_MESSAGE)
  await removeRenderFiles(deps.storage, id, row.files)
  await announce(deps, cancelled)
  return presentRender(cancelled)
}

async function stopJob(deps: RendersDeps, row: RenderRow) {
  if (!row.job_id) return
  const queue = row.queue_type === QueueType.avatar ? RENDER_QUEUES.avatar : RENDER_QUEUES.audio
  for (const name of new Set([queue, RENDER_QUEUES.audio, RENDER_QUEUES.avatar, RENDER_QUEUES.final])) {
    await deps.queue.boss.cancel(name, row.job_id).catch(() => undefined)
  }
}

export async function remove(deps: RendersDeps, owner: Owner, id: string): Promise<void> {
  const row = await ownedRender(deps, owner, id)
  if (row.status !== RenderStatus.completed && row.status !== RenderStatus.issue) await cancel(deps, owner, id)
  await repo.deleteRender(deps.db, id)
  await removeRenderFiles(deps.storage, id, row.files)
}

/** A finished file of a render, by its stored name; anyone with the render's link may open it. */
export async function fileKey(deps: RendersDeps, id: string, name: string): Promise<{ key: string; row: RenderRow }> {
  const row = await repo.findRender(deps.db, id)
  const f: RenderFileKeys = row?.files ?? {}
  const keys = [f.audio, f.audioDownload, f.video, f.poster, f.vtt, f.srt]
  const key = keys.find((k) => k?.endsWith(`/${name}`))
  if (!row || !key || row.status !== RenderStatus.completed) throw new AppError('not_found', 'File not found', 404)
  return { key, row }
}

export async function result(deps: RendersDeps, userId: number, id: string) {
  const row = await ownedRender(deps, { userId, visitorId: null }, id)
  const logs = await repo.listLogs(deps.db, id)
  return { render: presentRender(row), logs: logs.map((l) => { const { entries: _e, ...rest } = presentLog(l); return rest }) }
}

export async function resultLog(deps: RendersDeps, userId: number, id: string, logId: number) {
  const row = await ownedRender(deps, { userId, visitorId: null }, id)
  const log = await repo.findLog(deps.db, id, logId)
  if (!log) throw new AppError('not_found', 'Log not found', 404)
  return { render: presentRender(row), log: presentLog(log) }
}

export async function sharing(deps: RendersDeps, id: string) {
  const row = await repo.findRender(deps.db, id)
  if (!row || row.status !== RenderStatus.completed) throw renderNotFound()
  return { video: presentSharing(row) }
}

/** One intro video per active influencer; the first request queues the ones that are missing. */
export async function influencerVideos(deps: RendersDeps) {
  const influencers = await listActiveInfluencers(deps.db)
  const latest = new Map((await repo.latestShowcases(deps.db)).map((r) => [r.influencer_id, r]))
  const videos = []
  for (const inf of influencers) {
    let row = latest.get(inf.id)
    if (!row || row.status === RenderStatus.issue) {
      const avatar = await chooseAvatar(deps.db, null, { influencer_id: inf.id })
      row = (await startRender(deps, {
        owner: { userId: null, visitorId: null }, source: 'showcase', kind: 'video', avatar, voiceId: avatar.voice_id, emotion: avatar.emotion,
        intensity: 0.6, text: `Hi, I'm ${inf.name}! Type any line and I will say it for you.`, title: `Meet ${inf.name}`,
        settings: {
          rate: 1, pitch: 0, voice_effect: 'none', format: 'mp4', video_resolution: '720p', video_orientation: 'landscape', captions: true,
          background: { type: 'preset', id: 'coral' },
        },
      }, { showcase: true })) ?? row
    }
    videos.push(presentInfluencerVideo(inf, row))
  }
  return { videos }
}
