import { useEffect, useRef } from 'react'
import type { AnimationInput } from '@mouthpiece/avatar/animation'
import { poseKey } from '@mouthpiece/avatar/animation'
import { drawAvatar, drawBadge } from '@mouthpiece/avatar/draw-avatar'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import { usePhotoImage } from '../avatars'
import { poseForSpeech } from './avatar-timeline'

const FRAME_MS = 1000 / 30

export interface SpeakingAvatarProps {
  look: AvatarLook
  animation: AnimationInput
  /** Speech time in seconds (the audio element's clock, pre-roll removed). */
  clock: () => number
  /** Animate every frame; false draws one still frame at the clock's time and stops. */
  playing: boolean
  /** CSS pixels, square. */
  size: number
  /** A round backdrop in the look's accent colour (previews; the overlay goes without). */
  badge?: boolean
  className?: string
  label?: string
  testId?: string
}

/**
 * The creator's avatar, drawn live with packages/avatar — the code the render worker uses — from
 * the viseme timeline and the audio clock. A frame is drawn only when the pose changes visibly
 * (poseKey), and the animation loop runs only while the voice plays, so an idle overlay costs
 * nothing.
 */
export function SpeakingAvatar({
  look,
  animation,
  clock,
  playing,
  size,
  badge,
  className,
  label,
  testId,
}: SpeakingAvatarProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const clockRef = useRef(clock)
  clockRef.current = clock
  // A photo avatar draws its cartoon stand-in until the portrait has loaded, then redraws as the photo.
  const photoReady = usePhotoImage(look)
  const kind = look.photo ? (photoReady ? 'photo' : 'loading') : 'cartoon'

  useEffect(() => {
    const canvas = canvasRef.current
    const ctx = canvas?.getContext('2d')
    if (!canvas || !ctx) return
    const dpr = Math.min(2, window.devicePixelRatio || 1)
    const px = Math.round(size * dpr)
    if (canvas.width !== px) canvas.width = px
    if (canvas.height !== px) canvas.height = px
    let lastKey = ''
    const draw = () => {
      const pose = poseForSpeech(clockRef.current(), animation)
      const key = poseKey(pose, (size * dpr) / 256)
      if (key === lastKey) return
      lastKey = key
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
      ctx.clearRect(0, 0, size, size)
      const box = { x: 0, y: 0, width: size, height: size }
      if (badge) drawBadge(ctx, look, box)
      drawAvatar(ctx, look, pose, box)
    }
    draw()
    if (!playing) return
    // 30 frames a second, as rendered videos are: half the drawing of a 60 Hz display, same motion.
    let last = 0
    let frame = requestAnimationFrame(function loop(now) {
      if (now - last >= FRAME_MS - 2) {
        last = now
        draw()
      }
      frame = requestAnimationFrame(loop)
    })
    return () => cancelAnimationFrame(frame)
  }, [look, animation, playing, size, badge, photoReady])

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label ?? 'Avatar'}
      data-testid={testId}
      data-kind={kind}
      className={className}
      style={{ width: size, height: size }}
    />
  )
}
