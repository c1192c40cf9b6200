/**
 * The three jobs of a render, moving its row through SPEC §4:
 *   audio  (audioWaiting → audioGenerating → audioGenerated) → avatar (avatarWaiting → avatarGenerating
 *   → avatarGenerated) → final (completed), or audioFailed / avatarFailed with status issue.
 * Each attempt takes the row with a lease (`<job id>:<attempt>`); only the holder may write, so a
 * worker that lost its job (expired, cancelled, replaced after a crash) can never overwrite a newer
 * attempt. Each stage hands off to the next in one transaction with the next job.
 */
import fs from 'node:fs'
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { DEFAULT_ENERGY } from '@mouthpiece/contracts/constants'
import { BACKGROUND_PRESETS, RENDER_FAILED_MESSAGE } from '@mouthpiece/contracts/renders/renders.schemas'
import type { RenderOptionsInput } from '@mouthpiece/contracts/media/render.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { GenerationFlow, JobStatus, QueueType, RenderStatus } from '@mouthpiece/contracts/statuses'
import type { Queryable } from '../../../platform/db/client'
import { WorkerStopping } from '../../../platform/queue/queue'
import { humanPart } from '../../../platform/http/errors'
import {
  MediaInputError,
  frameLayout,
  outputSize,
  avatarClipOptions,
  prepareProjectFiles,
  projectVoice,
} from '../../../platform/media'
import type { Pcm } from '../../../platform/media'
import * as repo from '../renders.repo'
import type { RenderPatch } from '../renders.repo'
import type { RenderFileKeys, RenderRow, RenderTimeline } from '../renders.table'
import type { RendersDeps } from '../renders.deps'
import { RENDER_QUEUES } from '../renders.queues'
import type { RenderStage } from '../renders.queues'
import { removeRenderFiles, renderFileKey, renderFileNames } from './render-files'
import { backgroundKey } from '../backgrounds/backgrounds.service'
import { flowName, presentRender } from '../renders.present'
import { notifyRenderChange } from './render-listeners'
import { dressingOptions } from './render-dressing'

export interface RenderJobData {
  renderId: string
  stage: RenderStage
}

/** A pg-boss job as the handler sees it (fetched with metadata). */
export interface StageJob {
  id: string
  data: RenderJobData
  retryCount: number
  retryLimit: number
  signal: AbortSignal
}

class LeaseLost extends Error {
  override name = 'LeaseLost'
}

/** How much of the whole render each stage covers, for one 0..100 progress bar. */
const SPAN: Record<'video' | 'audio', Record<RenderStage, [number, number]>> = {
  video: { audio: [0, 15], avatar: [15, 95], final: [95, 100] },
  audio: { audio: [0, 90], final: [90, 100], avatar: [90, 90] },
}

const FAILED_FLOW = (stage: RenderStage, kind: 'video' | 'audio') =>
  stage === 'audio' || (stage === 'final' && kind === 'audio')
    ? GenerationFlow.audioFailed
    : GenerationFlow.avatarFailed

/** Seconds a job may run before pg-boss gives up on it (and aborts the handler): sized to the work. */
export function expireSecondsFor(
  stage: RenderStage,
  row: Pick<RenderRow, 'text' | 'timeline' | 'settings'>,
): number {
  const speechSeconds = row.timeline?.duration ?? Math.max(2, row.text.length / 12)
  if (stage === 'audio') return Math.ceil(60 + speechSeconds * 2)
  if (stage === 'avatar')
    return Math.ceil(90 + speechSeconds * (row.settings.video_resolution === '1080p' ? 6 : 4))
  return 60
}

/** Enqueues a stage inside `tx` (the row change and the job commit together). */
export async function sendStage(
  deps: RendersDeps,
  tx: Queryable,
  stage: RenderStage,
  row: RenderRow,
  jobId: string,
): Promise<void> {
  await deps.queue.send(RENDER_QUEUES[stage], { renderId: row.id, stage } satisfies RenderJobData, {
    tx,
    id: jobId,
    expireInSeconds: expireSecondsFor(stage, row),
    priority: row.source === 'showcase' ? 0 : 10,
  })
}

/** Tells the owner's pages (socket room of their user id) where the render is. */
export async function announce(deps: RendersDeps, row: RenderRow): Promise<void> {
  await notifyRenderChange(deps.db, row)
  if (!row.user_id) return
  const event = row.source === 'demo' ? 'demo-event' : 'final-video-event'
  await deps.realtime.emitToUser(row.user_id, event, { render: presentRender(row) }).catch((err: unknown) => {
    console.error('[renders] announce failed:', (err as Error).message)
  })
}

const logEntry = (stage: string, message: string, ms: number | null = null) => ({
  at: new Date().toISOString(),
  stage,
  message,
  ms,
})

interface StageContext {
  deps: RendersDeps
  row: RenderRow
  stage: RenderStage
  lease: string
  signal: AbortSignal
  logId: number
  /** Files this attempt stored; removed again if the attempt does not hand off. */
  stored: string[]
  workDir: string
  progress(fraction: number, label: string): void
  /** Ends the progress writes (see watchRender's stop); before handing on. */
  stopProgress(): Promise<void>
  log(stage: string, message: string, ms?: number | null): Promise<void>
}

/** Runs one attempt of one stage. Returns normally when the job is done with (even if the render failed for good). */
export async function runStage(deps: RendersDeps, job: StageJob): Promise<void> {
  const { renderId, stage } = job.data
  const attempt = job.retryCount + 1
  const lease = `${job.id}:${attempt}`
  const claim: RenderPatch =
    stage === 'audio'
      ? {
          flow: GenerationFlow.audioGenerating,
          status: RenderStatus.rendering,
          queue_type: QueueType.audio,
          queue_status: 'start',
          job_status: JobStatus.running,
          stage: 'synthesizing',
          error: null,
        }
      : stage === 'avatar'
        ? {
            flow: GenerationFlow.avatarGenerating,
            status: RenderStatus.rendering,
            queue_type: QueueType.avatar,
            queue_status: 'start',
            job_status: JobStatus.running,
            stage: 'rendering',
            error: null,
          }
        : { status: RenderStatus.rendering, job_status: JobStatus.running, stage: 'finishing', error: null }
  const row = await repo.claimRender(deps.db, renderId, job.id, lease, { ...claim, attempts: attempt })
  // Deleted, cancelled or already failed: nothing to do, the job is simply done.
  if (!row || row.cancel_requested) return
  const log = await repo.openLog(deps.db, renderId, stage, attempt)
  await repo.appendLog(
    deps.db,
    log.id,
    logEntry(
      stage === 'final' ? 'finishing' : flowName(row.flow),
      `Attempt ${attempt} of ${job.retryLimit + 1} started`,
    ),
  )
  await announce(deps, row)

  const controller = new AbortController()
  // A draining worker's abort (WorkerStopping) stays recognisable: that attempt is handed back, not failed.
  const onExpire = () =>
    controller.abort(
      job.signal.reason instanceof WorkerStopping ? job.signal.reason : new Error('The job ran out of time'),
    )
  job.signal.addEventListener('abort', onExpire, { once: true })
  const workDir = path.join(deps.config.dataDir, 'tmp', 'renders', `${renderId}-${stage}-${attempt}`)
  const watch = watchRender(deps, row, lease, controller, SPAN[row.kind][stage])
  const ctx: StageContext = {
    deps,
    row,
    stage,
    lease,
    signal: controller.signal,
    logId: log.id,
    stored: [],
    workDir,
    progress: (fraction, label) => watch.set(fraction, label),
    stopProgress: () => watch.stop(),
    log: (s, message, ms = null) => repo.appendLog(deps.db, log.id, logEntry(s, message, ms)),
  }
  try {
    await removeEarlierWorkDirs(path.dirname(workDir), renderId, stage, attempt)
    await mkdir(workDir, { recursive: true })
    if (stage === 'audio') await audioStage(ctx)
    else if (stage === 'avatar') await avatarStage(ctx)
    else await finalStage(ctx)
    await repo.closeLog(deps.db, log.id, 'completed')
  } catch (error) {
    await watch.stop()
    await Promise.all(ctx.stored.map((key) => deps.storage.delete(key)))
    const reason: unknown = controller.signal.reason
    if (reason instanceof LeaseLost || error instanceof LeaseLost) {
      // Cancelled or deleted by its owner (who cleaned up), or taken over by a newer attempt.
      await repo.closeLog(deps.db, log.id, 'cancelled', 'Stopped: the render was cancelled or taken over')
      return
    }
    const handedBack = reason instanceof WorkerStopping
    const message = handedBack
      ? 'Handed back: its worker was stopping; another worker takes it over'
      : error instanceof Error
        ? error.message
        : String(error)
    const lastAttempt = job.retryCount >= job.retryLimit
    if (!handedBack && (error instanceof MediaInputError || lastAttempt)) {
      // Bad input never gets better by retrying; the last attempt has no retry left.
      const shown = error instanceof MediaInputError ? error.message : `${RENDER_FAILED_MESSAGE}#${message}`
      await repo.closeLog(deps.db, log.id, 'failed', message)
      await failRender(deps, row.id, stage, shown, { lease })
      return
    }
    await repo.closeLog(deps.db, log.id, 'retrying', message)
    const waiting = await repo.updateRender(
      deps.db,
      row.id,
      {
        flow:
          stage === 'audio'
            ? GenerationFlow.audioWaiting
            : stage === 'avatar'
              ? GenerationFlow.avatarWaiting
              : row.flow,
        queue_status: stage === 'final' ? row.queue_status : 'wait',
        job_status: JobStatus.waiting,
        stage: 'retrying',
        lease: null,
      },
      { lease },
    )
    if (waiting) await announce(deps, waiting)
    throw error // pg-boss retries it with backoff
  } finally {
    await watch.stop()
    job.signal.removeEventListener('abort', onExpire)
    await rm(workDir, { recursive: true, force: true })
  }
}

/**
 * While a stage runs: writes its progress a few times a second, and stops it (aborting ffmpeg and
 * synthesis) when the owner cancelled or when this attempt no longer holds the render.
 */
function watchRender(
  deps: RendersDeps,
  row: RenderRow,
  lease: string,
  controller: AbortController,
  span: [number, number],
) {
  let pending: { progress: number; stage: string } | null = null
  let inFlight: Promise<void> | null = null
  let stopped = false
  let lastAnnounced = 0
  const tick = async () => {
    const update = pending
    pending = null
    const state = await repo.pollRender(deps.db, row.id, lease, update ?? undefined)
    if (!state.held || state.cancel) controller.abort(new LeaseLost())
    else if (update && row.user_id && Date.now() - lastAnnounced > 500) {
      lastAnnounced = Date.now()
      await announce(deps, { ...row, ...update, flow: row.flow, updated_at: new Date() })
    }
  }
  const timer = setInterval(() => {
    if (inFlight || stopped || controller.signal.aborted) return
    inFlight = tick()
      .catch(() => undefined)
      .finally(() => {
        inFlight = null
      })
  }, 400)
  return {
    set(fraction: number, label: string) {
      const f = Math.min(1, Math.max(0, fraction))
      pending = { progress: Math.round(span[0] + (span[1] - span[0]) * f), stage: label }
    },
    /**
     * No more progress writes; resolves once one in flight has landed. Called before the stage hands
     * on or fails: a late write of this stage's 91 % would otherwise follow the hand-off's 95 % (in the
     * row and on the owner's socket), and the bar would step back.
     */
    async stop() {
      stopped = true
      clearInterval(timer)
      await inFlight
    },
  }
}

async function store(
  ctx: StageContext,
  name: string,
  body: Buffer | Readable,
  contentType: string,
): Promise<string> {
  const key = renderFileKey(ctx.row.id, name)
  ctx.stored.push(key)
  await ctx.deps.storage.put(key, body, contentType)
  return key
}

async function readStored(ctx: StageContext, key: string): Promise<Buffer> {
  const { body } = await ctx.deps.storage.get(key)
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function downloadStored(ctx: StageContext, key: string, file: string): Promise<string> {
  const { body } = await ctx.deps.storage.get(key)
  await pipeline(body, fs.createWriteStream(file))
  return file
}

/** Moves the render on and enqueues the next stage in one transaction; fails if the lease was lost. */
async function handOff(ctx: StageContext, patch: RenderPatch, next: RenderStage | null): Promise<RenderRow> {
  const { deps, row, lease } = ctx
  await ctx.stopProgress()
  const jobId = randomUUID()
  const updated = await deps.db.transaction(async (tx) => {
    const moved = await repo.updateRender(tx, row.id, next ? { ...patch, job_id: jobId } : patch, { lease })
    if (!moved) throw new LeaseLost()
    if (next) await sendStage(deps, tx, next, moved, jobId)
    return moved
  })
  if (next) deps.queue.wake(RENDER_QUEUES[next])
  await announce(deps, updated)
  return updated
}

async function audioStage(ctx: StageContext): Promise<void> {
  const { row, deps, signal } = ctx
  const s = row.settings
  let audio: Pcm
  let timeline: RenderTimeline
  let t = performance.now()
  if (s.project) {
    ctx.progress(0.1, 'laying the scenes end to end')
    const voice = await projectVoice(s.project, (key) => readStored(ctx, key))
    audio = voice
    timeline = {
      duration: voice.duration,
      sampleRate: voice.sampleRate,
      words: voice.words,
      cues: voice.cues,
    }
    await ctx.log(
      'audioGenerating',
      `${s.project.document.scenes.length} scenes, ${voice.duration.toFixed(2)} s of voice`,
      ms(t),
    )
  } else if (s.audio_upload_key) {
    ctx.progress(0.1, 'reading your recording')
    const file = await downloadStored(ctx, s.audio_upload_key, path.join(ctx.workDir, 'upload.wav'))
    const heard = await deps.engine.lipSyncRecording(file, signal)
    audio = heard
    timeline = { duration: heard.duration, sampleRate: heard.sampleRate, words: [], cues: heard.cues }
    await ctx.log(
      'audioGenerating',
      `Mouth shapes from the uploaded recording (${heard.duration.toFixed(1)} s)`,
      ms(t),
    )
  } else {
    ctx.progress(0.05, 'synthesizing')
    const spoken = await deps.engine.speak(
      {
        text: row.text,
        voiceId: row.voice_id,
        emotion: row.emotion as Emotion,
        intensity: row.intensity,
        rate: s.rate,
        pitch: s.pitch,
        effect: s.voice_effect,
        matchProfile: s.match_profile,
      },
      signal,
    )
    audio = spoken
    timeline = {
      duration: spoken.duration,
      sampleRate: spoken.sampleRate,
      words: spoken.words,
      cues: spoken.cues,
    }
    await ctx.log(
      'audioGenerating',
      `Spoke ${spoken.words.length} words with ${spoken.voiceLabel}: ${spoken.duration.toFixed(2)} s of audio, ${spoken.cues.length} mouth shapes`,
      ms(t),
    )
  }
  signal.throwIfAborted()
  ctx.progress(0.7, 'saving the voice')
  t = performance.now()
  const files: RenderFileKeys = {
    audio: await store(ctx, renderFileNames.voiceWav(row.id), deps.engine.wavBytes(audio), 'audio/wav'),
  }
  if (row.kind === 'audio') {
    const format = s.audio_format ?? 'mp3'
    if (format === 'mp3') {
      const mp3 = await deps.engine.writeAudio(
        audio,
        path.join(ctx.workDir, renderFileNames.audioDownload(row.id, 'mp3')),
        'mp3',
        signal,
      )
      files.audioDownload = await store(
        ctx,
        renderFileNames.audioDownload(row.id, 'mp3'),
        fs.createReadStream(mp3),
        'audio/mpeg',
      )
    } else files.audioDownload = files.audio
    if (timeline.words.length) Object.assign(files, await storeCaptions(ctx, timeline))
  }
  await ctx.log('audioGenerated', 'Voice saved', ms(t))
  if (row.kind === 'video') {
    // audioGenerated is a state of its own (the owner sees it), then the avatar job is queued.
    await ctx.stopProgress()
    const generated = await repo.updateRender(
      deps.db,
      row.id,
      {
        flow: GenerationFlow.audioGenerated,
        queue_status: 'completed',
        stage: 'voice ready',
        progress: SPAN.video.audio[1],
        files,
        timeline,
      },
      { lease: ctx.lease },
    )
    if (!generated) throw new LeaseLost()
    await announce(deps, generated)
    await ctx.log('avatarWaiting', 'Queued for the avatar renderer')
    await handOff(
      ctx,
      {
        flow: GenerationFlow.avatarWaiting,
        queue_type: QueueType.avatar,
        queue_status: 'wait',
        job_status: JobStatus.waiting,
        stage: 'waiting for the avatar renderer',
        progress: SPAN.video.audio[1],
      },
      'avatar',
    )
  } else {
    await handOff(
      ctx,
      {
        flow: GenerationFlow.audioGenerated,
        queue_status: 'completed',
        job_status: JobStatus.waiting,
        stage: 'finishing',
        progress: SPAN.audio.audio[1],
        files,
        timeline,
        duration: timeline.duration,
      },
      'final',
    )
  }
}

async function storeCaptions(ctx: StageContext, timeline: RenderTimeline): Promise<RenderFileKeys> {
  const { vtt, srt } = ctx.deps.engine.captionFiles(timeline.words)
  const id = ctx.row.id
  return {
    vtt: await store(ctx, renderFileNames.captions(id, ctx.row.kind, 'vtt'), Buffer.from(vtt), 'text/vtt'),
    srt: await store(
      ctx,
      renderFileNames.captions(id, ctx.row.kind, 'srt'),
      Buffer.from(srt),
      'application/x-subrip',
    ),
  }
}

/** Avatar box and background for the compositor, in editor-canvas units (SPEC §9 canvas 840×465). */
async function renderOptions(ctx: StageContext): Promise<RenderOptionsInput> {
  const { row, deps } = ctx
  const s = row.settings
  // The frame's own layout: avatar centred across its upper part, captions in the band below.
  const { avatarBox } = frameLayout(s.video_orientation)
  let background: RenderOptionsInput['background']
  const bg = s.background
  if (bg.type === 'color') background = { type: 'color', color: bg.color }
  else if (bg.type === 'upload') {
    const file = await downloadStored(ctx, backgroundKey(bg.id), path.join(ctx.workDir, 'background.jpg'))
    background = { type: 'image', path: file }
  } else {
    const preset = BACKGROUND_PRESETS.find((p) => p.id === bg.id) ?? BACKGROUND_PRESETS[0]
    if (preset.colors[0] === preset.colors[1]) background = { type: 'color', color: preset.colors[0] }
    else {
      const { width, height } = outputSize('720p', s.video_orientation)
      const file = path.join(ctx.workDir, 'background.png')
      await writeFile(file, await deps.engine.gradientPng(preset.colors, width, height))
      background = { type: 'image', path: file }
    }
  }
  const dressed = s.dressing
    ? await dressingOptions(s.dressing, async (key, name) =>
        (await deps.storage.stat(key)) ? downloadStored(ctx, key, path.join(ctx.workDir, name)) : null,
      )
    : null
  return {
    format: s.format,
    video_resolution: s.video_resolution,
    video_orientation: s.video_orientation,
    background,
    avatarBox,
    captions: s.captions && row.timeline?.words.length ? (dressed?.captions ?? {}) : null,
    emotion: row.emotion as Emotion,
    energy: DEFAULT_ENERGY,
    poster: true,
    overlays: dressed?.overlays ?? [],
    endCard: dressed?.endCard ?? null,
  }
}

/** A photo avatar's portrait; when it was deleted since, the render draws the look's cartoon. */
async function storedOrNone(ctx: StageContext, key: string | undefined): Promise<Uint8Array | undefined> {
  if (!key || !(await ctx.deps.storage.stat(key))) return undefined
  return readStored(ctx, key)
}

/** A photo avatar's portrait (or cut-out) and the picture picked to stand behind it. */
async function photoBytes(
  ctx: StageContext,
): Promise<{ avatarImage?: Uint8Array; avatarBackdrop?: Uint8Array }> {
  const photo = ctx.row.look.photo
  const bg = photo?.background
  return {
    avatarImage: await storedOrNone(ctx, photo?.key),
    avatarBackdrop: await storedOrNone(ctx, bg?.mode === 'image' ? bg.key : undefined),
  }
}

async function avatarStage(ctx: StageContext): Promise<void> {
  const { row, deps, signal } = ctx
  const timeline = row.timeline
  if (!timeline || !row.files.audio) throw new Error('The voice of this render is missing')
  let t = performance.now()
  const audio = deps.engine.readWav(await readStored(ctx, row.files.audio))
  const format = row.settings.format
  const outFile = path.join(ctx.workDir, renderFileNames.video(row.id, format))
  const project = row.settings.project
  await ctx.log('avatarGenerating', 'Voice and background ready', ms(t))
  t = performance.now()
  const onProgress = (p: number) =>
    ctx.progress(p * 0.92, project ? 'rendering the scenes' : 'rendering the avatar')
  const result =
    project && !project.avatarOnly?.transparent
      ? await deps.engine.renderProjectVideo(
          {
            spec: project,
            voice: { ...audio, duration: timeline.duration },
            workDir: ctx.workDir,
            outFile,
            files: await prepareProjectFiles(project, timeline.duration, ctx.workDir, (key, file) =>
              downloadStored(ctx, key, file),
            ),
          },
          signal,
          onProgress,
        )
      : await deps.engine.renderVideo(
          {
            audio,
            words: timeline.words,
            cues: timeline.cues,
            look: row.look,
            ...(await photoBytes(ctx)),
            options: project ? avatarClipOptions(project) : await renderOptions(ctx),
            outFile,
          },
          signal,
          onProgress,
        )
  const timings = Object.entries(result.timings)
    .map(([k, v]) => `${k} ${v} ms`)
    .join(', ')
  await ctx.log(
    'avatarGenerating',
    `${result.width}×${result.height}, ${result.frames} frames (${result.framesDrawn} drawn): ${timings}`,
    ms(t),
  )
  ctx.progress(0.95, 'saving the video')
  t = performance.now()
  const files: RenderFileKeys = { ...row.files }
  files.video = await store(
    ctx,
    renderFileNames.video(row.id, format),
    fs.createReadStream(result.file),
    format === 'mp4' ? 'video/mp4' : 'video/webm',
  )
  if (result.poster)
    files.poster = await store(
      ctx,
      renderFileNames.poster(row.id, format),
      fs.createReadStream(result.poster),
      format === 'mp4' ? 'image/jpeg' : 'image/png',
    )
  if (timeline.words.length) Object.assign(files, await storeCaptions(ctx, timeline))
  await ctx.log('avatarGenerated', 'Video saved', ms(t))
  await handOff(
    ctx,
    {
      flow: GenerationFlow.avatarGenerated,
      queue_status: 'completed',
      job_status: JobStatus.waiting,
      stage: 'finishing',
      progress: SPAN.video.avatar[1],
      files,
      duration: result.duration,
    },
    'final',
  )
}

async function finalStage(ctx: StageContext): Promise<void> {
  const { row, deps } = ctx
  const t = performance.now()
  const expected =
    row.kind === 'video' ? [row.files.video, row.files.poster] : [row.files.audioDownload ?? row.files.audio]
  for (const key of expected) {
    if (!key || !(await deps.storage.stat(key)))
      throw new Error(`A finished file is missing (${key ?? 'none'})`)
  }
  await ctx.stopProgress()
  // The render and its last log close together: a reader never sees a finished video whose log still runs.
  const done = await deps.db.transaction(async (tx) => {
    const updated = await repo.updateRender(
      tx,
      row.id,
      {
        status: RenderStatus.completed,
        job_status: JobStatus.completed,
        queue_status: 'completed',
        progress: 100,
        stage: 'done',
        completed_at: new Date(),
        lease: null,
        error: null,
      },
      { lease: ctx.lease },
    )
    if (!updated) return undefined
    await repo.appendLog(tx, ctx.logId, logEntry('completed', 'Ready to watch, download and share', ms(t)))
    await repo.closeLog(tx, ctx.logId, 'completed')
    return updated
  })
  if (!done) throw new LeaseLost()
  await announce(deps, done)
}

/** The render failed for good: status issue, the failed flow of its stage, files removed. */
export async function failRender(
  deps: RendersDeps,
  renderId: string,
  stage: RenderStage,
  message: string,
  opts: { lease?: string } = {},
): Promise<RenderRow | undefined> {
  const row = await repo.findRender(deps.db, renderId)
  if (!row) return undefined
  // Only the part people read is stored (the owner sees it): details after '#' may name files or keys, so they go to the log.
  const shown = humanPart(message)
  if (shown !== message) console.warn(`[renders] ${renderId} failed: ${message.slice(shown.length + 1)}`)
  const failed = await repo.updateRender(
    deps.db,
    renderId,
    {
      flow: FAILED_FLOW(stage, row.kind),
      status: RenderStatus.issue,
      queue_status: 'failed',
      job_status: JobStatus.failed,
      stage: 'failed',
      error: shown,
      lease: null,
    },
    { ...opts, openOnly: true },
  )
  if (!failed) return undefined
  await repo.failOpenLogs(deps.db, renderId, shown)
  await removeRenderFiles(deps.storage, renderId, row.files)
  await announce(deps, failed)
  return failed
}

const ms = (since: number) => Math.round(performance.now() - since)

/**
 * A worker killed mid-render (kill -9) cannot clean up: its work dir (and ffmpeg's partial output)
 * stays behind. The next attempt of the same stage removes what earlier attempts left here.
 */
async function removeEarlierWorkDirs(
  root: string,
  renderId: string,
  stage: RenderStage,
  attempt: number,
): Promise<void> {
  const names = await readdir(root).catch(() => [] as string[])
  const prefix = `${renderId}-${stage}-`
  await Promise.all(
    names
      .filter((n) => n.startsWith(prefix) && Number(n.slice(prefix.length)) < attempt)
      .map((n) => rm(path.join(root, n), { recursive: true, force: true })),
  )
}
