import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BrandFont } from '@mouthpiece/contracts/ads/brands.schemas'
import { brandFontFiles, loadBrandFonts } from './brand-fonts-browser'

const font = (family: string, url: string | null, weight = 700): BrandFont => ({
  id: family,
  family,
  weight,
  style: 'normal',
  role: null,
  url,
  format: url ? 'truetype' : null,
  note: null,
  source: { kind: 'user', detail: null, confidence: 1, confirmed: true },
})

describe('brand fonts in the browser ad editor', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('loads a brand family from its uploaded file under the name the renderer registers, once; caption fonts and file-less families are left alone', async () => {
    const made: Array<{ family: string; source: string; weight: string | undefined }> = []
    const added: unknown[] = []
    let fail = true
    vi.stubGlobal(
      'FontFace',
      class {
        constructor(
          public family: string,
          source: string,
          descriptors?: { weight?: string },
        ) {
          made.push({ family, source, weight: descriptors?.weight })
        }
        load() {
          return fail ? Promise.reject(new Error('network')) : Promise.resolve(this)
        }
      },
    )
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { add: (f: unknown) => added.push(f) },
    })

    const files = brandFontFiles([
      font('Acme "Grotesk"', '/api/ads/brands/3/files/f1'),
      font('Montserrat', '/api/ads/brands/3/files/f2'),
      font('Known Only', null),
    ])
    expect([...files.keys()]).toEqual(['acme "grotesk"'])

    // A failed load leaves the fallback and is tried again next time.
    await loadBrandFonts(['Acme "Grotesk"', 'Montserrat', 'Known Only', 'Roboto'], files)
    expect(added).toHaveLength(0)
    fail = false
    await loadBrandFonts(['Acme "Grotesk"'], files)
    await loadBrandFonts(['acme "grotesk"'], files)
    expect(made).toEqual([
      { family: 'Acme Grotesk', source: 'url(/api/ads/brands/3/files/f1)', weight: '100 900' },
      { family: 'Acme Grotesk', source: 'url(/api/ads/brands/3/files/f1)', weight: '100 900' },
    ])
    expect(added).toHaveLength(1)
  })
})
