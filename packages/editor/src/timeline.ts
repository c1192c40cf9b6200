/**
 * Scene timing: scenes play back to back, each as long as its chosen audio take. A scene without
 * audio yet gets an estimate from its text, so the preview, the timeline and the render agree on
 * every scene's start before and after synthesis (the server uses the same functions).
 */
import type {
  AudioTake,
  ProjectDocument,
  Scene,
} from '@mouthpiece/contracts/projects/project-document.schemas'

/** Speaking rate for the estimate (about 150 words a minute) and the shortest scene. */
const WORDS_PER_SECOND = 2.5
export const MIN_SCENE_SECONDS = 1
/** Silence held after the last word so the mouth closes before the cut (the render does the same). */
export const SCENE_TAIL_SECONDS = 0.3

export function chosenTake(scene: Scene): AudioTake | null {
  const { audioFile, generatedLinks } = scene.audioData
  return (audioFile && generatedLinks.find((t) => t.id === audioFile)) || null
}

/** The take if it still speaks the scene's current text; an edited scene's old take is stale. */
export function currentTake(scene: Scene): AudioTake | null {
  const take = chosenTake(scene)
  return take && (take.source === 'upload' || take.text.trim() === scene.text.trim()) ? take : null
}

const wordCount = (text: string) => text.trim().split(/\s+/).filter(Boolean).length

/** Seconds the scene lasts. */
export function sceneDuration(scene: Scene): number {
  const take = chosenTake(scene)
  if (take) return Math.max(MIN_SCENE_SECONDS, take.duration + SCENE_TAIL_SECONDS)
  return Math.max(MIN_SCENE_SECONDS * 2, wordCount(scene.text) / WORDS_PER_SECOND + SCENE_TAIL_SECONDS)
}

export interface SceneSpan {
  index: number
  scene: Scene
  start: number
  end: number
}

export function sceneSpans(doc: Pick<ProjectDocument, 'scenes'>): SceneSpan[] {
  let at = 0
  return doc.scenes.map((scene, index) => {
    const start = at
    at += sceneDuration(scene)
    return { index, scene, start, end: at }
  })
}

export function projectDuration(doc: Pick<ProjectDocument, 'scenes'>): number {
  return sceneSpans(doc).at(-1)?.end ?? 0
}

/** The scene playing at project time t (seconds), and the time inside it; past the end, the last scene's end. */
export function sceneAt(
  doc: Pick<ProjectDocument, 'scenes'>,
  t: number,
): { span: SceneSpan; local: number } | null {
  const spans = sceneSpans(doc)
  if (!spans.length) return null
  const span = spans.find((s) => t < s.end) ?? spans.at(-1)!
  return { span, local: Math.min(span.end - span.start, Math.max(0, t - span.start)) }
}

/** Shortest overlay on the timeline: a trim stops here rather than making the asset vanish. */
export const MIN_ASSET_SECONDS = 0.2

/**
 * An asset's [start, end] kept inside its scene (0..sceneLength) after a drag: `move` keeps its
 * length and slides it back in; `start`/`end` trims that edge, never past the other edge minus
 * MIN_ASSET_SECONDS. Times are rounded to 1/100 s so saved documents stay small and stable.
 */
export function clampAssetSpan(
  span: { start: number; end: number },
  sceneLength: number,
  edge: 'move' | 'start' | 'end',
): { start: number; end: number } {
  const r = (v: number) => Math.round(v * 100) / 100
  const len = Math.max(MIN_ASSET_SECONDS, sceneLength)
  let { start, end } = span
  if (!Number.isFinite(start)) start = 0
  if (!Number.isFinite(end)) end = len
  if (edge === 'move') {
    const width = Math.min(len, Math.max(MIN_ASSET_SECONDS, end - start))
    start = Math.max(0, Math.min(len - width, start))
    return { start: r(start), end: r(start + width) }
  }
  if (edge === 'start') start = Math.max(0, Math.min(end - MIN_ASSET_SECONDS, start))
  else end = Math.min(len, Math.max(start + MIN_ASSET_SECONDS, end))
  return { start: r(start), end: r(end) }
}
