/**
 * Runs in Chromium (bundled by avatars.bench.ts): the overlay's avatar drawing — packages/avatar's
 * drawAvatar on a 280 px canvas, as SpeakingAvatar does — for a photo avatar speaking, one draw per
 * animation frame (60 a second), timed with performance.now around the draw only.
 */
import { poseAt } from '@mouthpiece/avatar/animation'
import type { AnimationInput } from '@mouthpiece/avatar/animation'
import { drawAvatar } from '@mouthpiece/avatar/draw-avatar'
import { setPhotoImage } from '@mouthpiece/avatar/photo-images'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'

interface Input {
  look: AvatarLook
  animation: AnimationInput
  photo: string
  seconds: number
  size: number
}

async function measure(input: Input): Promise<{ drawMs: number[]; frameGaps: number[] }> {
  const img = new Image()
  img.src = input.photo
  await img.decode()
  setPhotoImage(input.look.photo!.src, img)
  const canvas = document.createElement('canvas')
  const dpr = Math.min(2, window.devicePixelRatio || 1)
  canvas.width = canvas.height = Math.round(input.size * dpr)
  canvas.style.width = canvas.style.height = `${input.size}px`
  document.body.append(canvas)
  const ctx = canvas.getContext('2d')!
  const drawMs: number[] = []
  const stamps: number[] = []
  return new Promise((resolve) => {
    const start = performance.now()
    const tick = (now: number) => {
      stamps.push(now)
      const t0 = performance.now()
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
      ctx.clearRect(0, 0, input.size, input.size)
      drawAvatar(ctx, input.look, poseAt((now - start) / 1000, input.animation), {
        x: 0,
        y: 0,
        width: input.size,
        height: input.size,
      })
      drawMs.push(performance.now() - t0)
      if (now - start < input.seconds * 1000) requestAnimationFrame(tick)
      else resolve({ drawMs, frameGaps: stamps.slice(1).map((s, i) => s - stamps[i]!) })
    }
    requestAnimationFrame(tick)
  })
}

;(window as unknown as { measureOverlayDraw: typeof measure }).measureOverlayDraw = measure
