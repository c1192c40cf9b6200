/**
 * Render use cases: create (quick create, short audio, the signed-out demo, influencer intros),
 * follow, cancel, delete, results and sharing. A render row and its first job are created in one
 * transaction, so a render exists exactly when its job does.
 */
import { randomUUID } from 'node:crypto'
import { RENDER_CANCELLED_MESSAGE } from '@mouthpiece/contracts/renders/renders.schemas'
import type {
  BackgroundChoice,
  DemoAudioBody,
  DemoVideoBody,
  QuickCreateBody,
  Render,
  RenderSource,
  ShortAudioBody,
} from '@mouthpiece/contracts/renders/renders.schemas'
import type { VoiceSettings } from '@mouthpiece/contracts/voices/voices.contract'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import type { VideoFrame } from '@mouthpiece/contracts/media/render.schemas'
import {
  GenerationFlow,
  JobStatus,
  ProcessStatus,
  QueueType,
  RenderStatus,
} from '@mouthpiece/contracts/statuses'
import { AppError } from '../../platform/http/errors'
import { OverloadedError } from '../../platform/admission/admission'
import type { Queryable } from '../../platform/db/client'
import { assertEntitled } from '../payments'
import { chooseAvatar, listActiveInfluencers } from '../avatars'
import type { ChosenAvatar } from '../avatars'
import { resolveSpeech, findUpload } from '../voices'
import * as repo from './renders.repo'
import type { RenderFileKeys, RenderRow, RenderSettings } from './renders.table'
import type { ProjectRenderSpec } from '../../platform/media'
import { ensureRenderQueues, RENDER_QUEUES } from './renders.queues'
import type { RendersDeps } from './renders.deps'
import { announce, sendStage } from './stages/render-stages'
import { removeRenderFiles } from './stages/render-files'
import type { VideoDressing } from './stages/render-dressing'
import { onRenderChange } from './stages/render-listeners'
import { backgroundKey } from './backgrounds/backgrounds.service'
import { presentInfluencerVideo, presentLog, presentRender, presentSharing } from './renders.present'
import type { Owner } from '../../platform/http/visitor'
import { owns } from '../../platform/http/visitor'

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
async function startRender(
  deps: RendersDeps,
  input: NewRenderInput,
  opts: { showcase?: boolean; link?: RenderLink } = {},
): Promise<RenderRow | undefined> {
  // Declared before the transaction: pg-boss looks queues up outside it (PGlite has one connection).
  await ensureRenderQueues(deps.queue)
  const jobId = randomUUID()
  const title =
    input.title?.trim() ||
    (input.text ? truncate(input.text, 60) : `${input.avatar.name} lip-syncing your recording`)
  let existing: RenderRow | undefined
  const row = await deps.db.transaction(async (tx) => {
    existing = await opts.link?.claim(tx)
    if (existing) return undefined
    const values = {
      user_id: input.owner.userId,
      visitor_id: input.owner.userId ? null : input.owner.visitorId,
      kind: input.kind,
      source: input.source,
      title,
      text: input.text,
      influencer_id: input.avatar.influencer_id,
      custom_avatar_id: input.avatar.custom_avatar_id,
      avatar_name: input.avatar.name,
      look: input.avatar.look,
      voice_id: input.voiceId,
      emotion: input.emotion,
      intensity: input.intensity,
      settings: input.settings,
      // beforeGenerate → audioWaiting happens here: the row is only ever seen with its job queued.
      status: RenderStatus.paused,
      flow: GenerationFlow.audioWaiting,
      queue_status: 'wait',
      queue_type: QueueType.audio,
      job_status: JobStatus.waiting,
      progress: 0,
      stage: 'waiting for a voice',
      job_id: jobId,
    } satisfies repo.NewRender
    const created = opts.showcase
      ? await repo.insertShowcase(tx, values)
      : await repo.insertRender(tx, values)
    if (created) await sendStage(deps, tx, 'audio', created, jobId)
    if (created) await opts.link?.attach(tx, created)
    return created
  })
  if (existing) return existing
  if (row) {
    deps.queue.wake(RENDER_QUEUES.audio)
    await announce(deps, row)
  }
  return row
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s)

/** Voice id, emotion and effect settings for a request, checked (unknown voice → 404). */
async function voiceFor(deps: RendersDeps, owner: Owner, body: VoiceSettings, avatar: ChosenAvatar) {
  const {
    voiceId,
    effect,
    matchProfile: match_profile,
  } = await resolveSpeech(
    deps.db,
    owner,
    body.voice_id ?? avatar.voice_id,
    body.voice_effect,
    body.sample_uuid_path,
  )
  return {
    voiceId,
    emotion: body.emotion ?? avatar.emotion,
    intensity: body.intensity,
    voice: {
      rate: body.rate,
      pitch: body.pitch,
      voice_effect: effect,
      ...(match_profile ? { match_profile } : {}),
    },
  }
}

async function checkBackground(deps: RendersDeps, bg: BackgroundChoice): Promise<BackgroundChoice> {
  if (bg.type === 'upload' && !(await deps.storage.stat(backgroundKey(bg.id))))
    throw new AppError('not_found', 'Background not found', 404)
  return bg
}

/** Plan gating: resolution and this month's render minutes (SPEC plans via payments' entitlements). */
async function gate(deps: RendersDeps, userId: number, resolution: '720p' | '1080p', text: string) {
  const monthStart = new Date()
  monthStart.setUTCDate(1)
  monthStart.setUTCHours(0, 0, 0, 0)
  const used = (await repo.secondsRenderedSince(deps.db, userId, monthStart)) / 60
  await assertEntitled(deps.db, userId, {
    resolution,
    renderMinutes: { used, requested: estimateSeconds(text) / 60 },
  })
}

export async function quickCreate(deps: RendersDeps, userId: number, b: QuickCreateBody): Promise<Render> {
  const owner: Owner = { userId, visitorId: null }
  const avatar = await chooseAvatar(deps.db, userId, {
    influencer_id: b.influencer_id,
    custom_avatar_id: b.custom_avatar_id,
  })
  const v = await voiceFor(deps, owner, b, avatar)
  const background = await checkBackground(deps, b.background)
  await gate(deps, userId, b.video_resolution, b.text)
  const row = await startRender(deps, {
    owner,
    source: 'quick_create',
    kind: 'video',
    text: b.text,
    title: b.title,
    avatar,
    voiceId: v.voiceId,
    emotion: v.emotion,
    intensity: v.intensity,
    settings: {
      ...v.voice,
      format: b.format,
      video_resolution: b.video_resolution,
      video_orientation: b.video_orientation,
      captions: b.captions,
      background,
    },
  })
  return presentRender(row!)
}

/** A video made for another module (donations: tip videos, avatar setup previews): same jobs, same plan gating. */
export interface ModuleVideoInput {
  source: Extract<RenderSource, 'tip_video' | 'setup_preview' | 'ad_video'>
  text: string
  title: string
  avatar: ChosenAvatar
  voiceId: string
  emotion: Emotion
  intensity: number
  /** The frame: an orientation, or an ad placement's square or 4:5 frame. */
  orientation: VideoFrame
  background: BackgroundChoice
  /** Speaking rate (a brand's voice speed); 1 by default. */
  rate?: number
  /** Lip-sync this processed upload (voices module's WAV) instead of speaking `text`. */
  audioUploadKey?: string
  /** Pictures over the frame, an end card and the captions' face (stored files the caller resolved). */
  dressing?: VideoDressing
}

export async function startModuleVideo(
  deps: RendersDeps,
  userId: number,
  input: ModuleVideoInput,
  link?: RenderLink,
): Promise<RenderRow> {
  await gate(deps, userId, '720p', input.text)
  const { orientation, background, rate, audioUploadKey, dressing, ...rest } = input
  const owner = { userId, visitorId: null }
  // The user's personal voice (theirs only) speaks as its match profile or clone, as in Quick Create.
  const speech = await resolveSpeech(deps.db, owner, rest.voiceId, 'none', undefined)
  const row = await startRender(
    deps,
    {
      ...rest,
      voiceId: speech.voiceId,
      owner,
      kind: 'video',
      settings: {
        rate: rate ?? 1,
        pitch: 0,
        voice_effect: speech.effect,
        ...(speech.matchProfile ? { match_profile: speech.matchProfile } : {}),
        format: 'mp4',
        video_resolution: '720p',
        video_orientation: orientation,
        captions: true,
        background,
        ...(audioUploadKey ? { audio_upload_key: audioUploadKey } : {}),
        ...(dressing ? { dressing } : {}),
      },
    },
    { link },
  )
  return row!
}

/** An audio file made for another module (ads: a voice-over of the copy): same jobs, same plan gating. */
export interface ModuleAudioInput {
  source: Extract<RenderSource, 'ad_audio'>
  text: string
  title: string
  voiceId: string
  rate: number
  audioFormat: 'mp3' | 'wav'
}

export async function startModuleAudio(
  deps: RendersDeps,
  userId: number,
  input: ModuleAudioInput,
  link?: RenderLink,
): Promise<RenderRow> {
  await gate(deps, userId, '720p', input.text)
  // An audio render still names an avatar (its row's presenter); the default one, as short audio does.
  const avatar = await chooseAvatar(deps.db, null, {})
  const row = await startRender(
    deps,
    {
      owner: { userId, visitorId: null },
      source: input.source,
      kind: 'audio',
      text: input.text,
      title: input.title,
      avatar,
      voiceId: input.voiceId,
      emotion: 'Neutral',
      intensity: 0.6,
      settings: {
        rate: input.rate,
        pitch: 0,
        voice_effect: 'none',
        format: 'mp4',
        video_resolution: '720p',
        video_orientation: 'landscape',
        captions: true,
        background: { type: 'preset', id: 'studio' },
        audio_format: input.audioFormat,
      },
    },
    { link },
  )
  return row!
}

/**
 * A video no user owns, for another module's public flow (the conference-event booth): no plan
 * gating (the admin who set the event up pays for it), owner nobody, so it is only reachable by
 * its files' links and the module's own rows.
 */
export interface EventVideoInput {
  text: string
  title: string
  influencerId: string
  voiceId: string | null
  captions: boolean
  /** The attendee's own talking photo (kiosk capture): it presents instead of the event's avatar, in the event's voice. */
  look?: ChosenAvatar['look']
}

export async function startEventVideo(
  deps: RendersDeps,
  input: EventVideoInput,
  link?: RenderLink,
): Promise<RenderRow | undefined> {
  const chosen = await chooseAvatar(deps.db, null, { influencer_id: input.influencerId })
  const avatar = input.look ? { ...chosen, look: input.look } : chosen
  return startRender(
    deps,
    {
      owner: { userId: null, visitorId: null },
      source: 'conference_event',
      kind: 'video',
      text: input.text,
      title: input.title,
      avatar,
      voiceId: input.voiceId ?? avatar.voice_id,
      emotion: avatar.emotion,
      intensity: 0.7,
      settings: {
        rate: 1,
        pitch: 0,
        voice_effect: 'none',
        format: 'mp4',
        video_resolution: '720p',
        video_orientation: 'portrait',
        captions: input.captions,
        background: { type: 'preset', id: 'coral' },
      },
    },
    { link },
  )
}

/** An event video as its module shows it (undefined once deleted). */
export async function findEventVideo(deps: Pick<RendersDeps, 'db'>, id: string): Promise<Render | undefined> {
  const row = await repo.findRender(deps.db, id)
  return row && row.source === 'conference_event' ? presentRender(row) : undefined
}

/** Every state change of the event videos (the worker process hears them; register once per database). */
export function onEventVideoChange(
  deps: Pick<RendersDeps, 'db'>,
  listener: (render: Render) => Promise<void>,
): void {
  onRenderChange(deps.db, 'conference_event', (row) => listener(presentRender(row)))
}

/** Renders queued or running anywhere, counted up to `cap + 1`: how busy the render workers are. */
export const renderBacklog = (deps: Pick<RendersDeps, 'db'>, cap: number) => repo.openRenders(deps.db, cap)

/** A project's final video (projects module): the document and its files travel in the settings. */
export interface ProjectVideoInput {
  title: string
  text: string
  avatar: ChosenAvatar
  project: ProjectRenderSpec
  /** webm: transparent VP9 (the avatar clip alone). */
  format?: 'mp4' | 'webm'
}

export async function startProjectVideo(
  deps: RendersDeps,
  userId: number,
  input: ProjectVideoInput,
  link?: RenderLink,
): Promise<RenderRow> {
  const s = input.project.document.settings
  await gate(deps, userId, s.video_resolution, input.text)
  const row = await startRender(
    deps,
    {
      owner: { userId, visitorId: null },
      source: 'project',
      kind: 'video',
      text: input.text,
      title: input.title,
      avatar: input.avatar,
      voiceId: input.avatar.voice_id,
      emotion: input.avatar.emotion,
      intensity: 0.5,
      settings: {
        rate: 1,
        pitch: 0,
        voice_effect: 'none',
        format: input.format ?? 'mp4',
        video_resolution: s.video_resolution,
        video_orientation: s.video_orientation,
        captions: true,
        background: { type: 'preset', id: 'studio' },
        project: input.project,
      },
    },
    { link },
  )
  return row!
}

export async function shortAudio(
  deps: RendersDeps,
  owner: Owner,
  b: ShortAudioBody | DemoAudioBody,
  source: 'short_audio' | 'demo',
): Promise<Render> {
  const avatar = await chooseAvatar(deps.db, null, {})
  const v = await voiceFor(deps, owner, b, avatar)
  if (owner.userId && source === 'short_audio') await gate(deps, owner.userId, '720p', b.text)
  if (source === 'demo') await admitDemo(deps)
  const row = await startRender(deps, {
    owner,
    source,
    kind: 'audio',
    text: b.text,
    title: b.title,
    avatar,
    voiceId: v.voiceId,
    emotion: v.emotion,
    intensity: v.intensity,
    settings: {
      ...v.voice,
      format: 'mp4',
      video_resolution: '720p',
      video_orientation: 'landscape',
      captions: true,
      background: { type: 'preset', id: 'studio' },
      audio_format: b.audio_format,
    },
  })
  return presentRender(row!)
}

/**
 * Renders visitors start wait in one bounded line (across processes: counted in the database):
 * past DEMO_BACKLOG open demo renders, a 503 with Retry-After and nothing queued, so a flood of
 * signed-out demos cannot bury the renders people are waiting for.
 */
export const DEMO_BACKLOG = 20
const DEMO_RETRY_AFTER_S = 30
async function admitDemo(deps: RendersDeps) {
  if ((await repo.openDemoRenders(deps.db, DEMO_BACKLOG)) >= DEMO_BACKLOG)
    throw new OverloadedError('renders', DEMO_RETRY_AFTER_S)
}

/** Signed out: capped by the contract (length, 720p), rate-limited per IP by the route, bounded in number. */
export async function demoVideo(deps: RendersDeps, owner: Owner, b: DemoVideoBody): Promise<Render> {
  await admitDemo(deps)
  const avatar = await chooseAvatar(deps.db, null, { influencer_id: b.influencer_id })
  const background = await checkBackground(deps, b.background)
  let audioKey: string | undefined
  if (b.audio_uuid_path) {
    const upload = await findUpload(deps.db, b.audio_uuid_path)
    if (!upload || !owns(owner, upload)) throw new AppError('not_found', 'Audio file not found', 404)
    if (upload.status !== ProcessStatus.successfully || !upload.wav_key)
      throw new AppError('not_ready', 'The audio file is still being processed. Try again in a moment.', 409)
    if ((upload.duration ?? 0) > 30)
      throw new AppError(
        'too_long',
        'The demo takes recordings up to 30 seconds. Sign up for longer videos.',
        422,
      )
    audioKey = upload.wav_key
  }
  const v = audioKey
    ? {
        voiceId: avatar.voice_id,
        emotion: b.emotion ?? avatar.emotion,
        intensity: b.intensity,
        voice: { rate: 1, pitch: 0, voice_effect: 'none' as const },
      }
    : await voiceFor(deps, owner, b, avatar)
  const row = await startRender(deps, {
    owner,
    source: 'demo',
    kind: 'video',
    text: b.text ?? '',
    title: b.title,
    avatar,
    voiceId: v.voiceId,
    emotion: v.emotion,
    intensity: v.intensity,
    settings: {
      ...v.voice,
      format: b.format,
      video_resolution: '720p',
      video_orientation: b.video_orientation,
      captions: b.captions,
      background,
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
  if (row.status === RenderStatus.completed)
    throw new AppError('already_finished', 'This video is already finished.', 409)
  if (row.status === RenderStatus.issue) return presentRender(row)
  return cancelOpen(deps, row)
}

/** Stops an open render: marked cancelled, its job stopped, its files so far removed. */
async function cancelOpen(deps: RendersDeps, row: RenderRow): Promise<Render> {
  const id = row.id
  const failedFlow =
    row.flow <= GenerationFlow.audioGenerated || row.kind === 'audio'
      ? GenerationFlow.audioFailed
      : GenerationFlow.avatarFailed
  const cancelled = await repo.updateRender(
    deps.db,
    id,
    {
      cancel_requested: true,
      status: RenderStatus.issue,
      flow: failedFlow,
      queue_status: 'failed',
      job_status: JobStatus.failed,
      stage: 'cancelled',
      error: RENDER_CANCELLED_MESSAGE,
      lease: null,
    },
    { openOnly: true },
  )
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
  if (row.status !== RenderStatus.completed && row.status !== RenderStatus.issue)
    await cancel(deps, owner, id)
  await repo.deleteRender(deps.db, id)
  await removeRenderFiles(deps.storage, id, row.files)
}

/**
 * A conference event's clip deleted with its attendee or its event (decision 0076): stopped when
 * still open, then its row and every file (the video shows the attendee's face). Other renders are
 * not this call's to delete.
 */
export async function removeEventVideo(deps: RendersDeps, id: string): Promise<void> {
  const row = await repo.findRender(deps.db, id)
  if (!row || row.source !== 'conference_event') return
  if (row.status !== RenderStatus.completed && row.status !== RenderStatus.issue) await cancelOpen(deps, row)
  await repo.deleteRender(deps.db, id)
  await removeRenderFiles(deps.storage, id, row.files)
}

/** A finished file of a render, by its stored name; anyone with the render's link may open it. */
export async function fileKey(
  deps: RendersDeps,
  id: string,
  name: string,
): Promise<{ key: string; row: RenderRow }> {
  const row = await repo.findRender(deps.db, id)
  const f: RenderFileKeys = row?.files ?? {}
  const keys = [f.audio, f.audioDownload, f.video, f.poster, f.vtt, f.srt]
  const key = keys.find((k) => k?.endsWith(`/${name}`))
  if (!row || !key || row.status !== RenderStatus.completed)
    throw new AppError('not_found', 'File not found', 404)
  return { key, row }
}

export async function result(deps: RendersDeps, userId: number, id: string) {
  const row = await ownedRender(deps, { userId, visitorId: null }, id)
  const logs = await repo.listLogs(deps.db, id)
  return {
    render: presentRender(row),
    logs: logs.map((l) => {
      const { entries: _e, ...rest } = presentLog(l)
      return rest
    }),
  }
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

/** Queues an influencer's intro video ("Hi, I'm …"), made with its current look and voice. */
async function startShowcase(
  deps: RendersDeps,
  inf: { id: string; name: string },
): Promise<RenderRow | undefined> {
  const avatar = await chooseAvatar(deps.db, null, { influencer_id: inf.id })
  return startRender(
    deps,
    {
      owner: { userId: null, visitorId: null },
      source: 'showcase',
      kind: 'video',
      avatar,
      voiceId: avatar.voice_id,
      emotion: avatar.emotion,
      intensity: 0.6,
      text: `Hi, I'm ${inf.name}! Type any line and I will say it for you.`,
      title: `Meet ${inf.name}`,
      settings: {
        rate: 1,
        pitch: 0,
        voice_effect: 'none',
        format: 'mp4',
        video_resolution: '720p',
        video_orientation: 'landscape',
        captions: true,
        background: { type: 'preset', id: 'coral' },
      },
    },
    { showcase: true },
  )
}

/** One intro video per active influencer; the first request queues the ones that are missing. */
export async function influencerVideos(deps: RendersDeps) {
  const influencers = await listActiveInfluencers(deps.db)
  const latest = new Map((await repo.latestShowcases(deps.db)).map((r) => [r.influencer_id, r]))
  const videos = []
  for (const inf of influencers) {
    // A creator kept to some plans or users is not on the public landing page (nor could it speak there).
    if (inf.access.plans.length + inf.access.user_ids.length > 0) continue
    let row = latest.get(inf.id)
    if (!row || row.status === RenderStatus.issue) row = (await startShowcase(deps, inf)) ?? row
    videos.push(presentInfluencerVideo(inf, row))
  }
  return { videos }
}

/** The latest intro video of each influencer asked for (none queued here); `null` where there is none yet. */
export async function latestInfluencerVideos(
  deps: RendersDeps,
  infs: ReadonlyArray<{ id: string; name: string; description: string }>,
) {
  const latest = new Map((await repo.latestShowcases(deps.db)).map((r) => [r.influencer_id, r]))
  return new Map(
    infs.map((inf) => [inf.id, latest.has(inf.id) ? presentInfluencerVideo(inf, latest.get(inf.id)) : null]),
  )
}

/**
 * SPEC "refresh web source": the influencer's intro video is made again. One still being made is
 * kept (it already shows the current look); a finished one is removed with its files first, so
 * the landing page shows "rendering" until the new one is ready.
 */
export async function refreshInfluencerVideo(
  deps: RendersDeps,
  inf: { id: string; name: string; description: string },
) {
  const current = (await repo.latestShowcases(deps.db)).find((r) => r.influencer_id === inf.id)
  const busy = current && current.status !== RenderStatus.completed && current.status !== RenderStatus.issue
  if (busy) return presentInfluencerVideo(inf, current)
  if (current?.status === RenderStatus.completed) {
    await repo.deleteRender(deps.db, current.id)
    await removeRenderFiles(deps.storage, current.id, current.files).catch(() => undefined)
  }
  return presentInfluencerVideo(inf, await startShowcase(deps, inf))
}

/**
 * The creators' landing videos as the avatars module asks for them (`InfluencerVideos`,
 * avatars/creators/influencer-videos.ts); src/modules.ts passes this to its routes, so avatars
 * does not import renders.
 */
export const influencerVideosFor = (deps: RendersDeps) => ({
  latest: (infs: ReadonlyArray<{ id: string; name: string; description: string }>) =>
    latestInfluencerVideos(deps, infs),
  refresh: (inf: { id: string; name: string; description: string }) => refreshInfluencerVideo(deps, inf),
})
