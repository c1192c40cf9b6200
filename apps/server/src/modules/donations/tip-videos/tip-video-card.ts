import { createCanvas } from '@napi-rs/canvas'
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { AlertKind } from '@mouthpiece/contracts/donations/donations.schemas'
import { KIND_LABELS, headlineOf } from '@mouthpiece/contracts/donations/alert-text'
import { canvasFont } from '../../../platform/media'

/** What the card at the top of a tip video says: moderated name and message only. */
export interface TipCard {
  kind: AlertKind
  who: string
  amount: string | null
  message: string
  isTest: boolean
}

/** The portrait render (720×1280): the avatar stands in the middle, captions sit low; the card takes the top. */
export const CARD_SIZE = { width: 720, height: 1280 } as const
const CORAL = '#FF6A59'
const MARGIN = 40
const PAD = 36

/** Lines of `text` that fit `width`, at most `max`; the last one ends in an ellipsis when text is left over. */
function wrap(ctx: SKRSContext2D, text: string, width: number, max: number): string[] {
  const words = text.split(/\s+/).filter(Boolean)
  const lines: string[] = []
  let line = ''
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!
    const next = line ? `${line} ${word}` : word
    if (ctx.measureText(next).width <= width || !line) {
      line = next
      continue
    }
    lines.push(line)
    line = word
    if (lines.length === max) {
      line = ''
      lines[max - 1] = ellipsize(ctx, `${lines[max - 1]!} ${words.slice(i).join(' ')}`, width)
      break
    }
  }
  if (line) lines.push(ctx.measureText(line).width > width ? ellipsize(ctx, line, width) : line)
  return lines
}

function ellipsize(ctx: SKRSContext2D, text: string, width: number): string {
  let cut = text
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1)
  return `${cut.trimEnd()}…`
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath()
  ctx.roundRect(x, y, w, h, r)
}

/**
 * The background of a tip video as JPEG: a dark gradient with a coral glow behind the avatar and,
 * on top, the alert card as the overlay shows it (kind tag, "{who} tipped $5.00!", the message).
 */
export async function tipCardJpeg(card: TipCard): Promise<Buffer> {
  const { width, height } = CARD_SIZE
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  const bg = ctx.createLinearGradient(0, 0, 0, height)
  bg.addColorStop(0, '#151823')
  bg.addColorStop(1, '#2b1720')
  ctx.fillStyle = bg
  ctx.fillRect(0, 0, width, height)
  const glow = ctx.createRadialGradient(width / 2, height * 0.47, 20, width / 2, height * 0.47, width * 0.62)
  glow.addColorStop(0, 'rgba(255,106,89,0.38)')
  glow.addColorStop(1, 'rgba(255,106,89,0)')
  ctx.fillStyle = glow
  ctx.fillRect(0, 0, width, height)

  const head = headlineOf(card.kind, card.who, card.amount)
  const inner = width - 2 * MARGIN - 2 * PAD
  const bold = canvasFont(800, `${card.who} ${card.message}`)
  const medium = canvasFont(500, card.message)
  ctx.font = `44px ${bold}`
  const whoLine = ellipsize(ctx, head.who, inner)
  const whoFits = ctx.measureText(head.who).width <= inner
  const action = `${head.verb}${head.amount ? ` ${head.amount}` : ''}${head.amount && !head.amount.startsWith('·') ? '!' : ''}`
  const actionLines = wrap(ctx, action, inner, 2)
  ctx.font = `30px ${medium}`
  const messageLines = card.message ? wrap(ctx, card.message, inner, 3) : []

  const tagH = 36
  const cardH =
    PAD +
    tagH +
    22 +
    52 * (1 + actionLines.length) +
    (messageLines.length ? 14 + 40 * messageLines.length : 0) +
    PAD -
    8
  const top = MARGIN + 8
  ctx.save()
  ctx.shadowColor = 'rgba(0,0,0,0.45)'
  ctx.shadowBlur = 30
  ctx.fillStyle = '#11131a'
  roundRect(ctx, MARGIN, top, width - 2 * MARGIN, cardH, 28)
  ctx.fill()
  ctx.restore()
  // The coral top edge of the overlay card.
  ctx.save()
  roundRect(ctx, MARGIN, top, width - 2 * MARGIN, cardH, 28)
  ctx.clip()
  ctx.fillStyle = CORAL
  ctx.fillRect(MARGIN, top, width - 2 * MARGIN, 8)
  ctx.restore()

  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  let y = top + PAD
  ctx.font = `20px ${bold}`
  const tags = [KIND_LABELS[card.kind].toUpperCase(), ...(card.isTest ? ['TEST'] : [])]
  const tagWidths = tags.map((t) => ctx.measureText(t).width + 32)
  let x = width / 2 - (tagWidths.reduce((a, b) => a + b, 0) + 10 * (tags.length - 1)) / 2
  tags.forEach((t, i) => {
    const w = tagWidths[i]!
    roundRect(ctx, x, y, w, tagH, tagH / 2)
    if (i === 0) {
      ctx.fillStyle = CORAL
      ctx.fill()
    } else {
      ctx.strokeStyle = 'rgba(255,255,255,0.4)'
      ctx.lineWidth = 2
      ctx.stroke()
    }
    ctx.fillStyle = '#ffffff'
    ctx.fillText(t, x + w / 2, y + tagH / 2 + 1)
    x += w + 10
  })
  y += tagH + 22 + 26
  ctx.font = `44px ${bold}`
  ctx.fillStyle = CORAL
  ctx.fillText(whoFits ? head.who : whoLine, width / 2, y)
  ctx.fillStyle = '#ffffff'
  for (const line of actionLines) {
    y += 52
    ctx.fillText(line, width / 2, y)
  }
  if (messageLines.length) {
    y += 26 + 14
    ctx.font = `30px ${medium}`
    ctx.fillStyle = 'rgba(255,255,255,0.92)'
    for (const line of messageLines) {
      y += 20
      ctx.fillText(line, width / 2, y)
      y += 20
    }
  }
  return canvas.encode('jpeg', 90)
}
