import { useQuery } from '@tanstack/react-query'
import type { ShortVideo } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { Spinner } from '../../../components/ui/spinner'
import { shortVideoQuery } from '../api'
import { QrCode } from './qr-code'

export const retrievalUrl = (eventId: number, code: string) =>
  `${window.location.origin}/twitchcon/${eventId}?code=${code}`

/** An attendee's clip: a player while it renders, then the video (with the name captions of the contingency), its QR code and code. */
export function ClipView({
  code,
  initial,
  showQr = true,
}: {
  code: string
  initial?: ShortVideo
  showQr?: boolean
}) {
  const video = useQuery({ ...shortVideoQuery(code), initialData: initial })
  const v = video.data
  if (video.isError && !v)
    return (
      <p className="text-center text-lg text-[#ff9b8f]" role="alert">
        {video.error.message}
      </p>
    )
  if (!v) return <Spinner />
  return (
    <div className="flex w-full flex-col items-center gap-6 md:flex-row md:items-start md:justify-center">
      <div className="w-full max-w-[360px]">
        {v.video_url ? (
          <video
            key={v.video_url}
            src={v.video_url}
            poster={v.poster_url ?? undefined}
            controls
            autoPlay
            playsInline
            crossOrigin="anonymous"
            className="aspect-[9/16] w-full rounded-2xl bg-black"
            data-testid="booth-video"
            data-variant={v.variant}
          >
            {v.variant === 'generic' && v.captions_url ? (
              <track kind="captions" src={v.captions_url} srcLang="en" label="Greeting" default />
            ) : null}
          </video>
        ) : (
          <div
            className="flex aspect-[9/16] w-full flex-col items-center justify-center gap-4 rounded-2xl bg-[#151922] text-center"
            data-testid="booth-rendering"
          >
            <Spinner />
            <p className="px-6 text-lg text-[#d4d8e3]">Making your video, {v.name}…</p>
          </div>
        )}
        <p className="mt-3 text-center text-lg text-white">“{v.greeting}”</p>
        {/* The short audio: the greeting spoken, there while the video renders and with either variant. */}
        <audio
          src={v.audio_url}
          controls
          preload="none"
          aria-label={`${v.name}'s greeting, spoken`}
          className="mt-2 w-full"
          data-testid="booth-audio"
        />
        {!showQr && v.video_url ? (
          <p className="mt-2 text-center">
            <a
              href={`${v.video_url}${v.video_url.includes('?') ? '&' : '?'}download=1`}
              download
              className="text-accent hover:underline"
            >
              Download the video
            </a>
            {' · '}
            <a href={v.audio_url} download={`greeting-${v.code}.wav`} className="text-accent hover:underline">
              Download the greeting audio
            </a>
          </p>
        ) : null}
      </div>
      {showQr ? (
        <div className="flex flex-col items-center gap-3 text-center">
          <QrCode text={retrievalUrl(v.event_id, v.code)} label={`QR code to your video, code ${v.code}`} />
          <p className="text-sm text-muted">Scan to keep your video, or enter this code:</p>
          <p className="font-mono text-4xl font-bold tracking-[0.3em] text-accent" data-testid="booth-code">
            {v.code}
          </p>
          <p className="text-sm text-muted">
            {v.delivery === 'mailed'
              ? 'We also emailed you the link.'
              : v.delivery === 'mail_failed'
                ? 'The email could not be sent: use the code.'
                : 'We will email you the link too.'}
          </p>
        </div>
      ) : null}
    </div>
  )
}
