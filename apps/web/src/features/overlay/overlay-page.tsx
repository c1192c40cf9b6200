import { useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { AlertCard } from './alert-card'
import { createElementAudio } from './alert-audio'
import { withTipVideos } from './alert-video'
import { AlertPlayer } from './alert-player'
import type { PlayerView } from './alert-player'
import { animationFor, castFor } from './avatar-timeline'
import { ackAlert, openOverlayStream, startHealthReports } from './overlay-stream'
import type { LinkState } from './overlay-stream'
import { SpeakingAvatar } from './speaking-avatar'
import { photoPictures } from '@mouthpiece/avatar/photo-images'
import { loadPhotoImage } from '../avatars'
import './overlay.css'

type Sound = 'checking' | 'unlocked' | 'blocked'

/** While the overlay is open the document itself is transparent (OBS composites the page as is). */
function useTransparentDocument() {
  useEffect(() => {
    const targets = [document.documentElement, document.body, document.getElementById('root')].filter(
      (el): el is HTMLElement => !!el,
    )
    const before = targets.map((el) => el.style.background)
    for (const el of targets) el.style.background = 'transparent'
    return () => targets.forEach((el, i) => (el.style.background = before[i] ?? ''))
  }, [])
}

/** Avatar size from the browser source's size: big enough to read, never covering the card. */
function useAvatarSize() {
  const pick = () =>
    Math.round(Math.max(120, Math.min(280, Math.min(window.innerWidth, window.innerHeight) * 0.34)))
  const [size, setSize] = useState(pick)
  useEffect(() => {
    const onResize = () => setSize(pick())
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return size
}

function ShowingAlert({ view, size }: { view: Extract<PlayerView, { phase: 'showing' }>; size: number }) {
  const { alert, clip, stage, startedAt } = view
  const cast = useMemo(() => castFor(alert.avatar_setup, alert.emotion), [alert.avatar_setup, alert.emotion])
  const animation = useMemo(() => animationFor(alert, cast), [alert, cast])
  // Without voice the face still lives (blinks, sways) on the wall clock; the mouth stays closed.
  const clock = useMemo(
    () => (clip ? () => clip.speechTime() : () => (Date.now() - startedAt) / 1000),
    [clip, startedAt],
  )
  return (
    <AlertCard
      alert={alert}
      leaving={stage === 'leaving'}
      progressSeconds={alert.audio?.duration ?? null}
      avatarSize={size}
      avatar={
        <SpeakingAvatar
          look={cast.look}
          animation={animation}
          clock={clock}
          playing={stage === 'speaking'}
          size={size}
          label={`${alert.who}'s alert avatar`}
          testId="alert-avatar"
        />
      }
    />
  )
}

/**
 * /tts/announcement?key=… — the OBS browser source. Transparent, no chrome. It holds one
 * EventSource to the server and one <audio> element; between alerts it renders nothing and runs
 * no animation loop, so it can stay open all stream long.
 */
export function OverlayPage() {
  const [params] = useSearchParams()
  const key = params.get('key')?.trim() ?? ''
  const [view, setView] = useState<PlayerView>({ phase: 'idle' })
  const [sound, setSound] = useState<Sound>('checking')
  const [link, setLink] = useState<LinkState>('connecting')
  const audioRef = useRef<HTMLAudioElement>(null)
  const videoRef = useRef<HTMLVideoElement>(null)
  const playerRef = useRef<AlertPlayer | null>(null)
  const size = useAvatarSize()
  useTransparentDocument()

  useEffect(() => {
    const el = audioRef.current
    const videoEl = videoRef.current
    if (!key || !el || !videoEl) return
    const health = startHealthReports(key, { audio_unlocked: false, visible: !document.hidden })
    const player = new AlertPlayer({
      audio: withTipVideos(createElementAudio(el), videoEl),
      ack: (id, state, error, alert) => void ackAlert(key, id, state, error, undefined, !!alert?.video),
      onView: setView,
      onSound: (unlocked) => {
        // Said in the console too: someone testing the link in a browser tab looks there first.
        if (!unlocked)
          console.info('[overlay] The browser blocked autoplay: click the page once to enable sound.')
        setSound(unlocked ? 'unlocked' : 'blocked')
        health.update({ audio_unlocked: unlocked })
      },
    })
    playerRef.current = player
    void player.start()
    const close = openOverlayStream(key, {
      onAlert: (alert, eventKey) => {
        // A photo avatar's portrait starts loading now, so it is drawn (not its cartoon) when the voice starts.
        const photo = alert.avatar_setup?.donation_avatar.look?.photo
        for (const { src } of photo ? photoPictures(photo) : []) loadPhotoImage(src).catch(() => undefined)
        player.enqueue(alert, eventKey)
      },
      onStopVideo: (tipId) => player.stopVideo(tipId),
      onState: setLink,
      checkKey: () => health.check(),
    })
    // Any click on the page counts as the gesture that allows sound.
    const unlock = () => player.unlock()
    document.addEventListener('pointerdown', unlock)
    document.addEventListener('keydown', unlock)
    return () => {
      document.removeEventListener('pointerdown', unlock)
      document.removeEventListener('keydown', unlock)
      close()
      player.dispose()
      health.stop()
      playerRef.current = null
    }
  }, [key])

  return (
    <div
      className="mp-overlay pointer-events-none fixed inset-0 overflow-hidden font-sans select-none"
      data-testid="overlay"
      data-link={link}
      data-sound={sound}
      data-phase={view.phase}
    >
      <audio ref={audioRef} data-testid="alert-audio" preload="auto" className="hidden" />
      <div
        className={
          view.phase === 'showing' && view.alert.video
            ? 'absolute inset-x-0 top-0 flex justify-center pt-[3vmin]'
            : 'hidden'
        }
      >
        <video
          ref={videoRef}
          data-testid="alert-video"
          playsInline
          aria-label={
            view.phase === 'showing' && view.alert.video ? `${view.alert.who}'s tip video` : undefined
          }
          className={
            view.phase === 'showing' && view.stage === 'leaving'
              ? 'mp-alert-leave max-h-[88vh] max-w-[94vw] rounded-2xl shadow-2xl'
              : 'mp-alert-enter max-h-[88vh] max-w-[94vw] rounded-2xl shadow-2xl'
          }
        />
      </div>
      {!key ? (
        <Notice>This overlay link has no key. Copy the overlay URL again from Alert Card Settings.</Notice>
      ) : link === 'invalid-key' ? (
        <Notice>This overlay link is not valid any more. Copy it again from Alert Card Settings.</Notice>
      ) : null}
      {sound === 'blocked' ? (
        <div className="pointer-events-auto absolute inset-x-0 bottom-[6vmin] flex justify-center">
          <button
            type="button"
            onClick={() => playerRef.current?.unlock()}
            className="flex items-center gap-3 rounded-full border-2 border-[#FF6A59] bg-[#0d0f15]/90 px-6 py-3 text-lg font-bold text-white shadow-lg hover:bg-[#1a1d27] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#FF6A59]"
          >
            <SpeakerIcon />
            Click to enable sound
          </button>
        </div>
      ) : null}
      {/* A tip video carries its own card and avatar: the <video> above shows it instead. */}
      {view.phase === 'showing' && !view.alert.video ? (
        <div className="absolute inset-x-0 top-0 flex justify-center px-[3vmin] pt-[3vmin]">
          <ShowingAlert key={`${view.alert.id}-${view.startedAt}`} view={view} size={size} />
        </div>
      ) : null}
    </div>
  )
}

function Notice({ children }: { children: string }) {
  return (
    <p
      role="status"
      className="absolute top-3 left-3 max-w-md rounded-lg bg-[#0d0f15]/90 px-3 py-2 text-sm font-medium text-white"
    >
      {children}
    </p>
  )
}

function SpeakerIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="#FF6A59"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M11 5 6 9H2v6h4l5 4V5z" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
    </svg>
  )
}
