/**
 * Pure edits of a project document: the SPEC §4 change kinds (captionData, audioData, avatarData,
 * asset with delete action 1) plus scene text/add/remove/move. Each returns a new document (the
 * input is never mutated) and the ids of scenes whose script changed, which the service then
 * re-speaks and re-times.
 */
import { paginateByChars } from '../../platform/media'
import { DELETE_ACTION } from '@mouthpiece/contracts/statuses'
import {
  AudioData,
  AvatarData,
  CaptionData,
  MAX_ASSETS_PER_SCENE,
  MAX_SCENES,
  ProjectDocument,
  SceneAsset,
} from '@mouthpiece/contracts/projects/project-document.schemas'
import type { AudioTake, CaptionAsset, Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { SceneChange } from '@mouthpiece/contracts/projects/projects.schemas'
import { AppError } from '../../platform/http/errors'

export const sceneNotFound = () => new AppError('not_found', 'Scene not found', 404)
export const assetNotFound = () => new AppError('not_found', 'Asset not found', 404)

/** Characters per caption line in the default 420-px box at 32 pt. */
const CAPTION_LINE_CHARS = 32

export function findScene(doc: ProjectDocument, sceneId: string): Scene {
  const scene = doc.scenes.find((s) => s.id === sceneId)
  if (!scene) throw sceneNotFound()
  return scene
}

function withScene(doc: ProjectDocument, sceneId: string, edit: (s: Scene) => Scene): ProjectDocument {
  findScene(doc, sceneId)
  return { ...doc, scenes: doc.scenes.map((s) => (s.id === sceneId ? edit(s) : s)) }
}

/** Parses a part again after merging, so a partial edit can never leave an invalid document. */
function merged<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) =>
      | { success: true; data: T }
      | { success: false; error: { issues: Array<{ message: string; path: PropertyKey[] }> } }
  },
  value: unknown,
  field: string,
): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  const message = issue?.message ?? 'Invalid value'
  throw new AppError('validation', message, 400, {
    [[field, ...(issue?.path ?? []).map(String)].join('.')]: [message],
  })
}

export interface Applied {
  doc: ProjectDocument
  /** Scenes whose text changed (their audio is stale). */
  retext: Set<string>
}

export function applyChange(doc: ProjectDocument, change: SceneChange, retext = new Set<string>()): Applied {
  switch (change.kind) {
    case 'captionData':
      return {
        doc: withScene(doc, change.sceneId, (s) => ({
          ...s,
          captionData: merged(CaptionData, { ...s.captionData, ...change.data }, 'captionData'),
        })),
        retext,
      }
    case 'avatarData':
      return {
        doc: withScene(doc, change.sceneId, (s) => ({
          ...s,
          avatarData: merged(AvatarData, { ...s.avatarData, ...change.data }, 'avatarData'),
        })),
        retext,
      }
    case 'audioData':
      return {
        doc: withScene(doc, change.sceneId, (s) => {
          if (
            change.data.audioFile !== undefined &&
            change.data.audioFile !== null &&
            !s.audioData.generatedLinks.some((t) => t.id === change.data.audioFile)
          ) {
            throw new AppError('not_found', 'Audio take not found', 404)
          }
          const audioData = merged(AudioData, { ...s.audioData, ...change.data }, 'audioData')
          const next = change.data.audioFile
            ? chooseTake(s, audioData, change.data.audioFile)
            : { ...s, audioData }
          if (next.text.trim() && !change.data.audioFile && voiceChanged(s, next)) retext.add(s.id)
          return next
        }),
        retext,
      }
    case 'asset':
      return {
        doc: withScene(doc, change.sceneId, (s) => editAsset(s, change.assetId, change.action, change.data)),
        retext,
      }
    case 'text':
      return setText(doc, change.sceneId, change.text, retext)
    case 'addScene': {
      if (doc.scenes.some((s) => s.id === change.scene.id))
        throw new AppError('validation', 'A scene with this id already exists', 400, {
          'scene.id': ['A scene with this id already exists'],
        })
      if (doc.scenes.length >= MAX_SCENES)
        throw new AppError('validation', `A project holds at most ${MAX_SCENES} scenes`, 400)
      const scenes = [...doc.scenes]
      scenes.splice(Math.min(change.index ?? scenes.length, scenes.length), 0, change.scene)
      if (change.scene.text.trim() && !change.scene.audioData.audioFile) retext.add(change.scene.id)
      return { doc: { ...doc, scenes }, retext }
    }
    case 'removeScene': {
      findScene(doc, change.sceneId)
      if (doc.scenes.length === 1) throw new AppError('validation', 'A project needs at least one scene', 400)
      retext.delete(change.sceneId)
      return { doc: { ...doc, scenes: doc.scenes.filter((s) => s.id !== change.sceneId) }, retext }
    }
    case 'moveScene': {
      const scene = findScene(doc, change.sceneId)
      const rest = doc.scenes.filter((s) => s.id !== change.sceneId)
      rest.splice(Math.min(change.index, rest.length), 0, scene)
      return { doc: { ...doc, scenes: rest }, retext }
    }
  }
}

export function applyChanges(doc: ProjectDocument, changes: readonly SceneChange[]): Applied {
  let applied: Applied = { doc, retext: new Set() }
  for (const change of changes) applied = applyChange(applied.doc, change, applied.retext)
  return applied
}

function setText(doc: ProjectDocument, sceneId: string, text: string, retext: Set<string>): Applied {
  const next = withScene(doc, sceneId, (s) =>
    s.text === text ? s : { ...s, text, captionData: { ...s.captionData, content: text } },
  )
  if (findScene(doc, sceneId).text !== text) retext.add(sceneId)
  return { doc: next, retext }
}

function editAsset(
  scene: Scene,
  assetId: string,
  action: number | undefined,
  data: Partial<SceneAsset> | undefined,
): Scene {
  const existing = scene.assets.find((a) => a.id === assetId)
  if (action === DELETE_ACTION) {
    if (!existing) throw assetNotFound()
    return { ...scene, assets: scene.assets.filter((a) => a.id !== assetId) }
  }
  if (!existing) {
    if (scene.assets.length >= MAX_ASSETS_PER_SCENE)
      throw new AppError('validation', `A scene holds at most ${MAX_ASSETS_PER_SCENE} assets`, 400)
    const asset = merged(SceneAsset, { ...data, id: assetId }, 'asset')
    return { ...scene, assets: [...scene.assets, checkTimes(asset)] }
  }
  const asset = checkTimes(merged(SceneAsset, { ...existing, ...data, id: assetId }, 'asset'))
  return { ...scene, assets: scene.assets.map((a) => (a.id === assetId ? asset : a)) }
}

function checkTimes(asset: SceneAsset): SceneAsset {
  if (asset.end <= asset.start)
    throw new AppError('validation', 'An asset must end after it starts', 400, {
      'asset.end': ['An asset must end after it starts'],
    })
  return asset
}

/** Compares two documents' scene texts: which scenes now say something else (whole-document autosave). */
export function retextedScenes(before: ProjectDocument, after: ProjectDocument): Set<string> {
  const old = new Map(before.scenes.map((s) => [s.id, s]))
  return new Set(
    after.scenes
      .filter((s) => {
        const prev = old.get(s.id)
        return (
          !prev ||
          prev.text !== s.text ||
          (s.text.trim() && !s.audioData.audioFile) ||
          (s.text.trim() && voiceChanged(prev, s))
        )
      })
      .map((s) => s.id),
  )
}

/** The settings a take is spoken with: changing one re-speaks the scene like a text edit does. */
const VOICE_FIELDS = [
  'voiceType',
  'voiceId',
  'voiceEffect',
  'sampleUuidPath',
  'emotion',
  'intensity',
  'rate',
  'pitch',
] as const
export function voiceChanged(before: Scene, after: Scene): boolean {
  return VOICE_FIELDS.some((k) => before.audioData[k] !== after.audioData[k])
}

/**
 * Captions of a take, anchored to its words: each caption knows which script words it shows, so
 * when the text is spoken again the same grouping is re-timed from the new words and nothing drifts.
 */
export function captionsFor(sceneId: string, take: Pick<AudioTake, 'words'>): CaptionAsset[] {
  const pages = paginateByChars(take.words, CAPTION_LINE_CHARS, 1)
  let index = 0
  return pages.map((page, i) => {
    const words = page.lines.flat()
    const from = index
    index += words.length
    return {
      timestamp: [round(page.start), round(page.end)] as [number, number],
      caption: words.map((w) => w.text).join(' '),
      uuid: `${sceneId}-c${i}`,
      words: [from, index] as [number, number],
    }
  })
}

const round = (n: number) => Math.round(n * 1000) / 1000

/** Makes a take the scene's audio: audioFile, content and captions follow it. */
export function chooseTake(scene: Scene, audioData: AudioData, takeId: string): Scene {
  const take = audioData.generatedLinks.find((t) => t.id === takeId)
  if (!take) throw new AppError('not_found', 'Audio take not found', 404)
  return {
    ...scene,
    audioData: { ...audioData, audioFile: take.id, content: take.text },
    captionData: { ...scene.captionData, captions: captionsFor(scene.id, take) },
  }
}

/** Seconds of a scene: its chosen take, else an estimate from its text (about 14 characters a second). */
export function sceneSeconds(scene: Scene): number {
  const take = scene.audioData.generatedLinks.find((t) => t.id === scene.audioData.audioFile)
  if (take) return take.duration
  return Math.max(1, scene.text.trim().length / 14)
}

export function documentSeconds(doc: ProjectDocument): number {
  return doc.scenes.reduce((sum, s) => sum + (s.audioData.audioFile ? sceneSeconds(s) : 0), 0)
}

export const parseDocument = (raw: unknown): ProjectDocument => ProjectDocument.parse(raw)
