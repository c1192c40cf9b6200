import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'

/** Seconds of countdown before the shot (time to smile). */
export const COUNTDOWN_S = 3
/** The longer side of the photo sent: enough for the face, small enough for the kiosk's offline queue. */
const PHOTO_MAX_SIDE = 720

type Stage = 'off' | 'starting' | 'live' | 'counting' | 'taken'

/** A frame of the live camera as a JPEG data URL, mirrored as the attendee saw it, at most 720 px. */
function grab(video: HTMLVideoElement): string {
  const w = video.videoWidth || 640
  const h = video.videoHeight || 480
  const k = Math.min(1, PHOTO_MAX_SIDE / Math.max(w, h))
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(w * k)
  canvas.height = Math.round(h * k)
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('no canvas')
  ctx.translate(canvas.width, 0)
  ctx.scale(-1, 1)
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height)
  return canvas.toDataURL('image/jpeg', 0.85)
}

/**
 * The kiosk's photo booth: the attendee opens the camera, a countdown takes the shot, they keep it
 * or retake it, or remove it and go on without one. The camera stops as soon as it is not needed.
 * `photo` is the kept shot (a data URL) or undefined.
 */
export function PhotoCapture({
  photo,
  onPhoto,
}: {
  photo: string | undefined
  onPhoto: (photo: string | undefined) => void
}) {
  const video = useRef<HTMLVideoElement>(null)
  const stream = useRef<MediaStream | null>(null)
  const [stage, setStage] = useState<Stage>(photo ? 'taken' : 'off')
  const [count, setCount] = useState(COUNTDOWN_S)
  const [problem, setProblem] = useState<string>()

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop()
    stream.current = null
  }, [])
  useEffect(() => stop, [stop])

  const open = async () => {
    setProblem(undefined)
    setStage('starting')
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      })
      stream.current = media
      setStage('live')
    } catch {
      setStage('off')
      setProblem('The camera is not available. You can still get your video without a photo.')
    }
  }
  // The video element exists once the stage is live: give it the stream then.
  useEffect(() => {
    if ((stage === 'live' || stage === 'counting') && video.current && stream.current) {
      if (video.current.srcObject !== stream.current) {
        video.current.srcObject = stream.current
        void video.current.play?.()?.catch(() => undefined)
      }
    }
  }, [stage])

  useEffect(() => {
    if (stage !== 'counting') return
    if (count === 0) {
      try {
        onPhoto(grab(video.current!))
        setStage('taken')
      } catch {
        setStage('live')
        setProblem('The photo could not be taken. Please try again.')
      }
      stop()
      return
    }
    const timer = window.setTimeout(() => setCount((c) => c - 1), 1000)
    return () => window.clearTimeout(timer)
  }, [stage, count, onPhoto, stop])

  return (
    <section aria-labelledby="booth-photo-title" className="flex flex-col gap-3" data-testid="booth-photo">
      <h2 id="booth-photo-title" className="text-base font-semibold text-text">
        Your photo (optional)
      </h2>
      <p className="text-sm text-muted">
        Take a photo and it becomes the face that greets you in your video.
      </p>
      {stage === 'taken' && photo ? (
        <div className="flex flex-col items-center gap-3">
          <img
            src={photo}
            alt="Your photo"
            className="max-h-64 rounded-xl border border-border object-contain"
          />
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                onPhoto(undefined)
                setCount(COUNTDOWN_S)
                void open()
              }}
            >
              Retake
            </Button>
            <Button
              variant="tertiary"
              onClick={() => {
                onPhoto(undefined)
                setStage('off')
              }}
            >
              Remove photo
            </Button>
          </div>
        </div>
      ) : stage === 'live' || stage === 'counting' ? (
        <div className="flex flex-col items-center gap-3">
          <div className="relative w-full max-w-sm overflow-hidden rounded-xl bg-black">
            <video
              ref={video}
              muted
              playsInline
              autoPlay
              aria-label="Camera preview"
              className="aspect-[4/3] w-full -scale-x-100 object-cover"
              data-testid="booth-camera"
            />
            {stage === 'counting' ? (
              <span
                className="absolute inset-0 flex items-center justify-center text-7xl font-bold text-white drop-shadow-[0_2px_6px_rgba(0,0,0,0.8)]"
                aria-hidden="true"
              >
                {count}
              </span>
            ) : null}
          </div>
          <p role="status" aria-live="assertive" className="text-sm text-text" data-testid="booth-countdown">
            {stage === 'counting' ? `Smile! Photo in ${count}…` : ''}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              disabled={stage === 'counting'}
              onClick={() => {
                setCount(COUNTDOWN_S)
                setStage('counting')
              }}
            >
              Take photo
            </Button>
            <Button
              variant="tertiary"
              onClick={() => {
                stop()
                setStage('off')
              }}
            >
              Skip the photo
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" loading={stage === 'starting'} onClick={() => void open()}>
          Take my photo
        </Button>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-[#ff9b8f]">
          {problem}
        </p>
      ) : null}
    </section>
  )
}
