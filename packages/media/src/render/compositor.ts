/**
 * Composes an avatar video with one ffmpeg process: ffmpeg puts the small avatar layer we pipe in
 * (only the avatar box) on the background — pasted as opaque I420 over a colour or a still picture,
 * with the captions drawn into it here; overlaid as RGBA over a video or for transparent WebM, with
 * the captions burned in by libass — and encodes.
 * Drawing (this thread) and encoding (ffmpeg) overlap on the two cores.
 * Output goes to a temporary name and is renamed when complete; cancelling kills ffmpeg and removes
 * every partial file.
 */
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { RenderOptions } from '@mouthpiece/contracts/media/render.schemas'
import type { RenderOptionsInput } from '@mouthpiece/contracts/media/render.schemas'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { WordTiming } from '@mouthpiece/contracts/media/voices.schemas'
import type { VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'
import { ffmpeg, ffprobe } from '../audio/ffmpeg'
import { encodeWav } from '../audio/wav'
import { assScript, captionPlan } from '../captions/ass-captions'
import { rasterCaptions } from '../captions/caption-raster'
import { fileCaptionFont, prepareFontsDir, resolveCaptionFont } from '../captions/caption-fonts'
import { createFrameSource, layerFor } from './avatar-frames'
import { unionRect } from '@mouthpiece/avatar/photo-raster'
import type { Rect } from '@mouthpiece/avatar/photo-raster'
import { colourI420, cropI420, evenPlacement, opaqueFrames, stillI420 } from './opaque-layer'
import type { I420 } from './opaque-layer'
import { captionBoxFor, filterPath, frameCanvas, outputSize } from './video-geometry'
import { abortError, pipeFrames, stillBackground } from './frame-pipe'
import { canPaste, padWithColour, pasteOverStill } from './paste-layer'
import type { Placement } from './paste-layer'
import { drawEndCard, overlayChains, prepareOverlays, repeatedStill } from './frame-dressing'

export interface RenderInput {
  audio: { pcm: Int16Array; sampleRate: number }
  words: readonly WordTiming[]
  cues: readonly VisemeCue[]
  look: AvatarLook
  /** The portrait of a photo avatar (encoded JPEG/PNG bytes). */
  avatarImage?: Uint8Array
  /** The picture behind a cut-out portrait, if one was picked. */
  avatarBackdrop?: Uint8Array
  options?: RenderOptionsInput
  outFile: string
  signal?: AbortSignal
  /** 0..1 with the stage name; called often, keep it cheap. */
  onProgress?: (progress: number, stage: string) => void
}

export interface RenderResult {
  file: string
  poster: string | null
  duration: number
  width: number
  height: number
  frames: number
  framesDrawn: number
  /** Milliseconds per stage. */
  timings: Record<string, number>
  /** Peak resident memory of the ffmpeg process, MB (sampled; 0 where /proc is missing). */
  ffmpegPeakMb: number
  /** CPU time ffmpeg used, ms (sampled every 100 ms, so slightly low). */
  ffmpegCpuMs: number
}

const rectOf = (p: Placement): Rect => ({ x0: p.x, y0: p.y, x1: p.x + p.width, y1: p.y + p.height })
const placementOf = (r: Rect): Placement => ({ x: r.x0, y: r.y0, width: r.x1 - r.x0, height: r.y1 - r.y0 })

/** A held tail after the last word so the mouth closes before the cut. */
const TAIL_SECONDS = 0.3

export async function renderAvatarVideo(input: RenderInput): Promise<RenderResult> {
  const started = performance.now()
  const timings: Record<string, number> = {}
  const mark = (stage: string, since: number) => (timings[stage] = Math.round(performance.now() - since))
  const options = RenderOptions.parse(input.options ?? {})
  const { signal } = input
  signal?.throwIfAborted()
  const { width, height } = outputSize(options.video_resolution, options.video_orientation)
  const canvas = frameCanvas(options.video_orientation)
  const scale = width / canvas.width
  const duration = input.audio.pcm.length / input.audio.sampleRate + TAIL_SECONDS
  // The end card follows the speech: the file is that much longer, its sound silent.
  const total = duration + (options.endCard?.seconds ?? 0)
  const fps = options.fps
  const transparent = options.format === 'webm'

  const work = await mkdtemp(path.join(path.dirname(path.resolve(input.outFile)), '.render-'))
  const partial = path.join(work, `out.${options.format}`)
  const posterFile = input.outFile.replace(/\.[^.]+$/, '') + (transparent ? '.poster.png' : '.poster.jpg')
  try {
    let t = performance.now()
    const voiceFile = path.join(work, 'voice.wav')
    await writeFile(voiceFile, encodeWav(input.audio.pcm, input.audio.sampleRate))

    // Captions: drawn here into the opaque layer where it can hold them (below), else an ASS script
    // and a fonts dir holding only the chosen face for libass.
    const captions = options.captions
    const captionSetup =
      captions?.display && input.words.length
        ? (() => {
            const font = captions.fontFile
              ? fileCaptionFont(captions.fontFile, captions.style.fontWeight)
              : resolveCaptionFont(
                  captions.style.currentFontFamily,
                  captions.style.fontWeight,
                  input.words.map((w) => w.text).join(' '),
                )
            const placed = { ...captions, box: captionBoxFor(captions.box, options.video_orientation) }
            return { font, placed, plan: captionPlan(input.words, placed, canvas, font) }
          })()
        : null

    // Avatar layer geometry in output pixels; box x,y is the centre in editor-canvas units.
    const box = options.avatarBox
    const bg = options.background
    const fit = `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`
    // Over a background that holds still, the layer is sent opaque (blended here over the same pixels).
    const opaque = !transparent && bg.type !== 'video'
    const placed = layerFor(
      (box.x ?? canvas.width / 2) * scale,
      (box.y ?? canvas.height / 2) * scale,
      box.width * scale,
      box.height * scale,
      box.angle,
    )
    const layer = opaque ? evenPlacement(placed) : placed
    const frames = createFrameSource({
      look: input.look,
      avatarImage: input.avatarImage,
      avatarBackdrop: input.avatarBackdrop,
      cues: input.cues,
      wordStarts: input.words.map((w) => w.start),
      emotion: options.emotion,
      energy: options.energy,
      fps,
      geometry: layer,
    })
    const frameCount = frames.frameCount(duration)
    // The opaque layer grows to hold the captions too when it can still be pasted: then they are
    // drawn here once per word, not blended into every frame by libass.
    const drawn =
      opaque && captionSetup
        ? rasterCaptions(captionSetup.plan, captionSetup.placed, captionSetup.font, canvas, {
            width,
            height,
            fps,
            frameCount,
          })
        : null
    const grown = drawn && placementOf(unionRect(rectOf(layer), drawn.rect))
    const withCaptions = grown && canPaste(grown, width, height) ? { grown, drawn } : null
    /** What ffmpeg receives on stdin and where it goes: the avatar layer, or the rectangle holding it and the captions. */
    const onStdin = withCaptions?.grown ?? layer
    let frame = (i: number) => frames.frame(i)
    // A still picture is decoded and fitted once, here: ffmpeg reads the same I420 bytes the layer is blended over.
    let stillFile: string | null = null
    if (opaque) {
      let under: I420
      if (bg.type === 'color') under = colourI420(bg.color, onStdin.width, onStdin.height)
      else {
        const still = await stillI420(bg.path, fit, width, height, signal)
        stillFile = path.join(work, 'background.yuv')
        await writeFile(stillFile, still.data)
        under = cropI420(still, onStdin.x, onStdin.y, onStdin.width, onStdin.height)
      }
      const inLayer = (r: Rect): Rect => ({
        x0: r.x0 - onStdin.x,
        y0: r.y0 - onStdin.y,
        x1: r.x1 - onStdin.x,
        y1: r.y1 - onStdin.y,
      })
      frame = opaqueFrames(
        frames,
        under,
        withCaptions
          ? {
              avatar: inLayer(rectOf(layer)),
              top: { ...withCaptions.drawn, rect: inLayer(withCaptions.drawn.rect) },
            }
          : undefined,
      )
    }
    let assFile: string | null = null
    let fontsDir: string | null = null
    if (captionSetup && !withCaptions) {
      assFile = path.join(work, 'captions.ass')
      await writeFile(assFile, assScript(captionSetup.plan, captionSetup.placed, canvas, captionSetup.font))
      fontsDir = await prepareFontsDir(path.join(work, 'fonts'), captionSetup.font)
    }
    mark('prepare', t)

    // Inputs: the background (none when the layer is padded with a colour), the avatar frames on stdin, the voice.
    // An opaque layer wholly inside the frame is pasted (copied), not overlaid: ffmpeg's overlay blends every pixel.
    const paste = opaque && canPaste(onStdin, width, height)
    const inputs: string[][] = []
    let bgHasAudio = false
    if (transparent)
      inputs.push([
        '-f',
        'lavfi',
        '-i',
        `color=c=black@0.0:s=${width}x${height}:r=${fps}:d=${duration.toFixed(3)},format=yuva420p`,
      ])
    else if (bg.type === 'color') {
      if (!paste)
        inputs.push([
          '-f',
          'lavfi',
          '-i',
          `color=c=0x${bg.color.slice(1)}:s=${width}x${height}:r=${fps}:d=${duration.toFixed(3)}`,
        ])
    } else if (stillFile)
      inputs.push(['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${width}x${height}`, '-i', stillFile])
    else {
      bgHasAudio = (await ffprobe(bg.path, signal)).streams.some((s) => s.codec_type === 'audio')
      inputs.push(['-stream_loop', '-1', '-t', duration.toFixed(3), '-i', bg.path])
    }
    const bgIn = inputs.length - 1
    const layerIn =
      inputs.push([
        '-f',
        'rawvideo',
        '-pix_fmt',
        opaque ? 'yuv420p' : 'rgba',
        '-s',
        `${onStdin.width}x${onStdin.height}`,
        '-framerate',
        String(fps),
        '-i',
        'pipe:0',
      ]) - 1
    const voiceIn = inputs.push(['-i', voiceFile]) - 1
    // Pictures over the frame and the end card: drawn once each, looped by ffmpeg.
    const overlays = await prepareOverlays(options.overlays, width, height, work)
    const firstOverlayIn = inputs.length
    for (const o of overlays) inputs.push(['-i', o.file])
    let cardIn = -1
    if (options.endCard) {
      const cardFile = path.join(work, 'end-card.png')
      await drawEndCard(options.endCard, width, height, cardFile)
      cardIn = inputs.push(['-i', cardFile]) - 1
    }
    const args: string[] = ['-hide_banner', '-loglevel', 'error', '-y', ...inputs.flat()]

    const filters: string[] = []
    if (paste && bg.type === 'color')
      filters.push(padWithColour(`${layerIn}:v`, onStdin, width, height, bg.color, 'ov'))
    else {
      if (transparent) filters.push(`[${bgIn}:v]null[bg]`)
      else if (bg.type === 'color') filters.push(`[${bgIn}:v]format=yuv420p[bg]`)
      else if (stillFile) filters.push(stillBackground('null', fps, duration.toFixed(3), bgIn))
      else filters.push(`[${bgIn}:v]${fit},fps=${fps},format=yuv420p[bg]`)
      filters.push(
        paste
          ? pasteOverStill('bg', `${layerIn}:v`, onStdin, width, height, 'ov')
          : `[bg][${layerIn}:v]overlay=x=${layer.x}:y=${layer.y}:format=yuv420:eof_action=repeat[ov]`,
      )
    }
    const posterPartial = path.join(work, path.basename(posterFile))
    const videoOut = options.poster ? '[vall]' : '[vout]'
    let head = 'ov'
    // alpha=1 makes libass write the alpha plane too, so captions show on a transparent frame.
    if (assFile && fontsDir) {
      filters.push(
        `[ov]ass=filename=${filterPath(assFile)}:fontsdir=${filterPath(fontsDir)}${transparent ? ':alpha=1' : ''}[captioned]`,
      )
      head = 'captioned'
    }
    const dressed = overlayChains(head, overlays, firstOverlayIn, fps, transparent)
    filters.push(...dressed.filters)
    head = dressed.out
    if (cardIn >= 0) {
      const pix = transparent ? 'yuva420p' : 'yuv420p'
      filters.push(
        repeatedStill(`${cardIn}:v`, pix, fps, Math.round(options.endCard!.seconds * fps), 'cardstill'),
        '[cardstill]setsar=1[card]',
        `[${head}]format=${pix},setsar=1[speech]`,
        '[speech][card]concat=n=2:v=1:a=0[carded]',
      )
      head = 'carded'
    }
    filters.push(`[${head}]null${videoOut}`)
    // The poster comes out of the same run (a second output fed by one selected frame), which
    // saves starting ffmpeg again and seeking.
    const posterFrame = Math.min(frameCount - 1, Math.round(fps * Math.min(1, duration / 2)))
    if (options.poster)
      filters.push(
        `[vall]split=2[vout][vp]`,
        `[vp]select=eq(n\\,${posterFrame})${transparent ? ',format=rgba' : ''}[vposter]`,
      )
    // Pad the voice with silence to the full length (never -shortest: it truncates a frame or two).
    const voice = `[${voiceIn}:a]volume=${options.avatar_volume}`
    if (bgHasAudio && bg.type === 'video') {
      filters.push(
        `${voice}[va]`,
        `[${bgIn}:a]volume=${bg.volume}[ba]`,
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
      total.toFixed(3),
      '-r',
      String(fps),
    )
    if (transparent) {
      // Realtime VP9 with alpha; no look-ahead (lag 0) keeps memory down, the picture is mostly empty.
      args.push(
        '-c:v',
        'libvpx-vp9',
        '-pix_fmt',
        'yuva420p',
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
        '-row-mt',
        '1',
        '-tile-columns',
        '2',
        '-threads',
        '2',
        '-lag-in-frames',
        '0',
        '-b:v',
        '0',
        '-crf',
        '34',
        '-auto-alt-ref',
        '0',
        '-c:a',
        'libopus',
        '-b:a',
        '96k',
        '-f',
        'webm',
        partial,
      )
    } else {
      // zerolatency (no B-frames/look-ahead) and the fast AAC coder: measured -25 % CPU and -40 % memory
      // against plain veryfast for ~1.8× the bytes — still ~0.5 MB per 10 s of talking head.
      // subme=1 (one sub-pixel refinement pass, not two): -21 % of x264's instructions for +8-10 % bytes
      // at the same or a higher SSIM, over a colour, a photo and a moving background alike.
      // me=dia (the smallest motion search, not hex): a talking head moves by a few pixels. x264 alone
      // -14 % CPU on a Quick Create's frames at the same SSIM and -1.6 % bytes; +0.8 % bytes on a panning
      // test pattern (docs/decisions/0033-x264-settings-for-avatar-videos.md).
      // Up to 720p one encoder thread: two slice threads cost ~10 % more CPU for the same frames, and
      // the drawing keeps the other core busy anyway. 1080p keeps both, or one thread would set the pace.
      const threads = width * height <= 1280 * 720 ? ['-threads', '1'] : []
      args.push(
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-tune',
        'zerolatency',
        '-x264-params',
        'subme=1:me=dia',
        ...threads,
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
    }
    if (options.poster) {
      args.push(
        '-map',
        '[vposter]',
        '-frames:v',
        '1',
        '-update',
        '1',
        ...(transparent ? ['-c:v', 'png'] : ['-q:v', '3']),
        '-f',
        'image2',
        posterPartial,
      )
    }

    t = performance.now()
    const piped = await pipeFrames(args, frameCount, frame, {
      signal,
      onProgress: (f) => input.onProgress?.(0.95 * f, 'rendering'),
    })
    mark('encode', t)
    const stats = frames.stats()
    timings.draw = Math.round(stats.drawMs)

    let poster: string | null = null
    if (options.poster) {
      await rename(posterPartial, posterFile)
      poster = posterFile
    }
    await rename(partial, input.outFile)
    input.onProgress?.(1, 'done')
    timings.total = Math.round(performance.now() - started)
    return {
      file: input.outFile,
      poster,
      duration: total,
      width,
      height,
      frames: frameCount,
      framesDrawn: stats.drawn,
      timings,
      ...piped,
    }
  } catch (error) {
    await rm(posterFile, { force: true })
    if (signal?.aborted) throw abortError()
    throw error
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** A still from `at` seconds (JPEG, or PNG with alpha for WebM). */
export async function makePoster(
  video: string,
  out: string,
  at: number,
  signal?: AbortSignal,
): Promise<void> {
  const png = out.endsWith('.png')
  await ffmpeg(
    [
      '-ss',
      at.toFixed(3),
      ...(png ? ['-c:v', 'libvpx-vp9'] : []),
      '-i',
      video,
      '-frames:v',
      '1',
      ...(png ? [] : ['-q:v', '3']),
      '-y',
      out,
    ],
    { signal },
  )
}
