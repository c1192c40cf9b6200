/**
 * Every edit of the document, once: the menu, the keyboard and undo all go through this registry.
 * A command is a labelled recipe on an immer draft; `runCommand` records it in the history. Commands
 * check their input and leave the document as it was when it does not apply (unknown scene, last
 * scene deleted…), so a stray shortcut can never corrupt a project.
 */
import type { Draft } from 'immer'
import {
  CAPTION_STYLE_KEYS,
  MAX_ASSETS_PER_SCENE,
  MAX_SCENES,
  SceneAsset,
  newScene,
} from '@mouthpiece/contracts/projects/project-document.schemas'
import type {
  AvatarData,
  AudioData,
  CaptionData,
  ProjectDocument,
  ProjectBackground,
  Scene,
  SceneAssetInput,
} from '@mouthpiece/contracts/projects/project-document.schemas'
import { TIMELINE } from '@mouthpiece/contracts/constants'
import { clampAssetSpan, sceneDuration } from './timeline'
import { GESTURE_PREFIX } from './history'
import type { DocumentHistory } from './history'

export interface Box {
  x: number
  y: number
  width: number
  height: number
  angle: number
}

export type CaptionStyle = Partial<
  Pick<
    CaptionData,
    'color' | 'outlineColor' | 'fontSize' | 'fontFamily' | 'fontWeight' | 'display' | 'wordHighlight'
  >
>
export type AvatarSettings = Partial<
  Pick<AvatarData, 'influencer' | 'customAvatarId' | 'modelStyle' | 'emotion' | 'showAvatar' | 'energy'>
>
export type VoiceSettings = Partial<
  Pick<
    AudioData,
    'voiceId' | 'voiceType' | 'voiceEffect' | 'emotion' | 'intensity' | 'numberOfSamples' | 'audioFile'
  >
>

export interface CommandArgs {
  'scene.setText': { sceneId: string; text: string }
  'scene.add': { afterId?: string; id?: string; text?: string }
  'scene.delete': { sceneId: string }
  'scene.duplicate': { sceneId: string; id?: string }
  /** Splits the scene's text at a character offset into two scenes. */
  'scene.split': { sceneId: string; at: number; id?: string }
  'scene.move': { sceneId: string; to: number }
  /** `gesture`: an id per drag, so one drag is one undo step however long it takes. */
  'avatar.setBox': { sceneId: string; box: Partial<Box>; gesture?: string }
  'avatar.set': { sceneId: string; settings: AvatarSettings }
  'caption.setBox': { sceneId: string; box: Partial<Box>; gesture?: string }
  /**
   * A scene's own style (an override): only this scene changes, and it is marked as its own.
   * `allScenes`: the project style instead (see caption.setProjectStyle).
   */
  'caption.setStyle': { sceneId: string; style: CaptionStyle; allScenes?: boolean }
  /** The project's caption style: every scene without its own style follows it. */
  'caption.setProjectStyle': { style: CaptionStyle }
  /** A scene's style becomes the project style, for every scene (no overrides left). */
  'caption.applyToAll': { sceneId: string }
  /** A scene drops its own style and follows the project's again. */
  'caption.resetStyle': { sceneId: string }
  'audio.set': { sceneId: string; settings: VoiceSettings }
  'background.set': { background: ProjectBackground }
  /** An overlay on a scene (image, video, text, sound); ids are made by the editor. */
  'asset.add': { sceneId: string; asset: SceneAssetInput }
  /**
   * Moves, re-times (drag on the timeline: `start`/`end`, both for a move, one for a trim of that
   * edge), re-layers or edits an asset. Times are clamped inside the scene, the layer to 0..3.
   */
  'asset.update': {
    sceneId: string
    assetId: string
    data: Partial<Omit<SceneAsset, 'id'>>
    gesture?: string
  }
  'asset.delete': { sceneId: string; assetId: string }
  /** Moves, resizes or rotates an overlay on the canvas, as the avatar and caption boxes are. */
  'asset.setBox': { sceneId: string; assetId: string; box: Partial<Box>; gesture?: string }
}
export type CommandId = keyof CommandArgs

export interface Command<K extends CommandId> {
  label: string
  /** Key combination in `matchShortcut` notation, e.g. "Mod+D"; menus show it too. */
  shortcut?: string
  /** Edits with the same key in quick succession are one undo step (drags, typing). */
  mergeKey?: (args: CommandArgs[K]) => string
  run: (doc: Draft<ProjectDocument>, args: CommandArgs[K]) => void
}

/** Ids for new scenes: random, in the document id alphabet. */
export function newId(): string {
  const bytes = new Uint8Array(12)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('')
}

const find = (doc: Draft<ProjectDocument>, id: string) => doc.scenes.find((s) => s.id === id)
const indexOf = (doc: Draft<ProjectDocument>, id: string) => doc.scenes.findIndex((s) => s.id === id)

function setText(scene: Draft<Scene>, text: string): void {
  scene.text = text
  scene.captionData.content = text
}

const clone = <T>(value: Draft<T> | T): T => JSON.parse(JSON.stringify(value)) as T

function copyScene(scene: Draft<Scene>, id: string): Scene {
  return { ...clone<Scene>(scene), id }
}

function applyBox(
  target: { x: number; y: number; angle: number },
  size: { set(w: number, h: number): void; w: number; h: number },
  box: Partial<Box>,
): void {
  if (box.x !== undefined && Number.isFinite(box.x)) target.x = round(box.x)
  if (box.y !== undefined && Number.isFinite(box.y)) target.y = round(box.y)
  if (box.angle !== undefined && Number.isFinite(box.angle))
    target.angle = round(((box.angle + 540) % 360) - 180)
  const w = box.width !== undefined && Number.isFinite(box.width) ? Math.max(16, round(box.width)) : size.w
  const h = box.height !== undefined && Number.isFinite(box.height) ? Math.max(16, round(box.height)) : size.h
  size.set(w, h)
}
const round = (v: number) => Math.round(v * 100) / 100

/** Only the style keys of a style (never the box, text or timed captions). */
function pickStyle(style: CaptionStyle): CaptionStyle {
  const out: Record<string, unknown> = {}
  for (const key of CAPTION_STYLE_KEYS) if (style[key] !== undefined) out[key] = style[key]
  return out
}

/** Sets the project style and copies it into every scene that follows it (not the overrides). */
function setProjectStyle(doc: Draft<ProjectDocument>, style: CaptionStyle): void {
  const picked = pickStyle(style)
  Object.assign(doc.captionStyle, picked)
  for (const scene of doc.scenes)
    if (!scene.captionData.ownStyle) Object.assign(scene.captionData, clone(doc.captionStyle))
}

export const COMMANDS: { [K in CommandId]: Command<K> } = {
  'scene.setText': {
    label: 'Edit scene text',
    mergeKey: (a) => `text:${a.sceneId}`,
    run: (doc, a) => {
      const scene = find(doc, a.sceneId)
      if (scene) setText(scene, a.text)
    },
  },
  'scene.add': {
    label: 'Add scene',
    shortcut: 'Mod+Enter',
    run: (doc, a) => {
      if (doc.scenes.length >= MAX_SCENES) return
      const at = a.afterId ? indexOf(doc, a.afterId) : doc.scenes.length - 1
      const before = doc.scenes[at] ?? doc.scenes.at(-1)
      const scene = newScene(a.id ?? newId(), a.text ?? '', before?.avatarData.influencer ?? null)
      // A new scene keeps the look of the one before it: same avatar, voice, caption style and boxes.
      if (before) {
        scene.avatarData = { ...clone(before.avatarData), status: scene.avatarData.status }
        scene.captionData = { ...clone(before.captionData), content: scene.text, captions: [] }
        const { voiceId, voiceType, voiceEffect, emotion, intensity, numberOfSamples } = before.audioData
        scene.audioData = {
          ...scene.audioData,
          voiceId,
          voiceType,
          voiceEffect,
          emotion,
          intensity,
          numberOfSamples,
        }
      }
      doc.scenes.splice(at + 1, 0, scene)
    },
  },
  'scene.delete': {
    label: 'Delete scene',
    shortcut: 'Delete',
    run: (doc, a) => {
      const i = indexOf(doc, a.sceneId)
      if (i >= 0 && doc.scenes.length > 1) doc.scenes.splice(i, 1)
    },
  },
  'scene.duplicate': {
    label: 'Duplicate scene',
    shortcut: 'Mod+D',
    run: (doc, a) => {
      const i = indexOf(doc, a.sceneId)
      if (i < 0 || doc.scenes.length >= MAX_SCENES) return
      doc.scenes.splice(i + 1, 0, copyScene(doc.scenes[i]!, a.id ?? newId()))
    },
  },
  'scene.split': {
    label: 'Split scene',
    shortcut: 'Mod+B',
    run: (doc, a) => {
      const i = indexOf(doc, a.sceneId)
      const scene = doc.scenes[i]
      if (!scene || doc.scenes.length >= MAX_SCENES) return
      const head = scene.text.slice(0, a.at).trim()
      const tail = scene.text.slice(a.at).trim()
      if (!head || !tail) return
      const second = copyScene(scene, a.id ?? newId())
      // Both halves speak new text: their audio is made again; the boxes and styles stay.
      for (const s of [scene, second]) {
        s.audioData.audioFile = null
        s.audioData.generatedLinks = []
        s.captionData.captions = []
      }
      setText(scene, head)
      second.text = tail
      second.captionData.content = tail
      doc.scenes.splice(i + 1, 0, second)
    },
  },
  'scene.move': {
    label: 'Move scene',
    run: (doc, a) => {
      const i = indexOf(doc, a.sceneId)
      const to = Math.max(0, Math.min(doc.scenes.length - 1, Math.round(a.to)))
      if (i < 0 || i === to) return
      const [scene] = doc.scenes.splice(i, 1)
      doc.scenes.splice(to, 0, scene!)
    },
  },
  'avatar.setBox': {
    label: 'Move avatar',
    mergeKey: (a) => (a.gesture ? `${GESTURE_PREFIX}${a.gesture}` : `avatar-box:${a.sceneId}`),
    run: (doc, a) => {
      const p = find(doc, a.sceneId)?.avatarData.position
      if (p) applyBox(p, { w: p.width, h: p.height, set: (w, h) => ((p.width = w), (p.height = h)) }, a.box)
    },
  },
  'avatar.set': {
    label: 'Change avatar',
    run: (doc, a) => {
      const avatar = find(doc, a.sceneId)?.avatarData
      if (avatar) Object.assign(avatar, a.settings)
    },
  },
  'caption.setBox': {
    label: 'Move caption',
    mergeKey: (a) => (a.gesture ? `${GESTURE_PREFIX}${a.gesture}` : `caption-box:${a.sceneId}`),
    run: (doc, a) => {
      const c = find(doc, a.sceneId)?.captionData
      if (c) applyBox(c, { w: c.w, h: c.h, set: (w, h) => ((c.w = w), (c.h = h)) }, a.box)
    },
  },
  'caption.setStyle': {
    label: 'Caption style',
    mergeKey: (a) => `caption-style:${a.allScenes ? '*' : a.sceneId}:${Object.keys(a.style).join()}`,
    run: (doc, a) => {
      if (a.allScenes) return setProjectStyle(doc, a.style)
      const scene = find(doc, a.sceneId)
      if (!scene) return
      Object.assign(scene.captionData, pickStyle(a.style))
      scene.captionData.ownStyle = true
    },
  },
  'caption.setProjectStyle': {
    label: 'Project caption style',
    mergeKey: (a) => `caption-style:*:${Object.keys(a.style).join()}`,
    run: (doc, a) => setProjectStyle(doc, a.style),
  },
  'caption.applyToAll': {
    label: 'Apply caption style to all scenes',
    run: (doc, a) => {
      const scene = find(doc, a.sceneId)
      if (!scene) return
      const style = pickStyle(clone<CaptionStyle>(scene.captionData))
      for (const s of doc.scenes) s.captionData.ownStyle = false
      setProjectStyle(doc, style)
    },
  },
  'caption.resetStyle': {
    label: 'Use the project caption style',
    run: (doc, a) => {
      const scene = find(doc, a.sceneId)
      if (!scene) return
      Object.assign(scene.captionData, clone(doc.captionStyle))
      scene.captionData.ownStyle = false
    },
  },
  'audio.set': {
    label: 'Change voice',
    run: (doc, a) => {
      const audio = find(doc, a.sceneId)?.audioData
      if (audio) Object.assign(audio, a.settings)
    },
  },
  'background.set': {
    label: 'Change background',
    run: (doc, a) => {
      doc.background = a.background
    },
  },
  'asset.add': {
    label: 'Add asset',
    run: (doc, a) => {
      const scene = find(doc, a.sceneId)
      const parsed = SceneAsset.safeParse(a.asset)
      if (
        !scene ||
        !parsed.success ||
        scene.assets.length >= MAX_ASSETS_PER_SCENE ||
        scene.assets.some((x) => x.id === parsed.data.id)
      )
        return
      scene.assets.push(parsed.data)
    },
  },
  'asset.update': {
    label: 'Edit asset',
    mergeKey: (a) =>
      a.gesture
        ? `${GESTURE_PREFIX}${a.gesture}`
        : `asset:${a.sceneId}:${a.assetId}:${Object.keys(a.data).sort().join()}`,
    run: (doc, a) => {
      const scene = find(doc, a.sceneId)
      const asset = scene?.assets.find((x) => x.id === a.assetId)
      if (!scene || !asset) return
      const { start, end, layer, ...rest } = a.data
      const next = SceneAsset.omit({ id: true }).partial().safeParse(rest)
      if (!next.success) return
      // Only the fields sent: the schema's defaults would otherwise reset the others.
      for (const key of Object.keys(rest) as Array<keyof typeof next.data>)
        if (next.data[key] !== undefined) Object.assign(asset, { [key]: next.data[key] })
      if (layer !== undefined && Number.isFinite(layer))
        asset.layer = Math.max(0, Math.min(TIMELINE.maxLayer - 1, Math.round(layer)))
      if (start !== undefined || end !== undefined) {
        const span = clampAssetSpan(
          { start: start ?? asset.start, end: end ?? asset.end },
          sceneDuration(scene),
          start !== undefined && end !== undefined ? 'move' : start !== undefined ? 'start' : 'end',
        )
        asset.start = span.start
        asset.end = span.end
      }
    },
  },
  'asset.setBox': {
    label: 'Move overlay',
    mergeKey: (a) => (a.gesture ? `${GESTURE_PREFIX}${a.gesture}` : `asset-box:${a.sceneId}:${a.assetId}`),
    run: (doc, a) => {
      const asset = find(doc, a.sceneId)?.assets.find((x) => x.id === a.assetId)
      // Sounds have no box on the canvas.
      if (asset && asset.type !== 'audio')
        applyBox(
          asset,
          {
            w: asset.w,
            h: asset.h,
            set: (w, h) => ((asset.w = Math.min(4000, w)), (asset.h = Math.min(4000, h))),
          },
          a.box,
        )
    },
  },
  'asset.delete': {
    label: 'Delete asset',
    run: (doc, a) => {
      const scene = find(doc, a.sceneId)
      const i = scene ? scene.assets.findIndex((x) => x.id === a.assetId) : -1
      if (scene && i >= 0) scene.assets.splice(i, 1)
    },
  },
}

/** Runs a command through the history (one undo step); false when it changed nothing. */
export function runCommand<K extends CommandId>(
  history: DocumentHistory,
  id: K,
  args: CommandArgs[K],
): boolean {
  const command = COMMANDS[id]
  return history.apply(command.label, (draft) => command.run(draft, args), command.mergeKey?.(args) ?? null)
}

/** True when a keyboard event matches a shortcut like "Mod+Shift+Z" (Mod = Ctrl, or ⌘ on a Mac). */
export function matchShortcut(
  e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean },
  shortcut: string,
): boolean {
  const parts = shortcut.split('+')
  const key = parts.pop()!
  const want = new Set(parts)
  const mod = e.ctrlKey || e.metaKey
  if (want.has('Mod') !== mod || want.has('Shift') !== e.shiftKey || want.has('Alt') !== e.altKey)
    return false
  return e.key.toLowerCase() === key.toLowerCase() || (key === 'Space' && e.key === ' ')
}
