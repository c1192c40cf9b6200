/**
 * A video from a background ffmpeg decodes itself (colour, picture or video with its sound), one
 * RGBA layer we draw (only the region that changes: avatar, captions, overlays) and a voice track.
 * Used by project renders: the layer is drawn by the editor's own drawFrame, so the video shows
 * exactly what the preview showed.
 */
import { mkdtemp, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { abortError, pipeFrames, stillBackground } from './frame-pipe'
import type { FramePipeResult, SparseFrames } from './frame-pipe'

export type LayerBackground =
  | { type: 'color'; color: string }
  | { type: 'image'; path: string }
  /** Played once from the start (held on its last frame if shorter); its sound mixed at `volume`. */
  | { type: 'video'; path: string; volume: number; hasAudio: boolean }

export interface LayerVideoInput {
  width: number
  height: number
  fps: number
  duration: number
  background: LayerBackground
  /**
   * Where the layer sits, output pixels (even sizes). `moves`: from frame `from` on it sits at x, y
   * (a project's avatar box per scene), so the layer is one box, not the union of every scene's.
   */
  layer: {
    x: number
    y: number
    width: number
    height: number
    moves?: ReadonlyArray<{ from: number; x: number; y: number }>
  }
  frameCount: number
  /** Straight-alpha RGBA of frame i, layer-sized; may be the same buffer as an earlier frame. */
  frame: (i: number) => Uint8Array
  /**
   * A second layer above the first that holds still most of the time (a project's captions and
   * overlays): sent only when it changes, so ffmpeg converts it once per change instead of per frame.
   */
  top?: { x: number; y: number; width: number; height: number } & SparseFrames
  voice: { file: string; volume: number }
  outFile: string
  /** Second of the poster still (JPEG beside the video). */
  posterAt: number
  signal?: AbortSignal
  onProgress?: (fraction: number) => void
}

export interface LayerVideoResult extends FramePipeResult {
  file: string
  poster: string
  encodeMs: number
}

/**
 * overlay's x/y: fixed, or switched at frame boundaries (half a frame early, clear of rounding).
 * Quoted, so the commas stay inside the expression.
 */
function layerPlace(layer: LayerVideoInput['layer'], fps: number): string {
  if (!layer.moves?.length) return `x=${layer.x}:y=${layer.y}`
  const places = [{ from: 0, x: layer.x, y: layer.y }, ...layer.moves]
  const at = (pick: (m: { x: number; y: number }) => number) => {
    let expr = String(pick(places.at(-1)!))
    for (let j = places.length - 2; j >= 0; j--)
      expr = `if(lt(t,${((places[j + 1]!.from - 0.5) / fps).toFixed(4)}),${pick(places[j]!)},${expr})`
    return expr
  }
  return `x='${at((m) => m.x)}':y='${at((m) => m.y)}':eval=frame`
}

/**
 * setpts for a sparse stream: the k-th frame's pts is changes[k], looked up by a balanced tree of
 * if(lt(N,…)) (ffmpeg's expression parser refuses a flat sum of more than ~100 terms; a tree is
 * log-deep and costs log n per frame). Null when every frame is sent (pts = N already).
 */
export function sparsePts(changes: readonly number[]): string | null {
  if (changes.every((c, k) => c === k)) return null
  const tree = (lo: number, hi: number): string => {
    if (hi - lo === 1) return String(changes[lo])
    const mid = (lo + hi) >> 1
    return `if(lt(N,${mid}),${tree(lo, mid)},${tree(mid, hi)})`
  }
  return tree(0, changes.length)
}

/** Above this many changes the sparse stream is sent whole: its setpts would pass argv's 128 KB per argument. */
export const MAX_SPARSE_CHANGES = 4000

export async function renderLayerVideo(input: LayerVideoInput): Promise<LayerVideoResult> {
  const { width, height, fps, duration, background: bg, layer, signal } = input
  signal?.throwIfAborted()
  const work = await mkdtemp(path.join(path.dirname(path.resolve(input.outFile)), '.layer-'))
  const partial = path.join(work, 'out.mp4')
  const posterPartial = path.join(work, 'poster.jpg')
  const posterFile = input.outFile.replace(/\.[^.]+$/, '') + '.poster.jpg'
  const d = duration.toFixed(3)
  try {
    // Inputs: 0 background, 1 layer frames on stdin, 2 voice.
    const args: string[] = ['-hide_banner', '-loglevel', 'error', '-y']
    if (bg.type === 'color')
      args.push('-f', 'lavfi', '-i', `color=c=0x${bg.color.slice(1)}:s=${width}x${height}:r=${fps}:d=${d}`)
    else if (bg.type === 'image') args.push('-i', bg.path)
    else args.push('-t', d, '-i', bg.path)
    args.push(
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-s',
      `${layer.width}x${layer.height}`,
      '-framerate',
      String(fps),
      '-i',
      'pipe:0',
    )
    args.push('-i', input.voice.file)
    const top = input.top
    if (top)
      args.push(
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgba',
        '-s',
        `${top.width}x${top.height}`,
        '-framerate',
        String(fps),
        '-i',
        'pipe:3',
      )
    const fit = `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`
    const filters: string[] = []
    if (bg.type === 'color') filters.push('[0:v]format=yuv420p[bg]')
    else if (bg.type === 'image') filters.push(stillBackground(fit, fps, d))
    else filters.push(`[0:v]${fit},fps=${fps},tpad=stop_mode=clone:stop_duration=${d},format=yuv420p[bg]`)
    filters.push(
      `[bg][1:v]overlay=${layerPlace(layer, fps)}:format=yuv420:eof_action=repeat${top ? '[lv]' : ',split=2[vout][vp]'}`,
    )
    if (top) {
      // The k-th picture sent is shown from frame changes[k] on (pts in frames).
      const pts = sparsePts(top.changes)
      filters.push(
        `[3:v]${pts ? `setpts='${pts}'` : 'null'}[tv]`,
        `[lv][tv]overlay=x=${top.x}:y=${top.y}:format=yuv420:eof_action=repeat,split=2[vout][vp]`,
      )
    }
    const posterFrame = Math.max(0, Math.min(input.frameCount - 1, Math.round(input.posterAt * fps)))
    filters.push(`[vp]select=eq(n\\,${posterFrame})[vposter]`)
    // Pad with silence to the full length (never -shortest: it truncates a frame or two).
    const voice = `[2:a]aresample=48000,volume=${input.voice.volume}`
    if (bg.type === 'video' && bg.hasAudio) {
      filters.push(
        `${voice}[va]`,
        `[0:a]aresample=48000,volume=${bg.volume}[ba]`,
        '[va][ba]amix=inputs=2:duration=longest:normalize=0,apad[aout]',
      )
    } else filters.push(`${voice},apad[aout]`)
    args.push(
      '-filter_complex',
      filters.join(';'),
      '-map',
      '[vout]',
      '-map',
      '[aout]',
      '-t',
      d,
      '-r',
      String(fps),
    )
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-tune',
      'zerolatency',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-aac_coder',
      'fast',
      '-b:a',
      '128k',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      partial,
    )
    args.push(
      '-map',
      '[vposter]',
      '-frames:v',
      '1',
      '-update',
      '1',
      '-q:v',
      '3',
      '-f',
      'image2',
      posterPartial,
    )
    const t = performance.now()
    const piped = await pipeFrames(args, input.frameCount, input.frame, {
      signal,
      onProgress: input.onProgress,
      sparse: top,
    })
    const encodeMs = Math.round(performance.now() - t)
    await rename(posterPartial, posterFile)
    await rename(partial, input.outFile)
    return { file: input.outFile, poster: posterFile, encodeMs, ...piped }
  } catch (error) {
    await rm(posterFile, { force: true })
    if (signal?.aborted) throw abortError()
    throw error
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
