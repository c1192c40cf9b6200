import type { VideoFrame } from '@mouthpiece/contracts/media/render.schemas'
import type { RenderFiles } from '@mouthpiece/contracts/renders/renders.schemas'
import { cn } from '../../../lib/cn'
import { fileUrl } from '../api'

/** The player's box per frame; the upright ones are capped in height. */
const FRAME_CLASS: Record<VideoFrame, string> = {
  landscape: 'aspect-video',
  portrait: 'aspect-[9/16] max-h-[70vh]',
  square: 'aspect-square max-h-[70vh]',
  portrait_4_5: 'aspect-[4/5] max-h-[70vh]',
}

/**
 * A finished render: the MP4 (captions burned in) with the WebVTT track too, so players and screen
 * readers that want text get it; or an audio player for short audio.
 */
export function RenderPlayer({
  files,
  title,
  autoPlay,
  className,
  portrait,
  frame,
}: {
  files: RenderFiles
  title: string
  autoPlay?: boolean
  className?: string
  /** Shorthand for frame="portrait". */
  portrait?: boolean
  frame?: VideoFrame
}) {
  if (!files.video_url) {
    return files.audio_url ? (
      <audio
        controls
        src={fileUrl(files.audio_url)}
        className={cn('w-full', className)}
        aria-label={title}
        autoPlay={autoPlay}
      >
        {files.vtt_url ? (
          <track kind="captions" src={fileUrl(files.vtt_url)} srcLang="en" label="Captions" />
        ) : null}
      </audio>
    ) : null
  }
  return (
    <video
      key={files.video_url}
      controls
      playsInline
      autoPlay={autoPlay}
      preload="metadata"
      poster={fileUrl(files.poster_url)}
      src={fileUrl(files.video_url)}
      aria-label={title}
      className={cn(
        'w-full rounded-xl bg-black',
        FRAME_CLASS[frame ?? (portrait ? 'portrait' : 'landscape')],
        className,
      )}
      data-testid="render-video"
    >
      {files.vtt_url ? (
        <track kind="captions" src={fileUrl(files.vtt_url)} srcLang="en" label="Captions" />
      ) : null}
    </video>
  )
}
