/**
 * A project's final video, drawing part (runs in the render thread): frames drawn by the editor's
 * own `drawFrame` (packages/editor) — so the video shows what the preview showed — but only the
 * region that changes (avatar, captions, overlays) and only when it changes (a held mouth or a still
 * caption reuses the frame before); ffmpeg decodes the background itself and encodes.
 */
import path from 'node:path'
import { writeFile } from 'node:fs/promises'
import { createCanvas, ImageData, loadImage } from '@napi-rs/canvas'
import type { Canvas } from '@napi-rs/canvas'
import type { ProjectDocument, Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import { poseAt, poseKey } from '@mouthpiece/avatar/animation'
import type { AvatarPose } from '@mouthpiece/avatar/animation'
import { mouthRegion, regionInPixels, sameButMouth } from '@mouthpiece/avatar/mouth-region'
import { AVATAR_UNITS } from '@mouthpiece/avatar/draw-avatar'
import { setPhotoImage } from '@mouthpiece/avatar/photo-images'
import { canvasSize, drawFrame, lookFor } from '@mouthpiece/editor/draw-frame'
import type { FrameAssets } from '@mouthpiece/editor/draw-frame'
import type { FrameCtx } from '@mouthpiece/editor/frame-context'
import { registerCaptionFontsNode } from '@mouthpiece/editor/fonts-node'
import { currentTake, sceneSpans } from '@mouthpiece/editor/timeline'
import { sceneWords } from '@mouthpiece/editor/caption-layout'
import { encodeWav } from '@mouthpiece/media/audio/wav'
import { outputSize } from '@mouthpiece/media/render/video-geometry'
import { MAX_SPARSE_CHANGES, renderLayerVideo } from '@mouthpiece/media/render/layer-video'
import { frameRing, patched } from '@mouthpiece/media/render/avatar-frames'
import type { RenderResult } from '@mouthpiece/media/render/compositor'
import type { ProjectFiles, ProjectRenderSpec } from './project-render'
import { overlayFrameReader, PROJECT_FPS } from './project-overlays'

export { PROJECT_FPS }

interface Rect {
  x0: number
  y0: number
  x1: number
  y1: number
}

function rotatedBounds(cx: number, cy: number, w: number, h: number, angle: number, margin: number): Rect {
  const rad = (angle * Math.PI) / 180
  const bw = Math.abs(w * Math.cos(rad)) + Math.abs(h * Math.sin(rad))
  const bh = Math.abs(w * Math.sin(rad)) + Math.abs(h * Math.cos(rad))
  return {
    x0: cx - bw / 2 - margin,
    y0: cy - bh / 2 - margin,
    x1: cx + bw / 2 + margin,
    y1: cy + bh / 2 + margin,
  }
}

const union = (rects: Rect[]): Rect | null =>
  rects.length
    ? rects.reduce((u, r) => ({
        x0: Math.min(u.x0, r.x0),
        y0: Math.min(u.y0, r.y0),
        x1: Math.max(u.x1, r.x1),
        y1: Math.max(u.y1, r.y1),
      }))
    : null

/** A scene's avatar box with a margin (head motion may pass the edge), editor-canvas units; null when hidden. */
export function avatarRegion(scene: Scene): Rect | null {
  const a = scene.avatarData
  return a.showAvatar
    ? rotatedBounds(a.position.x, a.position.y, a.position.width, a.position.height, a.position.angle, 4)
    : null
}

/**
 * The part of the frame captions and overlays are drawn in over the whole project (editor-canvas
 * units): caption boxes (widened: a long word may pass the box edge) and overlays.
 */
export function topRegion(doc: ProjectDocument): Rect | null {
  const rects: Rect[] = []
  for (const s of doc.scenes) {
    const c = s.captionData
    if (c.display && s.text.trim())
      rects.push(rotatedBounds(c.x, c.y, c.w * 1.6, c.h * 1.8, c.angle, c.fontSize))
    for (const as of s.assets)
      if (as.type !== 'audio') rects.push(rotatedBounds(as.x, as.y, as.w, as.h, as.angle, 2))
  }
  return union(rects)
}

/** drawFrame resets the transform; this context moves every transform by the layer's offset. */
function offsetContext(ctx: FrameCtx, dx: number, dy: number): FrameCtx {
  const bound = new Map<PropertyKey, unknown>()
  const setTransform = (a: number, b: number, c: number, d: number, e: number, f: number) =>
    ctx.setTransform(a, b, c, d, e - dx, f - dy)
  return new Proxy(ctx, {
    get(target, prop) {
      if (prop === 'setTransform') return setTransform
      const value = Reflect.get(target, prop, target) as unknown
      if (typeof value !== 'function') return value
      let fn = bound.get(prop)
      if (!fn) bound.set(prop, (fn = (value as (...a: unknown[]) => unknown).bind(target)))
      return fn
    },
    set(target, prop, value) {
      return Reflect.set(target, prop, value, target)
    },
  })
}

/**
 * What decides the avatar layer at time t: equal keys draw equal pixels; poses that differ only in
 * the mouth change only the mouth's pixels. `pose` is null when the avatar is hidden.
 */
function avatarState(
  scene: Scene,
  index: number,
  local: number,
  assets: FrameAssets,
  scale: number,
): { key: string; index: number; pose: AvatarPose | null } {
  const a = scene.avatarData
  if (!a.showAvatar) return { key: `${index}|-`, index, pose: null }
  const look = lookFor(scene, assets)
  const take = currentTake(scene)
  const pose = poseAt(local, {
    cues: take?.cues ?? [],
    wordStarts: take?.words.map((w) => w.start) ?? [],
    seed: look.seed,
    emotion: a.emotion,
    energy: a.energy,
  })
  return { key: `${index}|${poseKey(pose, (a.position.width * scale) / AVATAR_UNITS)}`, index, pose }
}

/** What decides the captions-and-overlays layer at time t (words started and ended, overlays shown and their video frames). */
function topKey(
  scene: Scene,
  index: number,
  local: number,
  videoFrame?: (asset: Scene['assets'][number], t: number) => number,
): string {
  let started = 0
  let ended = 0
  if (scene.captionData.display)
    for (const w of sceneWords(scene)) {
      if (w.start <= local) started++
      if (w.end <= local) ended++
    }
  const visible = scene.assets
    .filter((x) => x.type !== 'audio' && local >= x.start && local < x.end)
    .map((x) => (x.type === 'video' && videoFrame ? `${x.id}@${videoFrame(x, local - x.start)}` : x.id))
    .join(',')
  return `${index}|${started}.${ended}|${visible}`
}

/** The avatar's box in its 256 units, with the margin avatarRegion gives it (head motion may pass the edge). */
const WHOLE_AVATAR = { x0: -8, y0: -8, x1: AVATAR_UNITS + 8, y1: AVATAR_UNITS + 8 }

/** A render's result as the avatar renderer answers it; a project always has its poster, and its peak memory is not sampled. */
export type ProjectVideoResult = Omit<RenderResult, 'poster' | 'ffmpegPeakMb'> & { poster: string }

export interface ProjectVideoInput {
  spec: ProjectRenderSpec
  voice: { pcm: Int16Array; sampleRate: number; duration: number }
  /** Local files prepared by the main thread (prepareProjectFiles). */
  files: ProjectFiles
  workDir: string
  outFile: string
  signal?: AbortSignal
  onProgress?: (fraction: number) => void
}

export async function renderProjectVideo(input: ProjectVideoInput): Promise<ProjectVideoResult> {
  const started = performance.now()
  const { spec, workDir } = input
  const doc = spec.document
  const { width, height } = outputSize(doc.settings.video_resolution, doc.settings.video_orientation)
  const canvas = canvasSize(doc)
  const k = width / canvas.width
  registerCaptionFontsNode()

  const { background, duration } = input.files
  // Overlay pictures, decoded once.
  const images = new Map<string, Awaited<ReturnType<typeof loadImage>>>()
  for (const [name, file] of Object.entries(input.files.images)) images.set(name, await loadImage(file))
  for (const [src, file] of Object.entries(input.files.photos ?? {}))
    setPhotoImage(src, await loadImage(file))
  // Video overlays: one small canvas per overlay holds its current decoded frame.
  const videos = overlayFrameReader(input.files.videos, PROJECT_FPS)
  const videoCanvases = new Map<string, Canvas>()
  const videoFrame: FrameAssets['videoFrame'] = (asset, t) => {
    const f = videos.read(asset, t)
    if (!f) return undefined
    const c = videoCanvases.get(asset.id) ?? createCanvas(f.width, f.height)
    videoCanvases.set(asset.id, c)
    c.getContext('2d').putImageData(new ImageData(f.rgba, f.width, f.height), 0, 0)
    return c
  }
  const assets: FrameAssets = {
    images,
    looks: new Map(Object.entries(spec.looks).map(([id, look]) => [Number(id), look])),
    videoFrame,
  }

  const spans = sceneSpans(doc)
  const fps = PROJECT_FPS
  const frameCount = Math.max(1, Math.ceil(duration * fps))
  const even = (v: number) => Math.floor(v / 2) * 2
  const at = (i: number) => {
    const t = i / fps
    const span = spans.find((s) => t < s.end) ?? spans.at(-1)!
    return { t, span, local: Math.min(span.end - span.start, Math.max(0, t - span.start)) }
  }
  // Each scene's first frame, as `at` assigns frames to scenes (the same float comparisons).
  const firstFrame = new Map<number, number>()
  for (let i = 0; i < frameCount; i++) {
    const index = at(i).span.index
    if (!firstFrame.has(index)) firstFrame.set(index, i)
  }

  // Two layers, stacked as drawFrame stacks them. The avatar layer is one avatar box, moved to each
  // scene's box at the scene's first frame; it changes on most frames (the mouth, the head).
  const boxes = doc.scenes.map((scene) => {
    const r = avatarRegion(scene)
    return r
      ? {
          x: even(Math.floor(r.x0 * k)),
          y: even(Math.floor(r.y0 * k)),
          width: Math.ceil((r.x1 - r.x0) * k) + 2,
          height: Math.ceil((r.y1 - r.y0) * k) + 2,
        }
      : null
  })
  const shown = boxes.filter((b): b is NonNullable<typeof b> => b !== null)
  const lw = Math.max(2, ...shown.map((b) => Math.ceil(b.width / 2) * 2))
  const lh = Math.max(2, ...shown.map((b) => Math.ceil(b.height / 2) * 2))
  const place = boxes.map((b) => ({ x: b?.x ?? 0, y: b?.y ?? 0 }))
  const moves = [...firstFrame]
    .filter(([, from]) => from > 0)
    .map(([index, from]) => ({ from, ...place[index]! }))
  const first = place[at(0).span.index]!
  const layer = {
    ...first,
    width: lw,
    height: lh,
    moves: moves.filter((m, n) => m.x !== (moves[n - 1] ?? first).x || m.y !== (moves[n - 1] ?? first).y),
  }
  const surface = createCanvas(lw, lh)
  const raw = surface.getContext('2d')
  const contexts = place.map((p) => offsetContext(raw, p.x, p.y))
  let last: { key: string; index: number; pose: AvatarPose | null; rgba: Uint8Array } | null = null
  const nextBuffer = frameRing(lw * lh * 4)
  let drawn = 0
  let drawMs = 0
  const frame = (i: number): Uint8Array => {
    const { t, span, local } = at(i)
    const state = avatarState(span.scene, span.index, local, assets, k)
    if (last && last.key === state.key) return last.rgba
    const t0 = performance.now()
    const ctx = contexts[span.index]!
    const options = { width, height, transparentBackground: true, part: 'avatar' as const }
    let rgba: Uint8Array
    if (last?.pose && state.pose && last.index === state.index) {
      // Only the avatar of this scene moved: redraw and read back its box, or only its mouth when
      // nothing else of it moved.
      const p = span.scene.avatarData.position
      const box = {
        x: (p.x - p.width / 2) * k - place[span.index]!.x,
        y: (p.y - p.height / 2) * k - place[span.index]!.y,
        width: p.width * k,
        height: p.height * k,
        angle: p.angle,
      }
      const units = sameButMouth(last.pose, state.pose)
        ? mouthRegion(lookFor(span.scene, assets), last.pose, state.pose)
        : WHOLE_AVATAR
      const r = regionInPixels(units, box, lw, lh)
      raw.save()
      raw.beginPath()
      raw.rect(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0)
      raw.clip()
      drawFrame(ctx, doc, Math.round(t * 1000), assets, options)
      raw.restore()
      rgba = patched(
        last.rgba,
        lw,
        r,
        raw.getImageData(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0).data,
        nextBuffer(),
      )
    } else {
      drawFrame(ctx, doc, Math.round(t * 1000), assets, options)
      // getImageData un-premultiplies (ffmpeg's overlay wants straight alpha).
      rgba = new Uint8Array(raw.getImageData(0, 0, lw, lh).data.buffer)
    }
    drawMs += performance.now() - t0
    drawn++
    last = { ...state, rgba }
    return rgba
  }

  // The captions-and-overlays layer changes only when a word starts or ends or an overlay comes or
  // goes (or plays a video): ffmpeg gets it only at those frames and holds it in between.
  const region = topRegion(doc)
  let top: Parameters<typeof renderLayerVideo>[0]['top']
  if (region) {
    const x = Math.max(0, even(region.x0 * k))
    const y = Math.max(0, even(region.y0 * k))
    const tw = Math.max(2, even(Math.min(width, Math.ceil(region.x1 * k) + 1) - x))
    const th = Math.max(2, even(Math.min(height, Math.ceil(region.y1 * k) + 1) - y))
    let changes: number[] = []
    let key = ''
    for (let i = 0; i < frameCount; i++) {
      const { span, local } = at(i)
      const next = topKey(span.scene, span.index, local, videos.frameIndex)
      if (next !== key) changes.push(i)
      key = next
    }
    // A long video overlay changes it on every frame: then it is simply sent on every frame.
    if (changes.length > MAX_SPARSE_CHANGES) changes = Array.from({ length: frameCount }, (_, i) => i)
    const topSurface = createCanvas(tw, th)
    const topRaw = topSurface.getContext('2d')
    const topCtx = offsetContext(topRaw, x, y)
    top = {
      x,
      y,
      width: tw,
      height: th,
      changes,
      frame: (n) => {
        const t0 = performance.now()
        drawFrame(topCtx, doc, Math.round((changes[n]! / fps) * 1000), assets, {
          width,
          height,
          transparentBackground: true,
          part: 'top',
        })
        const rgba = new Uint8Array(topRaw.getImageData(0, 0, tw, th).data.buffer)
        drawMs += performance.now() - t0
        drawn++
        return rgba
      },
    }
  }

  const voiceFile = path.join(workDir, 'voice.wav')
  await writeFile(voiceFile, encodeWav(input.voice.pcm, input.voice.sampleRate))
  const prepareMs = Math.round(performance.now() - started)
  const result = await renderLayerVideo({
    width,
    height,
    fps,
    duration,
    background,
    layer,
    top,
    frameCount,
    frame,
    voice: { file: voiceFile, volume: doc.settings.avatar_volume },
    outFile: input.outFile,
    posterAt: Math.min(1, duration / 2),
    signal: input.signal,
    onProgress: input.onProgress,
  }).finally(videos.close)
  return {
    file: result.file,
    poster: result.poster,
    duration,
    width,
    height,
    frames: frameCount,
    framesDrawn: drawn,
    timings: {
      prepare: prepareMs,
      draw: Math.round(drawMs),
      encode: result.encodeMs,
      total: Math.round(performance.now() - started),
    },
    ffmpegCpuMs: result.ffmpegCpuMs,
  }
}
