/**
 * Scene audio (SPEC §7 generate audio: voice, robot, custom; re-generate a single take; pick one;
 * upload your own). Generation is a job (queue type audio=1): the scene shows SPEC §4's flow
 * beforeGenerate → audioWaiting → audioGenerating → audioGenerated (or audioFailed) and the render
 * statuses paused → rendering → completed (or issue), each step a new version pushed to the owner.
 */
import { DEFAULT_SAMPLES } from '@mouthpiece/contracts/constants'
import { GenerationFlow, QueueType, RenderStatus } from '@mouthpiece/contracts/statuses'
import { ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { AudioTake, Scene, SceneStatus } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { GenerateAudioBody } from '@mouthpiece/contracts/projects/project-media.contract'
import type { Project } from '@mouthpiece/contracts/projects/projects.schemas'
import type { WordTiming } from '@mouthpiece/contracts/media/voices.schemas'
import { NOT_AUDIO_MESSAGE } from '@mouthpiece/contracts/media/voices.schemas'
import { AppError, humanPart } from '../../../platform/http/errors'
import { lipSyncRecording } from '../../../platform/media'
import { chooseTake, findScene } from '../project-changes'
import { commit, conflict, ownedProject, present, systemWrite } from '../projects.service'
import { ensureProjectQueues, PROJECT_AUDIO_QUEUE } from '../projects.queues'
import { checkSceneVoice, removeTakes, speakScene, storeTake } from './scene-audio'
import type { ReceivedFile } from '../files/project-uploads'
import { recognise } from '../files/project-uploads'
import type { ProjectsDeps } from '../projects.deps'

export interface AudioJobData {
  projectId: number
  sceneId: string
  /** The script the job speaks; a scene whose text changed meanwhile drops the result. */
  text: string
  count: number
  /** Re-generate one take: the id it replaces. */
  replaceTakeId?: string
}
/** Takes kept per scene (older takes of the same text drop off). */
const MAX_TAKES = 12

const status = (s: Partial<SceneStatus>): SceneStatus => ({
  status: RenderStatus.paused,
  flow: GenerationFlow.beforeGenerate,
  queueType: null,
  error: null,
  ...s,
})
const WAITING = status({
  status: RenderStatus.paused,
  flow: GenerationFlow.audioWaiting,
  queueType: QueueType.audio,
})

function withAudioStatus(
  doc: ProjectDocument,
  sceneId: string,
  s: SceneStatus,
  extra: (scene: Scene) => Scene = (x) => x,
): ProjectDocument {
  return {
    ...doc,
    scenes: doc.scenes.map((sc) =>
      sc.id === sceneId ? extra({ ...sc, audioData: { ...sc.audioData, status: s } }) : sc,
    ),
  }
}

async function queueAudio(
  deps: ProjectsDeps,
  userId: number,
  projectId: number,
  version: number,
  kind: string,
  build: (doc: ProjectDocument) => Promise<{ doc: ProjectDocument; job: AudioJobData }>,
): Promise<Project> {
  const row = await ownedProject(deps, userId, projectId)
  if (row.version !== version) throw conflict(row.version)
  await ensureProjectQueues(deps)
  const { doc, job } = await build(ProjectDocument.parse(row.document))
  const written = await commit(deps, row, version, doc, {
    kind,
    history: kind === 'generate-audio',
    inTx: async (tx) => {
      await deps.queue.send(PROJECT_AUDIO_QUEUE, job, { tx })
    },
  })
  deps.queue.wake(PROJECT_AUDIO_QUEUE)
  return present(deps, written)
}

export function generateAudio(
  deps: ProjectsDeps,
  userId: number,
  projectId: number,
  body: GenerateAudioBody,
): Promise<Project> {
  return queueAudio(deps, userId, projectId, body.version, 'generate-audio', async (doc) => {
    const scene = findScene(doc, body.sceneId)
    if (!scene.text.trim())
      throw new AppError('validation', 'Please enter the scene text first', 400, {
        text: ['Please enter the scene text first'],
      })
    const type = body.type ?? 'voice'
    const audioData = {
      ...scene.audioData,
      voiceType: type,
      voiceEffect:
        type === 'robot' ? ('robot' as const) : type === 'custom' ? ('match' as const) : ('none' as const),
      ...(body.voice_id ? { voiceId: body.voice_id } : {}),
      ...(body.emotion ? { emotion: body.emotion } : {}),
      ...(body.intensity !== undefined ? { intensity: body.intensity } : {}),
      ...(body.numberOfSamples ? { numberOfSamples: body.numberOfSamples } : {}),
      ...(body.sample_uuid_path ? { sampleUuidPath: body.sample_uuid_path } : {}),
      status: WAITING,
    }
    const next = { ...scene, audioData }
    await checkSceneVoice(deps.db, userId, next)
    return {
      doc: { ...doc, scenes: doc.scenes.map((s) => (s.id === scene.id ? next : s)) },
      job: {
        projectId,
        sceneId: scene.id,
        text: scene.text.trim(),
        count: audioData.numberOfSamples || DEFAULT_SAMPLES,
      },
    }
  })
}

export function regenerateSingle(
  deps: ProjectsDeps,
  userId: number,
  projectId: number,
  b: { version: number; sceneId: string; takeId: string },
): Promise<Project> {
  return queueAudio(deps, userId, projectId, b.version, 're-generate-audio', async (doc) => {
    const scene = findScene(doc, b.sceneId)
    if (!scene.audioData.generatedLinks.some((t) => t.id === b.takeId))
      throw new AppError('not_found', 'Audio take not found', 404)
    await checkSceneVoice(deps.db, userId, scene)
    return {
      doc: withAudioStatus(doc, scene.id, WAITING),
      job: { projectId, sceneId: scene.id, text: scene.text.trim(), count: 1, replaceTakeId: b.takeId },
    }
  })
}

export async function selectTake(
  deps: ProjectsDeps,
  userId: number,
  projectId: number,
  b: { version: number; sceneId: string; takeId: string },
): Promise<Project> {
  const row = await ownedProject(deps, userId, projectId)
  if (row.version !== b.version) throw conflict(row.version)
  const doc = ProjectDocument.parse(row.document)
  const scene = findScene(doc, b.sceneId)
  const chosen = chooseTake(scene, scene.audioData, b.takeId)
  return present(
    deps,
    await commit(
      deps,
      row,
      b.version,
      { ...doc, scenes: doc.scenes.map((s) => (s.id === scene.id ? chosen : s)) },
      { kind: 'audioData' },
    ),
  )
}

/** The job: speaks `count` takes, then adds them to the scene (unless its text changed meanwhile). */
export async function runAudioJob(
  deps: ProjectsDeps,
  job: AudioJobData,
  signal?: AbortSignal,
): Promise<void> {
  const started = await systemWrite(deps, job.projectId, 'audioGenerating', (doc) => {
    const scene = doc.scenes.find((s) => s.id === job.sceneId)
    return scene
      ? withAudioStatus(
          doc,
          job.sceneId,
          status({
            status: RenderStatus.rendering,
            flow: GenerationFlow.audioGenerating,
            queueType: QueueType.audio,
          }),
        )
      : null
  })
  if (!started) return
  const scene = ProjectDocument.parse(started.document).scenes.find((s) => s.id === job.sceneId)
  if (!scene || scene.text.trim() !== job.text) return
  const takes: AudioTake[] = []
  try {
    const first = job.replaceTakeId ? 1 + Math.floor(Math.random() * 5) : 0
    for (let i = 0; i < job.count; i += 1)
      takes.push(await speakScene(deps, started.user_id, job.projectId, scene, first + i, signal))
  } catch (error) {
    await removeTakes(
      deps.storage,
      job.projectId,
      takes.map((t) => t.id),
    )
    const message =
      error instanceof AppError || (error instanceof Error && error.name === 'MediaInputError')
        ? humanPart(error.message)
        : 'The voice could not be made. Please try again.'
    await systemWrite(deps, job.projectId, 'audioFailed', (doc) =>
      doc.scenes.some((s) => s.id === job.sceneId)
        ? withAudioStatus(
            doc,
            job.sceneId,
            status({
              status: RenderStatus.issue,
              flow: GenerationFlow.audioFailed,
              queueType: QueueType.audio,
              error: message,
            }),
          )
        : null,
    )
    return
  }
  let used = false
  let dropped: string[] = []
  await systemWrite(deps, job.projectId, 'audioGenerated', (doc) => {
    const now = doc.scenes.find((s) => s.id === job.sceneId)
    used = Boolean(now && now.text.trim() === job.text)
    if (!now) return null
    if (!used) return withAudioStatus(doc, job.sceneId, status({}))
    const same = now.audioData.generatedLinks.filter((t) => t.text === job.text)
    // New takes replace the ones not chosen: the chosen take stays first, the rest are dropped
    // (two clicks make the chosen one plus the new takes, never a pile of every take ever made).
    const chosen = same.find((t) => t.id === now.audioData.audioFile)
    const generatedLinks = job.replaceTakeId
      ? same.map((t) => (t.id === job.replaceTakeId ? takes[0]! : t))
      : [...(chosen ? [chosen] : []), ...takes].slice(0, MAX_TAKES)
    dropped = now.audioData.generatedLinks.filter((t) => !generatedLinks.includes(t)).map((t) => t.id)
    const done = status({ status: RenderStatus.completed, flow: GenerationFlow.audioGenerated })
    let next: Scene = { ...now, audioData: { ...now.audioData, generatedLinks, status: done } }
    const current = generatedLinks.find((t) => t.id === now.audioData.audioFile)
    if (!current) next = chooseTake(next, next.audioData, takes[0]!.id)
    return { ...doc, scenes: doc.scenes.map((s) => (s.id === job.sceneId ? next : s)) }
  })
  if (!used)
    await removeTakes(
      deps.storage,
      job.projectId,
      takes.map((t) => t.id),
    )
  else if (dropped.length) await removeTakes(deps.storage, job.projectId, dropped)
}

// ─────────────────────────────── own recording ───────────────────────────────

/**
 * Spreads the script's words over the speech the recording holds (from the first to the last
 * mouth movement), by length: without a transcript engine this keeps captions in step with the voice.
 */
export function alignScript(
  text: string,
  cues: ReadonlyArray<{ viseme: string; start: number; end: number }>,
  duration: number,
): WordTiming[] {
  const tokens = text.trim().split(/\s+/).filter(Boolean)
  if (!tokens.length) return []
  const voiced = cues.filter((c) => c.viseme !== 'sil')
  const from = voiced[0]?.start ?? 0
  const to = voiced.at(-1)?.end ?? duration
  const total = tokens.reduce((n, w) => n + w.length + 1, 0)
  let t = from
  return tokens.map((w) => {
    const span = ((to - from) * (w.length + 1)) / total
    const word = { text: w, start: round(t), end: round(t + span * 0.92) }
    t += span
    return word
  })
}
const round = (n: number) => Math.round(n * 1000) / 1000

export async function uploadSceneAudio(
  deps: ProjectsDeps,
  userId: number,
  projectId: number,
  upload: ReceivedFile,
): Promise<Project> {
  const version = Number(upload.fields.version)
  const sceneId = upload.fields.sceneId ?? ''
  if (!Number.isInteger(version))
    throw new AppError('validation', 'Please send the project version you edited', 400, {
      version: ['Required'],
    })
  const row = await ownedProject(deps, userId, projectId)
  if (row.version !== version) throw conflict(row.version)
  const doc = ProjectDocument.parse(row.document)
  const scene = findScene(doc, sceneId)
  const what = await recognise(upload.file)
  if (!what || what.kind !== 'audio')
    throw new AppError('not_audio', NOT_AUDIO_MESSAGE, 422, { file: [NOT_AUDIO_MESSAGE] })
  if ((what.duration ?? 0) > 600)
    throw new AppError('too_long', 'A scene recording can be at most 10 minutes long', 422)
  const heard = await lipSyncRecording(upload.file)
  const take = await storeTake(deps, projectId, heard, {
    words: alignScript(scene.text, heard.cues, heard.duration),
    cues: heard.cues,
    source: 'upload',
    text: scene.text.trim(),
  })
  const withTake: Scene = {
    ...scene,
    audioData: {
      ...scene.audioData,
      generatedLinks: [take, ...scene.audioData.generatedLinks].slice(0, MAX_TAKES),
      status: status({ status: RenderStatus.completed, flow: GenerationFlow.audioGenerated }),
    },
  }
  const chosen = chooseTake(withTake, withTake.audioData, take.id)
  try {
    return present(
      deps,
      await commit(
        deps,
        row,
        version,
        { ...doc, scenes: doc.scenes.map((s) => (s.id === scene.id ? chosen : s)) },
        { kind: 'audioData' },
      ),
    )
  } catch (e) {
    await removeTakes(deps.storage, projectId, [take.id])
    throw e
  }
}
