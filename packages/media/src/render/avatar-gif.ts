/**
 * An avatar as an animated GIF: the same frames the render worker draws (createFrameSource, i.e.
 * packages/avatar on @napi-rs/canvas), piped to ffmpeg, which builds one palette for the whole clip
 * (palettegen) and maps every frame to it (paletteuse) — far better colour than a fixed palette.
 * Transparent corners stay transparent (reserve_transparent, alpha threshold).
 */
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import type { VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'
import { createFrameSource } from './avatar-frames'
import { pipeFrames } from './frame-pipe'

export interface AvatarGifInput {
  look: AvatarLook
  avatarImage?: Uint8Array
  emotion: Emotion
  cues: readonly VisemeCue[]
  wordStarts: readonly number[]
  size: number
  fps: number
  seconds: number
  outFile: string
  signal?: AbortSignal
}

export async function renderAvatarGif(input: AvatarGifInput): Promise<{ frames: number }> {
  const { size, fps } = input
  const source = createFrameSource({
    look: input.look,
    avatarImage: input.avatarImage,
    cues: input.cues,
    wordStarts: input.wordStarts,
    emotion: input.emotion,
    energy: 1.5,
    fps,
    geometry: { width: size, height: size, box: { x: 0, y: 0, width: size, height: size, angle: 0 } },
  })
  const frames = source.frameCount(input.seconds)
  await pipeFrames(
    [
      '-v',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-s',
      `${size}x${size}`,
      '-r',
      String(fps),
      '-i',
      'pipe:0',
      '-filter_complex',
      '[0:v]split[a][b];[a]palettegen=reserve_transparent=1:stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=4:alpha_threshold=128',
      '-loop',
      '0',
      '-f',
      'gif',
      '-y',
      input.outFile,
    ],
    frames,
    (i) => source.frame(i),
    { signal: input.signal },
  )
  return { frames }
}
