import { describe, expect, it } from 'vitest'
import { CAPTION_FONTS, CANVAS } from '@mouthpiece/contracts/constants'
import { CaptionOptions } from '@mouthpiece/contracts/media/render.schemas'
import { buildAssCaptions, assColor } from './ass-captions'
import { resolveCaptionFont } from './caption-fonts'
import { paginateByChars, toSrt, toVtt } from './subtitles'

const words = [
  { text: 'Hello', start: 0.1, end: 0.4 }, { text: 'chat,', start: 0.45, end: 0.8 },
  { text: 'welcome', start: 1.0, end: 1.4 }, { text: 'back!', start: 1.45, end: 1.9 },
  { text: 'Today', start: 2.8, end: 3.1 }, { text: 'we', start: 3.1, end: 3.2 }, { text: 'build', start: 3.2, end: 3.6 },
]

describe('subtitle files', () => {
  it('writes SRT and WebVTT cues from word times, breaking at sentence ends and pauses', () => {
    const pages = paginateByChars(words)
    expect(pages.map((p) => p.lines.flat().map((w) => w.text).join(' '))).toEqual(['Hello chat, welcome back!', 'Today we build'])
    expect(toSrt(pages)).toBe('1\n00:00:00,100 --> 00:00:01,900\nHello chat, welcome back!\n\n2\n00:00:02,800 --> 00:00:03,600\nToday we build\n')
    expect(toVtt(pages)).toBe('WEBVTT\n\n00:00:00.100 --> 00:00:01.900\nHello chat, welcome back!\n\n00:00:02.800 --> 00:00:03.600\nToday we build\n')
  })
})

describe('caption fonts', () => {
  it('has files for all 15 spec fonts, with open look-alikes for the proprietary ones', () => {
    for (const font of CAPTION_FONTS) expect(resolveCaptionFont(font, 800).files.length, font).toBeGreaterThan(0)
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
      style: { currentFontFamily: 'Montserrat', fontSize: 24, fontWeight: 700, textColor1: '#05FBCA', textColor2: '#FFFFFF' },
      box: { x: 300, y: 120, w: 500, h: 120, angle: 10 },
      outlineColor: '#112233',
    })
    const font = resolveCaptionFont('Montserrat', 700)
    const { script, pages } = buildAssCaptions(words, options, CANVAS, font)
    expect(script).toContain('PlayResX: 840\nPlayResY: 465')
    const style = script.split('\n').find((l) => l.startsWith('Style: Caption,'))!.split(',')
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
