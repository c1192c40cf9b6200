/** Short clips from a rendered video: trim, and optionally reframe to 9:16 for vertical platforms. */
import { rename, rm } from 'node:fs/promises'
import { ClipOptions } from '@mouthpiece/contracts/media/render.schemas'
import type { ClipOptions as ClipOptionsType } from '@mouthpiece/contracts/media/render.schemas'
import { ffmpeg, ffprobe } from '../audio/ffmpeg'
import { MediaInputError } from '../speech/speech.types'

export async function makeClip(
  input: string,
  outFile: string,
  clip: ClipOptionsType,
  signal?: AbortSignal,
): Promise<{ file: string; duration: number }> {
  const { start, end, vertical } = ClipOptions.parse(clip)
  const probe = await ffprobe(input, signal)
  const total = Number(probe.format.duration ?? 0)
  if (!(end > start)) throw new MediaInputError('The clip must end after it starts', 'invalid_clip')
  if (start >= total) throw new MediaInputError('The clip starts after the end of the video', 'invalid_clip')
  const stop = Math.min(end, total)
  const video = probe.streams.find((s) => s.codec_type === 'video')
  const height = video?.height ?? 720
  // Centre crop to 9:16 of the full height, then scale to 720×1280 (1080×1920 from 1080p sources).
  const [vw, vh] = height >= 1080 ? [1080, 1920] : [720, 1280]
  const vf = vertical ? ['-vf', `crop=trunc(ih*9/16/2)*2:ih,scale=${vw}:${vh},setsar=1`] : []
  const partial = `${outFile}.partial.mp4`
  try {
    await ffmpeg(
      [
        '-ss',
        start.toFixed(3),
        '-i',
        input,
        '-t',
        (stop - start).toFixed(3),
        ...vf,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-movflags',
        '+faststart',
        '-y',
        '-f',
        'mp4',
        partial,
      ],
      { signal },
    )
    await rename(partial, outFile)
    return { file: outFile, duration: stop - start }
  } finally {
    await rm(partial, { force: true })
  }
}
