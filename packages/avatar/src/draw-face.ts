/** Face painters: ears, eyes with blinks and gaze, brows, nose, cheeks and the viseme-driven mouth. */
import type { Frame } from './draw-kit'
import { ellipsePath, outlineOf } from './draw-kit'
import { darken, mix } from './random'

const INK = '#2a1d1f'

export function drawEars(f: Frame): void {
  const { ctx, hx, hy, rw, look } = f
  for (const side of [-1, 1]) {
    ellipsePath(ctx, hx + side * (rw - 2), hy + 8, 9, 13)
    ctx.fillStyle = look.skin
    ctx.fill()
    ctx.strokeStyle = outlineOf(f, look.skin)
    ctx.lineWidth = f.lw
    ctx.stroke()
    ellipsePath(ctx, hx + side * (rw - 1), hy + 9, 4, 7)
    ctx.fillStyle = darken(look.skin, 0.18)
    ctx.fill()
    if (look.extras.includes('earrings')) {
      ctx.beginPath()
      ctx.arc(hx + side * (rw - 1), hy + 24, 3.6, 0, Math.PI * 2)
      ctx.strokeStyle = '#F5C542'
      ctx.lineWidth = 2
      ctx.stroke()
    }
  }
}

export function drawEyes(f: Frame): void {
  const { ctx, hx, hy, pose, look } = f
  const anime = look.eyeStyle === 'anime'
  const rx = anime ? 12.5 : 10.5
  const ry = (anime ? 15 : 12) * pose.eyeOpen
  const open = Math.max(0, Math.min(1.3, pose.eyeOpen) * (1 - pose.blink))
  const lidCover = look.eyeStyle === 'sleepy' ? 0.38 : 0
  for (const side of [-1, 1]) {
    const ex = hx + side * 23
    const ey = hy + 4
    if (open < 0.16 || pose.blink > 0.8) {
      // Closed: a lash line, curved up when smiling (happy squint) and down otherwise.
      ctx.beginPath()
      ctx.moveTo(ex - rx, ey)
      ctx.quadraticCurveTo(ex, ey + (pose.smile > 0.6 ? -7 : 5), ex + rx, ey)
      ctx.strokeStyle = INK
      ctx.lineWidth = 3
      ctx.lineCap = 'round'
      ctx.stroke()
      continue
    }
    const h = ry * Math.min(1, open)
    ctx.save()
    ellipsePath(ctx, ex, ey, rx, h)
    ctx.clip()
    ctx.fillStyle = '#FFFFFF'
    ctx.fillRect(ex - rx, ey - ry, rx * 2, ry * 2)
    const ix = ex + pose.gazeX * 3.2
    const iy = ey + pose.gazeY * 2.6 + 1
    const ir = anime ? 9 : 7.4
    ellipsePath(ctx, ix, iy, ir, ir * (anime ? 1.15 : 1))
    ctx.fillStyle = look.eyeColor
    ctx.fill()
    ellipsePath(ctx, ix, iy + ir * 0.35, ir * 0.75, ir * 0.55)
    ctx.fillStyle = mix(look.eyeColor, '#ffffff', 0.25)
    ctx.globalAlpha = 0.5
    ctx.fill()
    ctx.globalAlpha = 1
    ellipsePath(ctx, ix, iy, ir * 0.48, ir * 0.5)
    ctx.fillStyle = '#111016'
    ctx.fill()
    ellipsePath(ctx, ix - ir * 0.38, iy - ir * 0.42, ir * 0.3, ir * 0.3)
    ctx.fillStyle = '#FFFFFF'
    ctx.fill()
    ellipsePath(ctx, ix + ir * 0.35, iy + ir * 0.35, ir * 0.13, ir * 0.13)
    ctx.fill()
    if (lidCover > 0 || look.eyeStyle === 'sharp') {
      // Heavy or angled upper lid drawn in skin over the eye.
      ctx.beginPath()
      ctx.moveTo(ex - rx - 2, ey - ry - 2)
      ctx.lineTo(ex + rx + 2, ey - ry - 2)
      const dropIn = look.eyeStyle === 'sharp' ? (side < 0 ? ry * 0.1 : ry * 0.55) : ry * (2 * lidCover)
      const dropOut = look.eyeStyle === 'sharp' ? (side < 0 ? ry * 0.55 : ry * 0.1) : ry * (2 * lidCover)
      ctx.lineTo(ex + rx + 2, ey - ry + dropOut)
      ctx.lineTo(ex - rx - 2, ey - ry + dropIn)
      ctx.closePath()
      ctx.fillStyle = look.skin
      ctx.fill()
    }
    ctx.restore()
    // Upper lash line.
    ctx.beginPath()
    ctx.ellipse(ex, ey, rx, h, 0, Math.PI * 1.08, Math.PI * 1.92)
    ctx.strokeStyle = INK
    ctx.lineWidth = anime ? 3.6 : 2.8
    ctx.lineCap = 'round'
    ctx.stroke()
    if (anime) {
      ctx.beginPath()
      ctx.moveTo(ex + side * rx * 0.9, ey - h * 0.5)
      ctx.lineTo(ex + side * (rx + 4), ey - h * 0.85)
      ctx.stroke()
    }
  }
}

export function drawBrows(f: Frame): void {
  const { ctx, hx, hy, pose, look } = f
  const color = darken(look.hairStyle === 'bald' ? '#5a4030' : look.hairColor, 0.25)
  const y = hy - 17 - pose.browRaise * 5 - (pose.eyeOpen - 1) * 8
  for (const side of [-1, 1]) {
    const inner = hx + side * 11
    const outer = hx + side * 36
    const innerY = y - pose.browTilt * 4
    const outerY = y + pose.browTilt * 1.5
    ctx.beginPath()
    ctx.moveTo(inner, innerY)
    ctx.quadraticCurveTo((inner + outer) / 2, Math.min(innerY, outerY) - 4, outer, outerY + 1)
    ctx.strokeStyle = color
    ctx.lineWidth = f.flat ? 5 : 4.4
    ctx.lineCap = 'round'
    ctx.stroke()
  }
}

export function drawNoseAndCheeks(f: Frame): void {
  const { ctx, hx, hy, pose, look } = f
  ctx.beginPath()
  ctx.moveTo(hx - 3, hy + 16)
  ctx.quadraticCurveTo(hx + 1, hy + 24, hx + 4.5, hy + 21)
  ctx.strokeStyle = darken(look.skin, 0.35)
  ctx.lineWidth = 2.2
  ctx.lineCap = 'round'
  ctx.stroke()
  const blush = Math.min(1, pose.blush + (look.extras.includes('blush') ? 0.45 : 0))
  if (blush > 0.02) {
    ctx.globalAlpha = 0.45 * blush
    ctx.fillStyle = '#FF7F8E'
    for (const side of [-1, 1]) {
      ellipsePath(ctx, hx + side * 33, hy + 24, 9, 5.5)
      ctx.fill()
    }
    ctx.globalAlpha = 1
  }
  if (look.extras.includes('freckles')) {
    ctx.fillStyle = darken(look.skin, 0.35)
    for (const side of [-1, 1]) {
      for (const [dx, dy] of [
        [26, 18],
        [32, 21],
        [38, 18],
        [30, 26],
        [36, 27],
      ] as const) {
        ellipsePath(ctx, hx + side * dx, hy + dy, 1.1, 1.1)
        ctx.fill()
      }
    }
  }
  if (look.extras.includes('scar')) {
    ctx.beginPath()
    ctx.moveTo(hx + 30, hy - 22)
    ctx.lineTo(hx + 38, hy + 2)
    ctx.strokeStyle = darken(look.skin, 0.3)
    ctx.lineWidth = 2
    ctx.stroke()
  }
}

/** The mouth from the blended viseme shape: closed line, pressed lips, bite, or an open mouth. */
export function drawMouth(f: Frame): void {
  const { ctx, hx, hy, pose, look } = f
  const m = pose.mouth
  const mx = hx
  const my = hy + 40
  const hw = (9 + 13 * m.wide) * (1 - 0.28 * m.round)
  const corner = -pose.smile * 4.5
  const openH = m.open * 22 * (1 - m.press) + (m.bite > 0.3 ? 3 : 0)
  const lip = mix(darken(look.skin, 0.45), '#B0394B', 0.55)
  ctx.lineCap = 'round'
  ctx.lineJoin = 'round'
  if (openH < 1.6) {
    ctx.beginPath()
    ctx.moveTo(mx - hw, my + corner)
    ctx.quadraticCurveTo(mx, my + pose.smile * 6 + 1, mx + hw, my + corner)
    ctx.strokeStyle = lip
    ctx.lineWidth = 3 + m.press * 1.5
    ctx.stroke()
    if (pose.smile > 0.6) {
      for (const side of [-1, 1]) {
        ctx.beginPath()
        ctx.moveTo(mx + side * (hw + 1), my + corner - 2.5)
        ctx.quadraticCurveTo(mx + side * (hw + 3), my + corner, mx + side * (hw + 1), my + corner + 2.5)
        ctx.lineWidth = 2
        ctx.stroke()
      }
    }
    return
  }
  const top = my - openH * 0.3 - 1
  const bottom = my + openH * 0.7 + Math.max(0, pose.smile) * 3
  const pinch = 0.55 - 0.35 * m.round
  ctx.beginPath()
  ctx.moveTo(mx - hw, my + corner)
  ctx.bezierCurveTo(mx - hw * pinch, top, mx + hw * pinch, top, mx + hw, my + corner)
  ctx.bezierCurveTo(mx + hw * (pinch + 0.2), bottom, mx - hw * (pinch + 0.2), bottom, mx - hw, my + corner)
  ctx.closePath()
  ctx.fillStyle = '#4A1521'
  ctx.fill()
  ctx.save()
  ctx.clip()
  if (m.teeth > 0.05 || m.bite > 0.3) {
    ctx.fillStyle = '#FFFFFF'
    ctx.fillRect(mx - hw, top - 2, hw * 2, 2 + 5.5 * Math.max(m.teeth, m.bite))
  }
  if (m.tongue > 0.1 || m.open > 0.5) {
    ellipsePath(ctx, mx, bottom - 1, hw * 0.62, Math.max(2.5, openH * 0.32) + m.tongue * 2)
    ctx.fillStyle = '#E0626F'
    ctx.fill()
  }
  ctx.restore()
  ctx.beginPath()
  ctx.moveTo(mx - hw, my + corner)
  ctx.bezierCurveTo(mx - hw * pinch, top, mx + hw * pinch, top, mx + hw, my + corner)
  ctx.bezierCurveTo(mx + hw * (pinch + 0.2), bottom, mx - hw * (pinch + 0.2), bottom, mx - hw, my + corner)
  ctx.closePath()
  ctx.strokeStyle = lip
  ctx.lineWidth = 2.6
  ctx.stroke()
}
