/**
 * Video and sound overlays of a project's final video. Sounds (audio overlays and the sound of video
 * overlays) are decoded by ffmpeg and mixed into the voice track at their place on the timeline and
 * their volume; video overlays are decoded once, before drawing, into raw RGBA frames at the
 * render's frame rate and the overlay's size in output pixels, which `drawFrame` then draws like a
 * picture (FrameAssets.videoFrame), so the preview and the MP4 place them the same way.
 */
import fs from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { ProjectDocument, SceneAsset } from '@mouthpiece/contracts/projects/project-document.schemas'
import { sceneSpans } from '@mouthpiece/editor/timeline'
import { decodeAudio, ffmpeg, ffprobe } from '@mouthpiece/media/audio/ffmpeg'

/** Decoded frames of one video overlay (by asset id): `frames` pictures of width×height RGBA in `path`. */
export interface OverlayFrames {
  path: string
  width: number
  height: number
  frames: number
}

/** Frames per second of a project's final video (and of its decoded video overlays). */
export const PROJECT_FPS = 30

const overlayKey = (projectId: number, file: string) => `projects/${projectId}/${file}`

/** Adds every overlay sound into `pcm` (mono, `sampleRate`), clipped to its span and scene, saturating. */
export async function mixOverlaySounds(
  doc: ProjectDocument,
  projectId: number,
  pcm: Int16Array,
  sampleRate: number,
  read: (key: string) => Promise<Buffer>,
): Promise<number> {
  const sounds = sceneSpans(doc).flatMap((span) =>
    span.scene.assets
      .filter((a) => (a.type === 'audio' || a.type === 'video') && a.file && a.volume > 0)
      .map((a) => ({ a, at: span.start, sceneEnd: span.end })),
  )
  if (!sounds.length) return 0
  const dir = await mkdtemp(path.join(os.tmpdir(), 'overlay-sound-'))
  let mixed = 0
  try {
    for (const [i, { a, at, sceneEnd }] of sounds.entries()) {
      const file = path.join(dir, `sound-${i}`)
      await writeFile(file, await read(overlayKey(projectId, a.file!)))
      // A video without a sound track has nothing to mix.
      if (a.type === 'video' && !(await ffprobe(file)).streams.some((s) => s.codec_type === 'audio')) continue
      const samples = await decodeAudio(file, sampleRate)
      const from = Math.round((at + a.start) * sampleRate)
      const to = Math.min(pcm.length, Math.round(Math.min(at + a.end, sceneEnd) * sampleRate))
      for (let j = from, k = 0; j < to && k < samples.length; j++, k++) {
        const v = pcm[j]! + samples[k]! * a.volume
        pcm[j] = v > 32767 ? 32767 : v < -32768 ? -32768 : v
      }
      mixed++
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  return mixed
}

/** Decodes each video overlay into raw frames at `fps`, sized to its box at output scale `k`. */
export async function decodeOverlayVideos(
  doc: ProjectDocument,
  projectId: number,
  k: number,
  fps: number,
  workDir: string,
  download: (key: string, file: string) => Promise<string>,
): Promise<Record<string, OverlayFrames>> {
  const out: Record<string, OverlayFrames> = {}
  for (const a of doc.scenes.flatMap((s) => s.assets)) {
    if (a.type !== 'video' || !a.file) continue
    const source = await download(overlayKey(projectId, a.file), path.join(workDir, `overlay-${a.id}.src`))
    const width = Math.max(2, Math.round(a.w * k))
    const height = Math.max(2, Math.round(a.h * k))
    const raw = path.join(workDir, `overlay-${a.id}.rgba`)
    const seconds = Math.max(0.05, a.end - a.start)
    await ffmpeg([
      '-v',
      'error',
      '-y',
      '-i',
      source,
      '-t',
      seconds.toFixed(3),
      '-an',
      '-vf',
      `fps=${fps},scale=${width}:${height},format=rgba`,
      '-f',
      'rawvideo',
      raw,
    ])
    const frames = Math.floor(fs.statSync(raw).size / (width * height * 4))
    if (frames > 0) out[a.id] = { path: raw, width, height, frames }
  }
  return out
}

/** Reads frame n of a decoded overlay (the last one holds past its end). */
export function overlayFrameReader(frames: Record<string, OverlayFrames>, fps: number) {
  const fds = new Map<string, number>()
  const read = (
    asset: SceneAsset,
    t: number,
  ): { rgba: Uint8ClampedArray; width: number; height: number; index: number } | undefined => {
    const f = frames[asset.id]
    if (!f) return undefined
    const index = Math.min(f.frames - 1, Math.max(0, Math.floor(t * fps + 1e-6)))
    let fd = fds.get(asset.id)
    if (fd === undefined) fds.set(asset.id, (fd = fs.openSync(f.path, 'r')))
    const size = f.width * f.height * 4
    const buf = Buffer.allocUnsafe(size)
    fs.readSync(fd, buf, 0, size, index * size)
    return {
      rgba: new Uint8ClampedArray(buf.buffer, buf.byteOffset, size),
      width: f.width,
      height: f.height,
      index,
    }
  }
  const frameIndex = (asset: SceneAsset, t: number) => {
    const f = frames[asset.id]
    return f ? Math.min(f.frames - 1, Math.max(0, Math.floor(t * fps + 1e-6))) : -1
  }
  const close = () => {
    for (const fd of fds.values()) fs.closeSync(fd)
    fds.clear()
  }
  return { read, frameIndex, close }
}
