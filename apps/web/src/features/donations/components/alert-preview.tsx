import { useEffect, useMemo, useRef, useState } from 'react'
import type { OverlayAlert } from '@mouthpiece/contracts/donations/donations.schemas'
import { Button } from '../../../components/ui/button'
import { Modal } from '../../../components/ui/modal'
import { LoadingBlock } from '../../../components/ui/spinner'
import { AlertCard, animationFor, castFor, SpeakingAvatar } from '../../overlay'

/**
 * An alert played in the page exactly as the overlay plays it — the same card, the same avatar
 * drawing driven by the audio clock and the viseme timeline — but nothing reaches the stream.
 */
export function AlertPreview({ alert }: { alert: OverlayAlert }) {
  const audioRef = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const cast = useMemo(() => castFor(alert.avatar_setup, alert.emotion), [alert.avatar_setup, alert.emotion])
  const animation = useMemo(() => animationFor(alert, cast), [alert, cast])
  const clock = useMemo(() => () => audioRef.current?.currentTime ?? 0, [])

  const play = () => {
    const el = audioRef.current
    if (!el || !alert.audio) return
    setError(null)
    el.currentTime = 0
    el.volume = Math.min(1, Math.max(0, alert.volume))
    el.play().catch((e: unknown) => setError(e instanceof Error ? e.message : 'The preview could not play'))
  }
  useEffect(play, [alert]) // plays once per alert shown

  return (
    <div className="flex flex-col items-center gap-4">
      <div className="w-full rounded-xl bg-[repeating-conic-gradient(#1a1d27_0%_25%,#141720_0%_50%)] bg-[length:24px_24px] p-4">
        <AlertCard
          variant="inline"
          alert={alert}
          avatar={
            <SpeakingAvatar
              look={cast.look}
              animation={animation}
              clock={clock}
              playing={playing}
              size={150}
              label="Avatar speaking the alert"
              testId="preview-avatar"
            />
          }
        />
      </div>
      {alert.audio ? (
        <audio
          ref={audioRef}
          src={alert.audio.url}
          data-testid="preview-audio"
          onPlaying={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onError={() => setError('The preview audio could not be loaded')}
        />
      ) : (
        <p className="text-sm text-muted">This alert has no voice: speech could not be made for it.</p>
      )}
      {alert.spoken_text ? (
        <p className="text-center text-xs text-muted">Spoken: “{alert.spoken_text}”</p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {alert.audio ? (
        <Button variant="tertiary" size="sm" onClick={play}>
          Play again
        </Button>
      ) : null}
    </div>
  )
}

export function AlertPreviewModal({
  open,
  onClose,
  alert,
  loading,
  error,
  title = 'Alert preview',
}: {
  open: boolean
  onClose: () => void
  alert: OverlayAlert | null | undefined
  loading?: boolean
  error?: string
  title?: string
}) {
  return (
    <Modal open={open} onClose={onClose} title={title} size="lg">
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : loading || !alert ? (
        <LoadingBlock label="Making the preview…" />
      ) : (
        <AlertPreview alert={alert} />
      )}
      <p className="mt-4 text-center text-xs text-muted">Previews play only here, never on your stream.</p>
    </Modal>
  )
}
