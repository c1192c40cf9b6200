/** Hair painters: a back layer (behind the head) and a front layer (fringe, over the forehead). */
import type { Frame } from './draw-kit'
import { ellipsePath, hairCapPath, paint } from './draw-kit'
import { darken, lighten } from './random'

export function drawHairBack(f: Frame): void {
  const { ctx, hx, hy, rw, rh, look } = f
  const c = look.hairColor
  switch (look.hairStyle) {
    case 'long': {
      ctx.beginPath()
      ctx.moveTo(hx - rw - 10, hy - 10)
      ctx.bezierCurveTo(hx - rw - 22, hy - rh * 1.5, hx + rw + 22, hy - rh * 1.5, hx + rw + 10, hy - 10)
      ctx.bezierCurveTo(hx + rw + 18, hy + 60, hx + rw + 20, hy + 110, hx + rw - 4, hy + 128)
      ctx.lineTo(hx - rw + 4, hy + 128)
      ctx.bezierCurveTo(hx - rw - 20, hy + 110, hx - rw - 18, hy + 60, hx - rw - 10, hy - 10)
      ctx.closePath()
      paint(f, darken(c, 0.12), hy - rh, hy + 128)
      return
    }
    case 'bob': {
      ctx.beginPath()
      ctx.moveTo(hx - rw - 9, hy - 6)
      ctx.bezierCurveTo(hx - rw - 16, hy - rh * 1.5, hx + rw + 16, hy - rh * 1.5, hx + rw + 9, hy - 6)
      ctx.quadraticCurveTo(hx + rw + 14, hy + 46, hx + rw - 2, hy + 56)
      ctx.lineTo(hx - rw + 2, hy + 56)
      ctx.quadraticCurveTo(hx - rw - 14, hy + 46, hx - rw - 9, hy - 6)
      ctx.closePath()
      paint(f, darken(c, 0.12), hy - rh, hy + 56)
      return
    }
    case 'ponytail': {
      ellipsePath(ctx, hx + rw + 6, hy + 30, 15, 42, -0.25)
      paint(f, darken(c, 0.1), hy - 10, hy + 72)
      ellipsePath(ctx, hx + rw - 4, hy - 22, 9, 7)
      paint(f, look.accentColor, hy - 30, hy - 14)
      return
    }
    case 'bun': {
      ellipsePath(ctx, hx, hy - rh - 12, 22, 19)
      paint(f, c, hy - rh - 31, hy - rh + 7)
      return
    }
    case 'curly': {
      ctx.fillStyle = darken(c, 0.1)
      for (let i = 0; i < 11; i++) {
        const a = Math.PI * (0.95 + (i / 10) * 1.1)
        ellipsePath(ctx, hx + Math.cos(a) * (rw + 6), hy - 8 + Math.sin(a) * (rh + 8), 17, 17)
        paint(f, darken(c, 0.1), hy - rh - 20, hy + 10)
      }
      return
    }
    default:
      return
  }
}

export function drawHairFront(f: Frame): void {
  const { ctx, hx, hy, rw, rh, look } = f
  const c = look.hairColor
  switch (look.hairStyle) {
    case 'bald':
      ellipsePath(ctx, hx - 18, hy - rh * 0.75, 12, 6, -0.3)
      ctx.fillStyle = lighten(look.skin, 0.35)
      ctx.globalAlpha = 0.6
      ctx.fill()
      ctx.globalAlpha = 1
      return
    case 'buzz':
      hairCapPath(f, 1, -rh * 0.42)
      ctx.globalAlpha = 0.9
      paint(f, c, hy - rh * 1.2, hy - rh * 0.4, false)
      ctx.globalAlpha = 1
      return
    case 'spiky': {
      hairCapPath(f, 3, -rh * 0.35)
      paint(f, c, hy - rh * 1.3, hy)
      ctx.beginPath()
      const base = hy - rh * 0.72
      ctx.moveTo(hx - rw - 4, hy - rh * 0.3)
      const spikes = 7
      for (let i = 0; i <= spikes; i++) {
        const x = hx - rw - 4 + ((rw * 2 + 8) * i) / spikes
        const tipY = base - 34 - Math.sin((i / spikes) * Math.PI) * 16
        ctx.lineTo(x - 6, base)
        ctx.lineTo(x, tipY)
      }
      ctx.lineTo(hx + rw + 4, hy - rh * 0.3)
      ctx.closePath()
      paint(f, c, hy - rh * 1.8, hy)
      fringe(f, 3, 0.32)
      return
    }
    case 'mohawk': {
      hairCapPath(f, 0, -rh * 0.45)
      ctx.globalAlpha = 0.35
      paint(f, c, hy - rh, hy, false)
      ctx.globalAlpha = 1
      ctx.beginPath()
      ctx.moveTo(hx - 12, hy - rh * 0.55)
      for (let i = 0; i < 5; i++) {
        const y = hy - rh * 0.6 - i * 14
        ctx.lineTo(hx - 16 + i * 2, y - 8)
        ctx.lineTo(hx - 6, y - 4)
      }
      ctx.lineTo(hx, hy - rh * 1.55)
      for (let i = 4; i >= 0; i--) {
        const y = hy - rh * 0.6 - i * 14
        ctx.lineTo(hx + 6, y - 4)
        ctx.lineTo(hx + 16 - i * 2, y - 8)
      }
      ctx.lineTo(hx + 12, hy - rh * 0.55)
      ctx.closePath()
      paint(f, c, hy - rh * 1.6, hy - rh * 0.5)
      return
    }
    case 'curly': {
      for (let i = 0; i < 9; i++) {
        const x = hx - rw + 4 + ((rw * 2 - 8) * i) / 8
        const y = hy - rh * 0.62 - Math.sin((i / 8) * Math.PI) * 22
        ellipsePath(ctx, x, y, 14, 13)
        paint(f, c, y - 13, y + 13)
      }
      return
    }
    case 'bun':
    case 'ponytail':
      hairCapPath(f, 3, -rh * 0.3)
      paint(f, c, hy - rh * 1.3, hy)
      sweptFringe(f)
      return
    case 'bob':
      hairCapPath(f, 5, -rh * 0.2)
      paint(f, c, hy - rh * 1.3, hy)
      straightBangs(f)
      return
    case 'long':
      hairCapPath(f, 6, -rh * 0.05)
      paint(f, c, hy - rh * 1.3, hy)
      sweptFringe(f)
      sideLocks(f)
      return
    case 'short':
    default:
      hairCapPath(f, 3, -rh * 0.35)
      paint(f, c, hy - rh * 1.3, hy)
      sweptFringe(f)
      return
  }
}

/** A fringe of rounded locks across the forehead ending at `depth` × head height above centre. */
function fringe(f: Frame, grow: number, depth: number): void {
  const { ctx, hx, hy, rw, rh, look } = f
  ctx.save()
  clipToDome(f, 8)
  ctx.beginPath()
  ctx.moveTo(hx - rw - grow, hy - rh * 0.2)
  const locks = 5
  for (let i = 0; i < locks; i++) {
    const x0 = hx - rw - grow + ((rw * 2 + grow * 2) * i) / locks
    const x1 = hx - rw - grow + ((rw * 2 + grow * 2) * (i + 1)) / locks
    ctx.quadraticCurveTo((x0 + x1) / 2, hy - rh * depth + 8, x1, hy - rh * (depth + 0.12))
  }
  ctx.lineTo(hx + rw + grow, hy - rh * 0.2)
  ctx.lineTo(hx + rw + grow, hy - rh * 1.6)
  ctx.lineTo(hx - rw - grow, hy - rh * 1.6)
  ctx.closePath()
  paint(f, look.hairColor, hy - rh, hy - rh * depth)
  ctx.restore()
}

function sweptFringe(f: Frame): void {
  const { ctx, hx, hy, rw, rh, look } = f
  ctx.save()
  clipToDome(f, 8)
  ctx.beginPath()
  ctx.moveTo(hx - rw - 3, hy - 2)
  ctx.bezierCurveTo(hx - rw + 2, hy - rh * 0.6, hx - 10, hy - rh * 0.55, hx + 6, hy - rh * 0.5)
  ctx.bezierCurveTo(hx + 24, hy - rh * 0.42, hx + rw - 6, hy - rh * 0.35, hx + rw + 3, hy - rh * 0.1)
  ctx.lineTo(hx + rw + 3, hy - rh * 1.6)
  ctx.lineTo(hx - rw - 3, hy - rh * 1.6)
  ctx.closePath()
  paint(f, look.hairColor, hy - rh, hy - rh * 0.3)
  // A highlight stroke gives the cartoon hair its sheen.
  ctx.beginPath()
  ctx.moveTo(hx - rw * 0.55, hy - rh * 0.9)
  ctx.quadraticCurveTo(hx - rw * 0.2, hy - rh * 1.02, hx + rw * 0.15, hy - rh * 0.95)
  ctx.strokeStyle = lighten(look.hairColor, 0.35)
  ctx.lineWidth = 3
  ctx.lineCap = 'round'
  ctx.stroke()
  ctx.restore()
}

function straightBangs(f: Frame): void {
  const { ctx, hx, hy, rw, rh, look } = f
  ctx.save()
  clipToDome(f, 8)
  ctx.beginPath()
  ctx.moveTo(hx - rw - 5, hy - 4)
  ctx.lineTo(hx - rw + 4, hy - rh * 0.36)
  ctx.lineTo(hx + rw - 4, hy - rh * 0.36)
  ctx.lineTo(hx + rw + 5, hy - 4)
  ctx.lineTo(hx + rw + 5, hy - rh * 1.6)
  ctx.lineTo(hx - rw - 5, hy - rh * 1.6)
  ctx.closePath()
  paint(f, look.hairColor, hy - rh, hy - rh * 0.3)
  ctx.restore()
}

function sideLocks(f: Frame): void {
  const { ctx, hx, hy, rw, rh, look } = f
  for (const side of [-1, 1]) {
    ctx.beginPath()
    ctx.moveTo(hx + side * (rw + 6), hy - rh * 0.5)
    ctx.quadraticCurveTo(hx + side * (rw + 12), hy + 40, hx + side * (rw - 2), hy + 74)
    ctx.quadraticCurveTo(hx + side * (rw - 8), hy + 30, hx + side * (rw - 8), hy - rh * 0.3)
    ctx.closePath()
    paint(f, look.hairColor, hy - rh * 0.5, hy + 74)
  }
}

/** Keeps fringe shapes inside the hair's dome so their square construction corners never show. */
function clipToDome(f: Frame, grow: number): void {
  const { ctx, hx, hy, rw, rh } = f
  const w = rw + grow
  ctx.beginPath()
  ctx.moveTo(hx - w, hy + rh * 0.4)
  ctx.lineTo(hx - w, hy - 4)
  ctx.bezierCurveTo(
    hx - w * 1.02,
    hy - rh * 1.34 - grow,
    hx + w * 1.02,
    hy - rh * 1.34 - grow,
    hx + w,
    hy - 4,
  )
  ctx.lineTo(hx + w, hy + rh * 0.4)
  ctx.closePath()
  ctx.clip()
}
