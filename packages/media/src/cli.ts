/**
 * npm run media -- render --text "…" [--voice ID] [--avatar ID] [--emotion E] [--intensity N]
 *                        [--format mp4|webm] [--resolution 720p|1080p] [--portrait]
 *                        [--frame landscape|portrait|square|portrait_4_5] [--out FILE] [--json]
 * npm run media -- voices [--json]
 * npm run media -- avatars
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { VideoFormat, VideoFrame, VideoResolution } from '@mouthpiece/contracts/media/render.schemas'
import { INFLUENCERS } from '@mouthpiece/avatar/presets'
import { createAvatarVideo } from './render/avatar-video'
import { frameLayout } from './render/video-geometry'
import { speechService } from './speech/speech.service'
import { MediaInputError } from './speech/speech.types'

const USAGE = `Usage:
  npm run media -- render --text "Hello chat!" [--voice ID] [--avatar ID] [--emotion Neutral|Happy|Sad|Angry|Surprised]
                          [--intensity 0..1] [--format mp4|webm] [--resolution 720p|1080p] [--portrait] [--no-captions]
                          [--frame landscape|portrait|square|portrait_4_5] [--out FILE] [--json]
  npm run media -- voices [--json]
  npm run media -- avatars`

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  const { values } = parseArgs({
    args: rest,
    options: {
      text: { type: 'string' },
      voice: { type: 'string' },
      avatar: { type: 'string' },
      emotion: { type: 'string' },
      intensity: { type: 'string' },
      format: { type: 'string' },
      resolution: { type: 'string' },
      portrait: { type: 'boolean' },
      frame: { type: 'string' },
      'no-captions': { type: 'boolean' },
      out: { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: false,
  })
  const speech = speechService()
  try {
    if (command === 'voices') {
      const voices = await speech.listVoices()
      if (values.json) console.log(JSON.stringify(voices, null, 2))
      else for (const v of voices) console.log(`${v.id.padEnd(40)} ${v.gender.padEnd(8)} ${v.label}`)
      return 0
    }
    if (command === 'avatars') {
      for (const i of INFLUENCERS)
        console.log(
          `${i.id.padEnd(10)} ${i.name.padEnd(8)} ${i.emotion.padEnd(10)} ${i.voiceId.padEnd(34)} ${i.description}`,
        )
      return 0
    }
    if (command !== 'render' || !values.text) {
      console.error(USAGE)
      return 2
    }
    const format = VideoFormat.parse(values.format ?? 'mp4')
    // --frame picks any frame and its default layout; --portrait alone keeps the centred avatar it always had.
    const frame = VideoFrame.parse(values.frame ?? (values.portrait ? 'portrait' : 'landscape'))
    const out = path.resolve(values.out ?? `avatar-${Date.now()}.${format}`)
    const started = performance.now()
    const controller = new AbortController()
    process.once('SIGINT', () => controller.abort())
    let lastShown = -1
    const result = await createAvatarVideo({
      text: values.text,
      voiceId: values.voice,
      influencerId: values.avatar,
      emotion: values.emotion ? Emotion.parse(values.emotion) : undefined,
      intensity: values.intensity ? Number(values.intensity) : undefined,
      render: {
        format,
        video_resolution: VideoResolution.parse(values.resolution ?? '720p'),
        video_orientation: frame,
        ...(values.frame ? { avatarBox: frameLayout(frame).avatarBox } : {}),
        ...(values['no-captions'] ? { captions: null } : {}),
      },
      outFile: out,
      signal: controller.signal,
      onProgress: (p) => {
        const pct = Math.floor(p * 10) * 10
        if (!values.json && pct !== lastShown) {
          lastShown = pct
          process.stderr.write(`\r${pct}%`)
        }
      },
    })
    const wall = (performance.now() - started) / 1000
    if (values.json) {
      console.log(
        JSON.stringify(
          {
            output: result.file,
            poster: result.poster,
            srt: result.srt,
            vtt: result.vtt,
            audioDuration: Number(result.audioDuration.toFixed(3)),
            videoDuration: Number(result.duration.toFixed(3)),
            wallSeconds: Number(wall.toFixed(3)),
            secondsPerVideoSecond: Number((wall / result.duration).toFixed(3)),
            width: result.width,
            height: result.height,
            frames: result.frames,
            framesDrawn: result.framesDrawn,
            stages: result.stages,
            ffmpegPeakMb: result.ffmpegPeakMb,
          },
          null,
          2,
        ),
      )
    } else {
      process.stderr.write('\r')
      console.log(`${result.file} (${result.duration.toFixed(1)} s video, rendered in ${wall.toFixed(2)} s)`)
    }
    return 0
  } catch (error) {
    if (error instanceof MediaInputError || (error instanceof Error && error.name === 'ZodError')) {
      console.error(error instanceof MediaInputError ? error.message : String(error))
      return 2
    }
    throw error
  } finally {
    await speech.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
