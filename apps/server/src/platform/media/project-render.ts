/**
 * A project's final video, main-thread part: the scene takes laid end to end (one voice track) and
 * the files the drawing thread needs (project-video.ts draws and encodes). Frames are drawn by
 * the editor's own `drawFrame` (packages/editor) — so the video shows what the preview showed —
 * but only the region that changes (avatar, captions, overlays) and only when it changes (a held
 * mouth or a still caption reuses the frame before). ffmpeg decodes the background itself.
 */
import path from 'node:path'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { WordTiming } from '@mouthpiece/contracts/media/voices.schemas'
import type { VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'
import type { RenderOptionsInput } from '@mouthpiece/contracts/media/render.schemas'
import type { ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'
import { photoPictures } from '@mouthpiece/avatar/photo-images'
import { chosenTake, projectDuration, sceneSpans } from '@mouthpiece/editor/timeline'
import { decodeWav } from '@mouthpiece/media/audio/wav'
import { ffprobe } from '@mouthpiece/media/audio/ffmpeg'
import type { LayerBackground } from '@mouthpiece/media/render/layer-video'
import { outputSize } from '@mouthpiece/media/render/video-geometry'
import { canvasSize } from '@mouthpiece/editor/draw-frame'
import { decodeOverlayVideos, mixOverlaySounds, PROJECT_FPS } from './project-overlays'
import type { OverlayFrames } from './project-overlays'

/** What a project render needs, fixed when it is queued (later edits do not change it). */
export interface ProjectRenderSpec {
  projectId: number
  version: number
  document: ProjectDocument
  /** Looks of the custom avatars the scenes use, by id. */
  looks: Record<string, AvatarLook>
  /** Storage keys: uploaded background (image/video) and the reaction base video. */
  backgroundKey?: string
  baseVideoKey?: string
  /** generate-avatar: one scene only; `transparent` makes the avatar clip alone (VP9 WebM with alpha). */
  avatarOnly?: { sceneId: string; transparent: boolean }
}

const SAMPLE_RATE = 24_000
export const takeKey = (projectId: number, takeId: string) => `projects/${projectId}/audio_id_${takeId}.wav`

// ─────────────────────────────── voice track ───────────────────────────────

/** Linear resampling to the track's rate (speech; the engines answer 16–24 kHz). */
function resample(pcm: Int16Array, from: number, to: number): Int16Array {
  if (from === to) return pcm
  const out = new Int16Array(Math.floor((pcm.length * to) / from))
  const k = from / to
  for (let i = 0; i < out.length; i++) {
    const x = i * k
    const i0 = Math.floor(x)
    const a = pcm[i0] ?? 0
    const b = pcm[i0 + 1] ?? a
    out[i] = a + (b - a) * (x - i0)
  }
  return out
}

/** One voice track for the whole project and every word on the project's clock. */
export async function projectVoice(spec: ProjectRenderSpec, read: (key: string) => Promise<Buffer>) {
  const doc = spec.document
  const duration = projectDuration(doc)
  const pcm = new Int16Array(Math.ceil(duration * SAMPLE_RATE))
  const words: WordTiming[] = []
  const cues: VisemeCue[] = []
  for (const span of sceneSpans(doc)) {
    const take = chosenTake(span.scene)
    if (!take) continue
    const wav = decodeWav(await read(takeKey(spec.projectId, take.id)))
    const samples = resample(wav.pcm, wav.sampleRate, SAMPLE_RATE)
    const at = Math.round(span.start * SAMPLE_RATE)
    pcm.set(samples.subarray(0, Math.max(0, pcm.length - at)), at)
    for (const w of take.words)
      words.push({ text: w.text, start: round(span.start + w.start), end: round(span.start + w.end) })
    for (const c of take.cues)
      cues.push({ ...c, start: round(span.start + c.start), end: round(span.start + c.end) })
  }
  await mixOverlaySounds(doc, spec.projectId, pcm, SAMPLE_RATE, read)
  return { pcm, sampleRate: SAMPLE_RATE, duration, words, cues }
}
const round = (n: number) => Math.round(n * 1000) / 1000

/** The avatar clip alone (generate-avatar, transparent): the compositor with the scene's box and mood. */
export function avatarClipOptions(spec: ProjectRenderSpec): RenderOptionsInput {
  const doc = spec.document
  const scene = doc.scenes.find((s) => s.id === spec.avatarOnly?.sceneId) ?? doc.scenes[0]!
  const a = scene.avatarData
  return {
    format: 'webm',
    video_resolution: doc.settings.video_resolution,
    video_orientation: doc.settings.video_orientation,
    avatar_volume: doc.settings.avatar_volume,
    avatarBox: a.position,
    captions: null,
    emotion: a.emotion,
    energy: a.energy,
    poster: true,
  }
}

export interface ProjectFiles {
  /** What ffmpeg lays under the drawn layer (colour, picture, video with or without its sound). */
  background: LayerBackground
  /** Seconds of video: the voice, or the reaction's base video when that is longer. */
  duration: number
  /** Local copies of image overlays, by their `SceneAsset.file`. */
  images: Record<string, string>
  /** Local copies of photo avatars' portraits, by their look's `photo.src` (packages/avatar looks them up so). */
  photos?: Record<string, string>
  /** Video overlays decoded to raw frames, by asset id. */
  videos: Record<string, OverlayFrames>
}

/** Fetches what the render reads from storage into `workDir` (main thread; the drawing thread gets paths). */
export async function prepareProjectFiles(
  spec: ProjectRenderSpec,
  voiceDuration: number,
  workDir: string,
  download: (key: string, file: string) => Promise<string>,
): Promise<ProjectFiles> {
  const doc = spec.document
  let background: LayerBackground = {
    type: 'color',
    color: doc.background.type === 'color' ? doc.background.color : '#000000',
  }
  let duration = voiceDuration
  if (doc.origin.mode === 0 && spec.baseVideoKey) {
    const file = await download(spec.baseVideoKey, path.join(workDir, 'base-video'))
    duration = Math.max(duration, doc.origin.trimDuration ?? doc.origin.duration ?? 0)
    background = { type: 'video', path: file, volume: doc.settings.video_volume, hasAudio: true }
  } else if (doc.background.type !== 'color' && spec.backgroundKey) {
    const file = await download(spec.backgroundKey, path.join(workDir, `background-${doc.background.type}`))
    background =
      doc.background.type === 'image'
        ? { type: 'image', path: file }
        : { type: 'video', path: file, volume: doc.settings.video_volume, hasAudio: false }
  }
  if (background.type === 'video')
    background.hasAudio = (await ffprobe(background.path)).streams.some((s) => s.codec_type === 'audio')
  const images: Record<string, string> = {}
  for (const asset of doc.scenes.flatMap((s) => s.assets)) {
    if (asset.type !== 'image' || !asset.file || images[asset.file]) continue
    images[asset.file] = await download(
      `projects/${spec.projectId}/${asset.file}`,
      path.join(workDir, `asset-${Object.keys(images).length}`),
    )
  }
  const photos: Record<string, string> = {}
  for (const picture of Object.values(spec.looks).flatMap((look) =>
    look.photo ? photoPictures(look.photo) : [],
  )) {
    if (photos[picture.src]) continue
    // A portrait deleted since the render was queued: that avatar draws its cartoon.
    const file = await download(picture.key, path.join(workDir, `photo-${Object.keys(photos).length}`)).catch(
      () => undefined,
    )
    if (file) photos[picture.src] = file
  }
  const k =
    outputSize(doc.settings.video_resolution, doc.settings.video_orientation).width / canvasSize(doc).width
  const videos = await decodeOverlayVideos(doc, spec.projectId, k, PROJECT_FPS, workDir, download)
  return { background, duration, images, photos, videos }
}
