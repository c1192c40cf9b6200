import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { DEFAULT_ENERGY } from '@mouthpiece/contracts/constants'
import { poseAt } from '@mouthpiece/avatar/animation'
import { drawAvatar, drawBadge } from '@mouthpiece/avatar/draw-avatar'
import { cn } from '../../../lib/cn'
import { usePhotoImage } from '../use-photo-image'

export interface AvatarCanvasProps {
  look: AvatarLook
  emotion?: Emotion
  /** CSS pixels (square). */
  size: number
  /** Idle motion (blinks, sway); off draws one still frame. */
  animate?: boolean
  /** Lip sync: mouth cues timed to `audio`'s playback. */
  cues?: readonly VisemeCue[]
  wordStarts?: readonly number[]
  audio?: RefObject<HTMLAudioElement | null>
  /** Draw the soft round badge behind the character. */
  badge?: boolean
  energy?: number
  className?: string
  label?: string
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches

/**
 * The avatar drawn live by packages/avatar on a <canvas> — the same code the render worker uses, so
 * what the page shows is what the video will look like. Animates only while on screen.
 */
export function AvatarCanvas({
  look,
  emotion = 'Neutral',
  size,
  animate = true,
  cues,
  wordStarts,
  audio,
  badge = false,
  energy = DEFAULT_ENERGY,
  className,
  label,
}: AvatarCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null)
  // A photo avatar draws its cartoon stand-in until the portrait has loaded, then redraws.
  const photoReady = usePhotoImage(look)

  useEffect(() => {
    const canvas = ref.current
    const ctx = canvas?.getContext('2d')
    if (!canvas || !ctx) return
    const dpr = Math.min(2, window.devicePixelRatio || 1)
    canvas.width = Math.round(size * dpr)
    canvas.height = Math.round(size * dpr)
    const box = { x: 0, y: 0, width: canvas.width, height: canvas.height }
    const started = performance.now()
    const draw = () => {
      const player = audio?.current
      const talking = Boolean(player && cues && !player.paused && !player.ended)
      const t = talking ? player!.currentTime : (performance.now() - started) / 1000
      const pose = poseAt(t, {
        cues: talking ? cues! : [],
        wordStarts: talking ? wordStarts : [],
        seed: look.seed,
        emotion,
        energy,
      })
      ctx.clearRect(0, 0, canvas.width, canvas.height)
      if (badge) drawBadge(ctx, look, box)
      drawAvatar(ctx, look, pose, box)
    }
    draw()
    if (!animate || reducedMotion()) {
      // Still pictures still follow speech.
      if (!audio) return
    }
    let frame = 0
    let visible = true
    const loop = () => {
      if (visible) draw()
      frame = requestAnimationFrame(loop)
    }
    frame = requestAnimationFrame(loop)
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(([e]) => (visible = Boolean(e?.isIntersecting)))
    observer?.observe(canvas)
    return () => {
      cancelAnimationFrame(frame)
      observer?.disconnect()
    }
  }, [look, emotion, size, animate, cues, wordStarts, audio, badge, energy, photoReady])

  return (
    <canvas
      ref={ref}
      role="img"
      aria-label={label ?? 'Avatar preview'}
      className={cn('block', className)}
      style={{ width: size, height: size }}
    />
  )
}
