/** Body, clothes, hats and accessories (headset, glasses, visor, facial hair). */
import type { Frame } from './draw-kit'
import { ellipsePath, outlineOf, paint, roundRectPath } from './draw-kit'
import { darken, lighten } from './random'

function torsoPath(f: Frame, by: number): void {
  const { ctx } = f
  ctx.beginPath()
  ctx.moveTo(10, 262)
  ctx.bezierCurveTo(12, 226, 32, 204 + by, 78, 196 + by)
  ctx.quadraticCurveTo(128, 188 + by, 178, 196 + by)
  ctx.bezierCurveTo(224, 204 + by, 244, 226, 246, 262)
  ctx.closePath()
}

export function drawBody(f: Frame): void {
  const { ctx, look, pose, hx, hy, rh } = f
  const by = pose.bodyY
  const top = look.topColor
  const chinY = hy + rh - 12
  if (look.top === 'hoodie') {
    ellipsePath(ctx, 128, 196 + by, 52, 18)
    paint(f, darken(top, 0.2), 180, 214)
  }
  // Neck, stretched between the shoulders and the moving head.
  ctx.beginPath()
  ctx.moveTo(112, 206 + by)
  ctx.lineTo(hx - 15, chinY)
  ctx.lineTo(hx + 15, chinY)
  ctx.lineTo(144, 206 + by)
  ctx.closePath()
  paint(f, darken(look.skin, 0.08), chinY, 206)
  const bare = look.top === 'tank' || look.top === 'dress'
  torsoPath(f, by)
  paint(f, bare ? look.skin : top, 190, 256)
  switch (look.top) {
    case 'tank':
    case 'dress': {
      ctx.beginPath()
      ctx.moveTo(62, 262)
      ctx.lineTo(72, 204 + by)
      ctx.lineTo(86, 202 + by)
      ctx.quadraticCurveTo(128, look.top === 'dress' ? 250 + by : 236 + by, 170, 202 + by)
      ctx.lineTo(184, 204 + by)
      ctx.lineTo(194, 262)
      ctx.closePath()
      paint(f, top, 200, 256)
      if (look.top === 'dress') {
        ctx.beginPath()
        ctx.moveTo(104, 214 + by)
        ctx.quadraticCurveTo(128, 232 + by, 152, 214 + by)
        ctx.strokeStyle = look.accentColor
        ctx.lineWidth = 2.5
        ctx.stroke()
      }
      return
    }
    case 'hoodie': {
      ctx.beginPath()
      ctx.moveTo(96, 198 + by)
      ctx.quadraticCurveTo(128, 232 + by, 160, 198 + by)
      ctx.strokeStyle = darken(top, 0.35)
      ctx.lineWidth = f.lw
      ctx.stroke()
      for (const x of [116, 140]) {
        ctx.beginPath()
        ctx.moveTo(x, 214 + by)
        ctx.lineTo(x - 1, 240 + by)
        ctx.strokeStyle = lighten(top, 0.6)
        ctx.lineWidth = 2.4
        ctx.stroke()
        ellipsePath(ctx, x - 1, 242 + by, 2.4, 2.4)
        ctx.fillStyle = lighten(top, 0.6)
        ctx.fill()
      }
      return
    }
    case 'jacket':
    case 'suit': {
      ctx.beginPath()
      ctx.moveTo(104, 198 + by)
      ctx.lineTo(128, 256)
      ctx.lineTo(152, 198 + by)
      ctx.closePath()
      paint(f, look.top === 'suit' ? '#F4F4F4' : look.accentColor, 198, 256)
      if (look.top === 'suit') {
        ctx.beginPath()
        ctx.moveTo(124, 204 + by)
        ctx.lineTo(132, 204 + by)
        ctx.lineTo(135, 246)
        ctx.lineTo(128, 256)
        ctx.lineTo(121, 246)
        ctx.closePath()
        paint(f, look.accentColor, 204, 256)
      }
      for (const side of [-1, 1]) {
        ctx.beginPath()
        ctx.moveTo(128 + side * 24, 198 + by)
        ctx.lineTo(128 + side * 6, 252)
        ctx.lineTo(128 + side * 30, 226 + by)
        ctx.closePath()
        paint(f, darken(top, 0.18), 198, 252)
      }
      return
    }
    case 'sweater': {
      roundRectPath(ctx, 104, 194 + by, 48, 14, 7)
      paint(f, darken(top, 0.15), 194, 208)
      return
    }
    case 'tshirt':
    default: {
      ctx.beginPath()
      ctx.moveTo(106, 198 + by)
      ctx.quadraticCurveTo(128, 222 + by, 150, 198 + by)
      ctx.strokeStyle = darken(top, 0.3)
      ctx.lineWidth = 4
      ctx.stroke()
      // Channel logo on the chest.
      ellipsePath(ctx, 160, 236 + by, 9, 9)
      paint(f, look.accentColor, 227, 245)
      return
    }
  }
}

export function drawFacialHair(f: Frame): void {
  const { ctx, hx, hy, rw, rh, look } = f
  const c = look.hairStyle === 'bald' ? '#3b2a20' : look.hairColor
  if (look.facialHair === 'stubble' || look.facialHair === 'beard') {
    ctx.beginPath()
    ctx.moveTo(hx - rw + 2, hy + 6)
    ctx.bezierCurveTo(hx - rw + 4, hy + rh * 0.95, hx + rw - 4, hy + rh * 0.95, hx + rw - 2, hy + 6)
    ctx.lineTo(hx + rw - 10, hy + 14)
    ctx.quadraticCurveTo(hx, hy + 74, hx - rw + 10, hy + 14)
    ctx.closePath()
    if (look.facialHair === 'stubble') {
      ctx.globalAlpha = 0.22
      ctx.fillStyle = c
      ctx.fill()
      ctx.globalAlpha = 1
    } else {
      // A full beard with room for the mouth: the mouth is drawn over it.
      ctx.beginPath()
      ctx.moveTo(hx - rw + 1, hy + 4)
      ctx.bezierCurveTo(hx - rw + 2, hy + rh * 1.25, hx + rw - 2, hy + rh * 1.25, hx + rw - 1, hy + 4)
      ctx.lineTo(hx + rw - 9, hy + 12)
      ctx.quadraticCurveTo(hx + 24, hy + 30, hx, hy + 31)
      ctx.quadraticCurveTo(hx - 24, hy + 30, hx - rw + 9, hy + 12)
      ctx.closePath()
      paint(f, c, hy, hy + rh * 1.2)
    }
  }
  if (look.facialHair === 'mustache' || look.facialHair === 'beard') {
    ctx.beginPath()
    ctx.moveTo(hx, hy + 31)
    ctx.bezierCurveTo(hx - 10, hy + 26, hx - 24, hy + 28, hx - 26, hy + 38)
    ctx.bezierCurveTo(hx - 16, hy + 34, hx - 6, hy + 36, hx, hy + 34)
    ctx.bezierCurveTo(hx + 6, hy + 36, hx + 16, hy + 34, hx + 26, hy + 38)
    ctx.bezierCurveTo(hx + 24, hy + 28, hx + 10, hy + 26, hx, hy + 31)
    ctx.closePath()
    paint(f, darken(c, 0.1), hy + 26, hy + 38)
  }
}

export function drawHat(f: Frame): void {
  const { ctx, hx, hy, rw, rh, look } = f
  const c = look.hatColor
  const crown = hy - rh * 0.98
  switch (look.hat) {
    case 'cap': {
      ctx.beginPath()
      ctx.moveTo(hx - rw - 4, hy - rh * 0.42)
      ctx.bezierCurveTo(hx - rw - 4, hy - rh * 1.45, hx + rw + 4, hy - rh * 1.45, hx + rw + 4, hy - rh * 0.42)
      ctx.closePath()
      paint(f, c, crown - 10, hy - rh * 0.4)
      ctx.beginPath()
      ctx.moveTo(hx - rw - 6, hy - rh * 0.44)
      ctx.quadraticCurveTo(hx, hy - rh * 0.62, hx + rw + 6, hy - rh * 0.44)
      ctx.quadraticCurveTo(hx + rw * 0.6, hy - rh * 0.2, hx, hy - rh * 0.22)
      ctx.quadraticCurveTo(hx - rw * 0.6, hy - rh * 0.2, hx - rw - 6, hy - rh * 0.44)
      ctx.closePath()
      paint(f, darken(c, 0.2), hy - rh * 0.6, hy - rh * 0.2)
      ellipsePath(ctx, hx, crown - 7, 5, 3)
      paint(f, look.accentColor, crown - 10, crown - 4)
      return
    }
    case 'beanie': {
      ctx.beginPath()
      ctx.moveTo(hx - rw - 5, hy - rh * 0.38)
      ctx.bezierCurveTo(hx - rw - 6, hy - rh * 1.55, hx + rw + 6, hy - rh * 1.55, hx + rw + 5, hy - rh * 0.38)
      ctx.closePath()
      paint(f, c, crown - 14, hy - rh * 0.38)
      roundRectPath(ctx, hx - rw - 7, hy - rh * 0.6, rw * 2 + 14, 17, 7)
      paint(f, darken(c, 0.15), hy - rh * 0.6, hy - rh * 0.6 + 17)
      ellipsePath(ctx, hx, crown - 18, 11, 10)
      paint(f, lighten(c, 0.45), crown - 28, crown - 8)
      return
    }
    case 'crown': {
      ctx.beginPath()
      ctx.moveTo(hx - 32, crown + 6)
      ctx.lineTo(hx - 36, crown - 22)
      ctx.lineTo(hx - 18, crown - 8)
      ctx.lineTo(hx, crown - 30)
      ctx.lineTo(hx + 18, crown - 8)
      ctx.lineTo(hx + 36, crown - 22)
      ctx.lineTo(hx + 32, crown + 6)
      ctx.closePath()
      paint(f, '#F5C542', crown - 30, crown + 6)
      ellipsePath(ctx, hx, crown - 4, 4, 4)
      paint(f, look.accentColor, crown - 8, crown)
      return
    }
    case 'cat-ears':
    case 'bunny-ears': {
      const bunny = look.hat === 'bunny-ears'
      for (const side of [-1, 1]) {
        if (bunny) ellipsePath(ctx, hx + side * 20, crown - 30, 10, 34, side * 0.15)
        else {
          ctx.beginPath()
          ctx.moveTo(hx + side * 14, crown + 4)
          ctx.lineTo(hx + side * 40, crown - 28)
          ctx.lineTo(hx + side * 50, crown + 14)
          ctx.closePath()
        }
        paint(f, c, crown - 60, crown + 10)
        if (bunny) ellipsePath(ctx, hx + side * 20, crown - 28, 5, 24, side * 0.15)
        else {
          ctx.beginPath()
          ctx.moveTo(hx + side * 22, crown + 4)
          ctx.lineTo(hx + side * 39, crown - 17)
          ctx.lineTo(hx + side * 44, crown + 8)
          ctx.closePath()
        }
        ctx.fillStyle = '#FFB3C7'
        ctx.fill()
      }
      return
    }
    case 'wizard': {
      ctx.beginPath()
      ctx.moveTo(hx - rw - 18, hy - rh * 0.62)
      ctx.quadraticCurveTo(hx + 16, crown - 50, hx + 30, crown - 58)
      ctx.quadraticCurveTo(hx + 18, crown - 30, hx + rw + 18, hy - rh * 0.62)
      ctx.closePath()
      paint(f, c, crown - 58, hy - rh * 0.6)
      ellipsePath(ctx, hx, hy - rh * 0.62, rw + 24, 9)
      paint(f, darken(c, 0.2), hy - rh * 0.7, hy - rh * 0.54)
      ellipsePath(ctx, hx + 4, crown - 18, 4, 4)
      ctx.fillStyle = '#F5C542'
      ctx.fill()
      return
    }
    case 'headband': {
      ctx.beginPath()
      ctx.moveTo(hx - rw - 2, hy - rh * 0.5)
      ctx.quadraticCurveTo(hx, hy - rh * 0.85, hx + rw + 2, hy - rh * 0.5)
      ctx.strokeStyle = c
      ctx.lineWidth = 9
      ctx.lineCap = 'round'
      ctx.stroke()
      return
    }
    default:
      return
  }
}

export function drawEyewear(f: Frame): void {
  const { ctx, hx, hy, look } = f
  if (look.extras.includes('visor')) {
    roundRectPath(ctx, hx - 44, hy - 10, 88, 26, 12)
    ctx.fillStyle = look.accentColor
    ctx.globalAlpha = 0.45
    ctx.fill()
    ctx.globalAlpha = 1
    ctx.strokeStyle = lighten(look.accentColor, 0.5)
    ctx.lineWidth = 2.5
    ctx.stroke()
    return
  }
  const sun = look.extras.includes('sunglasses')
  if (!sun && !look.extras.includes('glasses')) return
  const frame = sun ? '#15161A' : '#2B2B33'
  for (const side of [-1, 1]) {
    roundRectPath(ctx, hx + side * 23 - 16, hy - 9, 32, 26, 9)
    if (sun) {
      ctx.fillStyle = '#1D2030'
      ctx.fill()
      ctx.beginPath()
      ctx.moveTo(hx + side * 23 - 9, hy - 3)
      ctx.lineTo(hx + side * 23 - 2, hy - 3)
      ctx.strokeStyle = 'rgba(255,255,255,0.55)'
      ctx.lineWidth = 2
      ctx.stroke()
      roundRectPath(ctx, hx + side * 23 - 16, hy - 9, 32, 26, 9)
    }
    ctx.strokeStyle = frame
    ctx.lineWidth = 3
    ctx.stroke()
  }
  ctx.beginPath()
  ctx.moveTo(hx - 7, hy)
  ctx.quadraticCurveTo(hx, hy - 4, hx + 7, hy)
  ctx.stroke()
}

/** The streamer's headset: band over the head, ear cups, and a boom mic that stops beside the mouth. */
export function drawHeadset(f: Frame): void {
  const { ctx, hx, hy, rw, rh, look } = f
  if (!look.extras.includes('headset')) return
  const band = '#2A2E3A'
  ctx.beginPath()
  ctx.moveTo(hx - rw - 6, hy + 2)
  ctx.bezierCurveTo(hx - rw - 10, hy - rh * 1.5, hx + rw + 10, hy - rh * 1.5, hx + rw + 6, hy + 2)
  ctx.strokeStyle = band
  ctx.lineWidth = 8
  ctx.lineCap = 'round'
  ctx.stroke()
  ctx.strokeStyle = look.accentColor
  ctx.lineWidth = 2.5
  ctx.stroke()
  // Boom mic from the left cup toward the mouth corner.
  ctx.beginPath()
  ctx.moveTo(hx - rw - 4, hy + 14)
  ctx.quadraticCurveTo(hx - rw + 4, hy + 46, hx - 30, hy + 46)
  ctx.strokeStyle = band
  ctx.lineWidth = 4
  ctx.stroke()
  ellipsePath(ctx, hx - 28, hy + 46, 6, 5)
  paint(f, look.accentColor, hy + 41, hy + 51)
  for (const side of [-1, 1]) {
    roundRectPath(ctx, hx + side * (rw + 3) - 9, hy - 10, 18, 34, 8)
    paint(f, band, hy - 10, hy + 24)
    roundRectPath(ctx, hx + side * (rw + 3) - 4, hy - 4, 8, 22, 4)
    ctx.fillStyle = look.accentColor
    ctx.fill()
  }
  ctx.strokeStyle = outlineOf(f, band)
}
