import { describe, expect, it } from 'vitest'
import { PLACEMENT_IDS } from '@mouthpiece/contracts/ads/canvas'
import type { AdCanvas } from '@mouthpiece/contracts/ads/canvas'
import { AD_TEMPLATES, layoutAd, safeInset } from './ad-layout'
import type { AdDesign, AdKit } from './ad-layout'
import { coloursBehind, LOGO_MIN_CONTRAST, LOGO_MIN_HEIGHT } from './ad-logo'
import type { AdLogo } from './ad-logo'
import { contrastRatio, deltaE2000, SAME_COLOUR_DELTA_E } from './contrast'

// Text width by a fixed advance: layouts only need a consistent measure here.
const measure = (font: string, text: string) =>
  text.length * Number(/(\d+(\.\d+)?)px/.exec(font)?.[1] ?? 16) * 0.55

const green: AdLogo = { image: 'logo', width: 480, height: 120, ink: '#0B7252' }
const kit = (logos: AdLogo[], colors = ['#0B6E4F', '#F4F1EC', '#FFB347']): AdKit => ({
  name: 'Verdant',
  colors,
  headingFont: { family: 'Montserrat', weight: 800 },
  bodyFont: { family: 'Open Sans', weight: 400 },
  logo: logos[0],
  logos,
})
const design = (k: AdKit, template: AdDesign['template']): AdDesign => ({
  template,
  variant: 0,
  kit: k,
  copy: { headline: 'Grow more with less water', body: 'Self-watering pots, made to last.', cta: 'Shop now' },
  subjects: [{ image: 'product', width: 400, height: 900 }],
})
const every = (k: AdKit): AdCanvas[] =>
  AD_TEMPLATES.flatMap((t) => PLACEMENT_IDS.map((p) => layoutAd(design(k, t.id), p, measure)))

/** The contrast the placed logo reaches against what the layout draws behind it. */
function logoContrast(canvas: AdCanvas, k: AdKit): number {
  const i = canvas.assets.findIndex((a) => a.role === 'logo')
  const logo = canvas.assets[i]!
  const ink =
    logo.knockout === 'white'
      ? '#FFFFFF'
      : logo.knockout === 'black'
        ? '#000000'
        : k.logos!.find((l) => l.image === logo.image)!.ink!
  const behind = coloursBehind(canvas.assets.slice(0, i), logo, canvas.background)
  return Math.min(...behind.map((b) => contrastRatio(ink, b)))
}

describe('ad logos: the variant that shows, by measured contrast (decision 0064)', () => {
  it('a green logo on the brand green is never placed as it is: knocked out, at 3:1 or more, legible, in every placement', () => {
    for (const canvas of every(kit([green]))) {
      const logo = canvas.assets.find((a) => a.role === 'logo')!
      expect(
        logoContrast(canvas, kit([green])),
        `${canvas.placement} ${canvas.template}`,
      ).toBeGreaterThanOrEqual(LOGO_MIN_CONTRAST)
      expect(logo.h).toBeGreaterThanOrEqual(LOGO_MIN_HEIGHT - 0.01)
      if (canvas.background === '#0B6E4F') expect(logo.knockout).toBe('white')
    }
  })

  it("the brand's own light variant (its footer logo) is chosen over knocking the green one out", () => {
    const white: AdLogo = { image: 'logo-white', width: 480, height: 120, ink: '#FFFFFF' }
    const canvases = every(kit([green, white]))
    for (const canvas of canvases) {
      const logo = canvas.assets.find((a) => a.role === 'logo')!
      expect(logo.knockout).toBeUndefined()
      expect(logoContrast(canvas, kit([green, white]))).toBeGreaterThanOrEqual(LOGO_MIN_CONTRAST)
    }
    expect(canvases.some((c) => c.assets.some((a) => a.image === 'logo-white'))).toBe(true)
  })

  it('a logo that stands out on the background keeps its own colours', () => {
    const dark: AdLogo = { image: 'logo', width: 480, height: 120, ink: '#1A1A1A' }
    for (const canvas of every(kit([dark], ['#F2C230', '#FFFFFF']))) {
      const logo = canvas.assets.find((a) => a.role === 'logo')!
      expect(logo.knockout).toBeUndefined()
      expect(logo.image).toBe('logo')
    }
  })
})

describe('ad layout: product and text apart, inside the safe area (decision 0066)', () => {
  it('in all 10 placements and 3 templates the product stays in the safe area and no text box covers it', () => {
    for (const canvas of every(kit([green]))) {
      const inset = safeInset(canvas.width, canvas.height)
      const texts = canvas.assets.filter((a) => a.kind === 'text')
      for (const s of canvas.assets.filter((a) => a.role === 'subject')) {
        const where = `${canvas.placement} ${canvas.template}`
        expect(s.x, where).toBeGreaterThanOrEqual(inset - 0.01)
        expect(s.y, where).toBeGreaterThanOrEqual(inset - 0.01)
        expect(s.x + s.w, where).toBeLessThanOrEqual(canvas.width - inset + 0.01)
        expect(s.y + s.h, where).toBeLessThanOrEqual(canvas.height - inset + 0.01)
        for (const t of texts)
          expect(
            t.x < s.x + s.w && s.x < t.x + t.w && t.y < s.y + s.h && s.y < t.y + t.h,
            `${where} ${t.id}`,
          ).toBe(false)
      }
    }
  })
})

describe('brand colours: near-copies merged (decision 0065)', () => {
  it('the anti-aliased copies of #0B6E4F are within CIEDE2000 5; a different brand colour is not', () => {
    expect(deltaE2000('#0B6E4F', '#0B6F50')).toBeLessThan(SAME_COLOUR_DELTA_E)
    expect(deltaE2000('#0B6E4F', '#0B7252')).toBeLessThan(SAME_COLOUR_DELTA_E)
    expect(deltaE2000('#0B6E4F', '#2E86C1')).toBeGreaterThan(SAME_COLOUR_DELTA_E)
    expect(deltaE2000('#000000', '#FFFFFF')).toBeCloseTo(100, 0)
  })
})
