/**
 * Speaking a scene: its script with its voice settings → a stored WAV take with the engine's exact
 * word and mouth timings (packages/media through the renders module's one media door).
 */
import { randomUUID } from 'node:crypto'
import type { AudioTake, Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { Storage } from '../../../platform/storage/storage'
import type { Queryable } from '../../../platform/db/client'
import type { ProjectsDeps } from '../projects.deps'
import { AppError } from '../../../platform/http/errors'
import { mediaEngine } from '../../../platform/media'
import type { Pcm } from '../../../platform/media'
import { chooseAvatar } from '../../avatars'
import { checkVoiceChoice, resolveSpeech, sampleProfile } from '../../voices'

export const projectFileKey = (projectId: number, file: string) => `projects/${projectId}/${file}`
export const projectFileUrl = (projectId: number, file: string) => `/api/projects/${projectId}/files/${file}`
export const takeFileName = (takeId: string) => `audio_id_${takeId}.wav`

/** Small, audible differences between takes of the same line (pace, pitch, emphasis). */
const TAKE_VARIATIONS = [
  { rate: 1, pitch: 0, intensity: 0 },
  { rate: 0.94, pitch: -0.8, intensity: 0.1 },
  { rate: 1.06, pitch: 0.8, intensity: -0.1 },
  { rate: 0.98, pitch: 1.5, intensity: 0.15 },
  { rate: 1.03, pitch: -1.5, intensity: -0.05 },
  { rate: 0.9, pitch: 0.4, intensity: 0.2 },
] as const

/** The voice a scene speaks with: its own choice, else its avatar's voice. */
export async function sceneVoice(db: Queryable, userId: number, scene: Scene): Promise<string> {
  if (scene.audioData.voiceId) return scene.audioData.voiceId
  const avatar = await chooseAvatar(db, userId, {
    influencer_id: scene.avatarData.influencer ?? undefined,
    custom_avatar_id: scene.avatarData.customAvatarId ?? undefined,
  }).catch(() => null)
  return avatar?.voice_id ?? 'festival:cmu_us_slt_arctic_hts'
}

/**
 * Checks a scene's voice choice before any work is queued (unknown voice or sample → clear error;
 * another user's personal voice → not found).
 */
export async function checkSceneVoice(db: Queryable, userId: number, scene: Scene): Promise<void> {
  if (scene.audioData.voiceType === 'custom')
    await sampleProfile(db, { userId, visitorId: null }, scene.audioData.sampleUuidPath ?? undefined)
  else await checkVoiceChoice(db, userId, await sceneVoice(db, userId, scene))
}

/** Speaks the scene's text as take `variant` and stores it under the project. */
export async function speakScene(
  deps: Pick<ProjectsDeps, 'db' | 'storage'>,
  userId: number,
  projectId: number,
  scene: Scene,
  variant = 0,
  signal?: AbortSignal,
): Promise<AudioTake> {
  const text = scene.text.trim()
  if (!text)
    throw new AppError('validation', 'Please enter the scene text first', 400, {
      text: ['Please enter the scene text first'],
    })
  const a = scene.audioData
  const v = TAKE_VARIATIONS[variant % TAKE_VARIATIONS.length]!
  // A personal voice speaks as its match profile (or clone), as it does everywhere else.
  const { voiceId, effect, matchProfile } = await resolveSpeech(
    deps.db,
    { userId, visitorId: null },
    await sceneVoice(deps.db, userId, scene),
    a.voiceType === 'robot' ? 'robot' : a.voiceType === 'custom' ? 'match' : 'none',
    a.sampleUuidPath ?? undefined,
  )
  const spoken = await mediaEngine.speak(
    {
      text,
      voiceId,
      emotion: a.emotion,
      intensity: clamp(a.intensity + v.intensity, 0, 1),
      rate: clamp(a.rate * v.rate, 0.5, 2),
      pitch: clamp(a.pitch + v.pitch, -12, 12),
      effect,
      matchProfile,
    },
    signal,
  )
  return storeTake(deps, projectId, spoken, {
    words: spoken.words,
    cues: spoken.cues,
    source: a.voiceType,
    text,
  })
}

export async function storeTake(
  deps: Pick<ProjectsDeps, 'db' | 'storage'>,
  projectId: number,
  audio: Pcm & { duration: number },
  meta: Pick<AudioTake, 'words' | 'cues' | 'source' | 'text'>,
): Promise<AudioTake> {
  const id = randomUUID()
  const file = takeFileName(id)
  await deps.storage.put(projectFileKey(projectId, file), mediaEngine.wavBytes(audio), 'audio/wav')
  return { id, url: projectFileUrl(projectId, file), duration: round(audio.duration), ...meta }
}

/** Removes the stored files of takes no scene keeps any more. */
export async function removeTakes(
  storage: Storage,
  projectId: number,
  takeIds: Iterable<string>,
): Promise<void> {
  await Promise.all([...takeIds].map((id) => storage.delete(projectFileKey(projectId, takeFileName(id)))))
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))
const round = (n: number) => Math.round(n * 1000) / 1000
