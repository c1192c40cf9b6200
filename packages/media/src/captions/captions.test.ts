import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CAPTION_FONTS, CANVAS } from '@mouthpiece/contracts/constants'
import { CaptionOptions } from '@mouthpiece/contracts/media/render.schemas'
import { ffmpeg } from '../audio/ffmpeg'
import { filterPath } from '../render/video-geometry'
import { buildAssCaptions, assColor, captionPlan } from './ass-captions'
import { prepareFontsDir, resolveCaptionFont } from './caption-fonts'
import { rasterCaptions } from './caption-raster'
import { paginate, paginateByChars, toSrt, toVtt } from './subtitles'

const words = [
  { text: 'Hello', start: 0.1, end: 0.4 },
  { text: 'chat,', start: 0.45, end: 0.8 },
  { text: 'welcome', start: 1.0, end: 1.4 },
  { text: 'back!', start: 1.45, end: 1.9 },
  { text: 'Today', start: 2.8, end: 3.1 },
  { text: 'we', start: 3.1, end: 3.2 },
  { text: 'build', start: 3.2, end: 3.6 },
]

describe('subtitle files', () => {
  it('writes SRT and WebVTT cues from word times, breaking at sentence ends and pauses', () => {
    const pages = paginateByChars(words)
    expect(
      pages.map((p) =>
        p.lines
          .flat()
          .map((w) => w.text)
          .join(' '),
      ),
    ).toEqual(['Hello chat, welcome back!', 'Today we build'])
    expect(toSrt(pages)).toBe(
      '1\n00:00:00,100 --> 00:00:01,900\nHello chat, welcome back!\n\n2\n00:00:02,800 --> 00:00:03,600\nToday we build\n',
    )
    expect(toVtt(pages)).toBe(
      'WEBVTT\n\n00:00:00.100 --> 00:00:01.900\nHello chat, welcome back!\n\n00:00:02.800 --> 00:00:03.600\nToday we build\n',
    )
  })
})

describe('paging by phrase', () => {
  const timed = (text: string) =>
    text.split(' ').map((t, i) => ({ text: t, start: i * 0.3, end: i * 0.3 + 0.28 }))
  const texts = (pages: ReturnType<typeof paginate>) =>
    pages.map((p) =>
      p.lines
        .flat()
        .map((w) => w.text)
        .join(' '),
    )
  // A 20-character line, two lines a page.
  const box = { maxWidth: 20, measure: (t: string) => t.length, maxLines: 2 }

  it('never leaves the last word of a sentence alone on a page', () => {
    const pages = texts(paginate(timed('Smash that like button and then go check it out.'), box))
    expect(pages.every((p) => p.split(' ').length > 1)).toBe(true)
    expect(pages.join(' ')).toBe('Smash that like button and then go check it out.')
  })

  it('a one-word sentence shares a page with its neighbour, and pages end at commas where they can', () => {
    expect(texts(paginate(timed('Seven, eight! Let us go.'), box))).toEqual(['Seven, eight! Let us go.'])
    const pages = texts(
      paginate(timed('When the stream starts, everyone jumps in, and the chat goes wild.'), box),
    )
    expect(pages).toEqual(['When the stream starts,', 'everyone jumps in,', 'and the chat goes wild.'])
  })
})

describe('caption fonts', () => {
  it('has files for all 15 spec fonts, with open look-alikes for the proprietary ones', () => {
    for (const font of CAPTION_FONTS)
      expect(resolveCaptionFont(font, 800).files.length, font).toBeGreaterThan(0)
    expect(resolveCaptionFont('Arial', 400).family).toBe('Liberation Sans')
    expect(resolveCaptionFont('Helvetica', 800)).toMatchObject({ family: 'Liberation Sans', weight: 700 })
    expect(resolveCaptionFont('Impact', 400).family).toBe('Anton')
    expect(resolveCaptionFont('Agency FB', 400).family).toBe('Saira Condensed')
    // libass matches the weight-specific family name of the chosen file.
    expect(resolveCaptionFont('Roboto', 800)).toMatchObject({ family: 'Roboto ExtraBold', weight: 800 })
    expect(resolveCaptionFont('Bebas Neue', 800)).toMatchObject({ family: 'Bebas Neue', weight: 400 })
    expect(resolveCaptionFont('Noto Sans JP', 400, 'こんにちは').files.length).toBeGreaterThan(10)
  })
})

describe('burned-in captions (ASS)', () => {
  it('styles captions as the editor does: font, pt→px size, colours, outline, box and word highlight', () => {
    const options = CaptionOptions.parse({
      style: {
        currentFontFamily: 'Montserrat',
        fontSize: 24,
        fontWeight: 700,
        textColor1: '#05FBCA',
        textColor2: '#FFFFFF',
      },
      box: { x: 300, y: 120, w: 500, h: 120, angle: 10 },
      outlineColor: '#112233',
    })
    const font = resolveCaptionFont('Montserrat', 700)
    const { script, pages } = buildAssCaptions(words, options, CANVAS, font)
    expect(script).toContain('PlayResX: 840\nPlayResY: 465')
    const style = script
      .split('\n')
      .find((l) => l.startsWith('Style: Caption,'))!
      .split(',')
    expect(style[1]).toBe('Montserrat')
    // 24 pt = 32 CSS px; libass sizes by ascent+descent, which is larger than the em.
    expect(Number(style[2])).toBeGreaterThan(32)
    expect(Number(style[2])).toBeLessThan(48)
    expect(style[5]).toBe(assColor('#112233'))
    expect(script).toContain('{\\an5\\pos(300.0,120.0)\\frz-10.00}')
    // One event per spoken word, the spoken word in textColor1 and the rest in textColor2.
    expect(script.match(/^Dialogue:/gm)).toHaveLength(words.length)
    expect(script).toContain(`{\\1c${assColor('#05FBCA')}}welcome{\\1c${assColor('#FFFFFF')}}`)
    expect(pages.length).toBeGreaterThanOrEqual(2)
    expect(assColor('#05FBCA')).toBe('&HCAFB05&')
  })
})

describe('captions drawn here (caption-raster)', () => {
  const frame = { width: 1280, height: 720, fps: 30, frameCount: 120 }

  /** RGB of the caption rectangle over black, per frame: libass through ffmpeg's ass filter. */
  async function libassFrames(
    script: string,
    rect: { x0: number; y0: number; x1: number; y1: number },
    font: ReturnType<typeof resolveCaptionFont>,
  ) {
    const dir = await mkdtemp(path.join(tmpdir(), 'mp-captions-'))
    try {
      await writeFile(path.join(dir, 'c.ass'), script)
      const fonts = await prepareFontsDir(path.join(dir, 'fonts'), font)
      const w = rect.x1 - rect.x0
      const h = rect.y1 - rect.y0
      const { stdout } = await ffmpeg([
        '-f',
        'lavfi',
        '-i',
        `color=c=black:s=1280x720:r=30:d=4`,
        '-vf',
        `ass=filename=${filterPath(path.join(dir, 'c.ass'))}:fontsdir=${filterPath(fonts)},crop=${w}:${h}:${rect.x0}:${rect.y0},format=rgb24`,
        '-f',
        'rawvideo',
        'pipe:1',
      ])
      return (i: number) => stdout.subarray(i * w * h * 3, (i + 1) * w * h * 3)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  it('shows each word at the frame libass shows it, where libass puts it, in the same colours', async () => {
    const options = CaptionOptions.parse({ box: { x: 420, y: 360, w: 420, h: 64, angle: 0 } })
    const font = resolveCaptionFont('Roboto', 800)
    const plan = captionPlan(words, options, CANVAS, font)
    const raster = rasterCaptions(plan, options, font, CANVAS, frame)!
    const reference = await libassFrames(
      buildAssCaptions(words, options, CANVAS, font).script,
      raster.rect,
      font,
    )
    const w = raster.rect.x1 - raster.rect.x0
    const h = raster.rect.y1 - raster.rect.y0
    // The caption changes where a word (or a page) starts and ends: ~2 changes a word, not every frame.
    expect(raster.changes[0]).toBe(0)
    expect(raster.changes.length).toBeLessThanOrEqual(2 * words.length + 2)
    let k = 0
    let drawn = raster.draw(0)
    let farthest = 0
    for (let i = 0; i < frame.frameCount; i++) {
      if (raster.changes[k + 1] === i) drawn = raster.draw(++k)
      const ref = reference(i)
      // Where the text is (the centre of its light pixels), how much of it there is, and the lit (teal) word.
      const ours = { x: 0, y: 0, light: 0, teal: 0 }
      const theirs = { x: 0, y: 0, light: 0, teal: 0 }
      for (let p = 0; p < w * h; p++) {
        const a = drawn[p * 4 + 3]! / 255
        for (const [sum, rgb] of [
          [ours, [0, 1, 2].map((c) => drawn[p * 4 + c]! * a)],
          [theirs, [ref[p * 3]!, ref[p * 3 + 1]!, ref[p * 3 + 2]!]],
        ] as const) {
          if (rgb[1] > 180 && rgb[0] < 90) sum.teal++
          if (rgb.every((v) => v > 200) || (rgb[1] > 180 && rgb[0] < 90)) {
            sum.light++
            sum.x += p % w
            sum.y += Math.floor(p / w)
          }
        }
      }
      expect(ours.teal > 0, `frame ${i}: a lit word`).toBe(theirs.teal > 0)
      expect(ours.light > 0, `frame ${i}: a caption`).toBe(theirs.light > 0)
      if (!theirs.light) continue
      expect(Math.abs(ours.light - theirs.light) / theirs.light, `frame ${i}: text size`).toBeLessThan(0.15)
      if (theirs.teal)
        expect(Math.abs(ours.teal - theirs.teal) / theirs.teal, `frame ${i}: lit word size`).toBeLessThan(
          0.15,
        )
      farthest = Math.max(
        farthest,
        Math.hypot(
          ours.x / ours.light - theirs.x / theirs.light,
          ours.y / ours.light - theirs.y / theirs.light,
        ),
      )
    }
    // Hinting and glyph rounding differ: the text sits within a few pixels of where libass puts it.
    expect(farthest).toBeLessThan(4)
  })
})
