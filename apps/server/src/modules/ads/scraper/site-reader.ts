/**
 * Reads a brand from a site: the page, its stylesheets, manifest, logo candidates and fonts, all
 * through the SSRF-safe client (every URL and every redirect re-checked). Answers candidate values,
 * each with where it came from and how sure we are; nothing is stored here.
 */
import * as cheerio from 'cheerio'
import sharp from 'sharp'
import { AppError } from '../../../platform/http/errors'
import { safeGet } from '../../../platform/http/safe-fetch'
import type { SafeFetchOptions } from '../../../platform/http/safe-fetch'
import { fontFormat, probeImage, woffToSfnt } from '../brands/brand-files'
import type { FontFormat, ProbedImage } from '../brands/brand-files'
import type { ColourRole } from '@mouthpiece/contracts/ads/brands.schemas'
import { colourUses, colourVariables, familyUses, fontFaces, parseCssColour, toHex } from './css-reader'
import { deltaE2000, SAME_COLOUR_DELTA_E } from '@mouthpiece/editor/ads/contrast'
import { readSiteCopy } from './copy-reader'

export interface Found {
  source: string
  detail: string | null
  confidence: number
}
export interface ScrapedText extends Found {
  value: string
}
export interface ScrapedColour extends Found {
  hex: string
  role: ColourRole
  name: string
}
export interface ScrapedImage extends Found {
  data: Buffer
  probed: ProbedImage
  kind: 'logo' | 'image'
}
export interface ScrapedFont extends Found {
  family: string
  weight: number
  style: 'normal' | 'italic'
  role: 'heading' | 'body' | null
  data: Buffer | null
  format: FontFormat | null
  note: string | null
}
export interface ScrapedKit {
  finalUrl: string
  name: ScrapedText
  description: ScrapedText
  logos: ScrapedImage[]
  images: ScrapedImage[]
  colours: ScrapedColour[]
  fonts: ScrapedFont[]
  /** The page's own words for an ad: hero headings (og:title last) and call-to-action buttons. */
  headlines: ScrapedText[]
  ctas: ScrapedText[]
  warnings: string[]
}

export interface ScrapeOptions extends Pick<SafeFetchOptions, 'allowHosts' | 'resolve'> {
  /** Time for the page itself; sub-resources share the rest of `budgetMs`. */
  pageTimeoutMs?: number
  budgetMs?: number
  onProgress?: (progress: number, stage: string) => Promise<void> | void
}

const PAGE_MAX = 3 * 1024 * 1024
const CSS_MAX = 1024 * 1024
const IMAGE_MAX = 5 * 1024 * 1024
const FONT_MAX = 3 * 1024 * 1024
const MAX_STYLESHEETS = 6
const MAX_LOGO_CANDIDATES = 8
/** The og:image and the page's own pictures, at most. */
const MAX_IMAGE_CANDIDATES = 7
/** A page picture smaller than this on its short side is an icon, not a product shot. */
const MIN_PRODUCT_SIDE = 160
const MAX_FONT_FILES = 8
export const NO_LOGO_WARNING = 'We found no logo on this site. Please upload your logo.'
export const WOFF2_NOTE =
  'Only a WOFF2 file was offered; the ad renderer reads TTF, OTF and WOFF. Upload a TTF or WOFF of this font to use it in ads.'

/** Runs `fn` over `items` with at most `n` at once. */
async function pool<T, R>(items: readonly T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i]!)
      }
    }),
  )
  return out
}

export async function scrapeSite(rawUrl: string, opts: ScrapeOptions = {}): Promise<ScrapedKit> {
  const started = Date.now()
  const budget = opts.budgetMs ?? 25_000
  const safe = { allowHosts: opts.allowHosts, resolve: opts.resolve, maxRedirects: 4 }
  const left = () => Math.max(500, budget - (Date.now() - started))
  const progress = async (p: number, stage: string) => {
    await opts.onProgress?.(p, stage)
  }
  /** A sub-resource: failures just mean "no candidate" (the page itself must load). */
  const fetchSub = async (url: string, maxBytes: number) =>
    safeGet(url, { ...safe, maxBytes, timeoutMs: Math.min(8000, left()) }).catch(() => null)

  await progress(5, 'Fetching the page')
  const page = await safeGet(rawUrl, { ...safe, maxBytes: PAGE_MAX, timeoutMs: opts.pageTimeoutMs ?? 10_000 })
  if (
    !/html|xml|text\/plain/i.test(page.contentType) &&
    !/^\s*</.test(page.body.subarray(0, 200).toString('utf8'))
  ) {
    throw new AppError(
      'not_html',
      'This link is not a web page. Please enter the address of the brand’s site.',
      400,
      { url: ['Not a web page'] },
    )
  }
  const base = page.finalUrl
  const $ = cheerio.load(page.body.toString('utf8'))
  const abs = (href: string | undefined) => {
    if (!href) return null
    try {
      const u = new URL(href, base)
      return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null
    } catch {
      return null
    }
  }
  const meta = (sel: string) => $(sel).attr('content')?.trim() || null
  const warnings: string[] = []

  await progress(20, 'Reading name and description')
  const host = new URL(base).hostname.replace(/^www\./, '')
  const ogName = meta('meta[property="og:site_name"]')
  const appName = meta('meta[name="application-name"]')
  const title = $('title').first().text().trim()
  const titleName = title.split(/\s[|–—·-]\s|:\s/)[0]?.trim() || ''
  const name: ScrapedText = ogName
    ? { value: ogName, source: 'og:site_name', detail: base, confidence: 0.95 }
    : appName
      ? { value: appName, source: 'application-name', detail: base, confidence: 0.9 }
      : titleName
        ? {
            value: titleName.slice(0, 80),
            source: 'title',
            detail: title.slice(0, 200),
            confidence: title === titleName ? 0.8 : 0.7,
          }
        : { value: host.slice(0, 80), source: 'domain', detail: base, confidence: 0.4 }
  const desc = meta('meta[name="description"]')
  const ogDesc = meta('meta[property="og:description"]')
  const description: ScrapedText = desc
    ? { value: desc.slice(0, 2000), source: 'meta description', detail: base, confidence: 0.9 }
    : ogDesc
      ? { value: ogDesc.slice(0, 2000), source: 'og:description', detail: base, confidence: 0.85 }
      : { value: '', source: 'none', detail: null, confidence: 0 }
  const { headlines, ctas } = readSiteCopy($, meta('meta[property="og:title"]'), name.value)

  await progress(30, 'Reading stylesheets')
  const sheetUrls = $('link[rel~="stylesheet"]')
    .map((_, el) => abs($(el).attr('href')))
    .get()
    .filter((u): u is string => !!u)
    .slice(0, MAX_STYLESHEETS)
  const sheets: Array<{ css: string; url: string }> = $('style')
    .map((_, el) => ({ css: $(el).text(), url: `${base} <style>` }))
    .get()
  for (const [i, got] of (await pool(sheetUrls, 3, (u) => fetchSub(u, CSS_MAX))).entries())
    if (got) sheets.push({ css: got.body.toString('utf8'), url: sheetUrls[i]! })
  // Inline style attributes count for colour use too.
  const inlineStyles = $('[style]')
    .map((_, el) => `x{${$(el).attr('style')}}`)
    .get()
    .join('\n')

  await progress(45, 'Finding logos')
  const { logos, images } = await readLogos($, abs, base, fetchSub)
  if (!logos.length) warnings.push(NO_LOGO_WARNING)

  await progress(65, 'Reading colours')
  const colours = await readColours($, sheets, inlineStyles, logos[0] ?? null)

  await progress(80, 'Reading fonts')
  const fonts = await readFonts(sheets, fetchSub)
  if (fonts.some((f) => f.note === WOFF2_NOTE))
    warnings.push('Some fonts were offered only as WOFF2; upload a TTF or WOFF to use them in ads.')

  return { finalUrl: base, name, description, logos, images, colours, fonts, headlines, ctas, warnings }
}

type FetchSub = (url: string, maxBytes: number) => Promise<{ body: Buffer; contentType: string } | null>
type Abs = (href: string | undefined) => string | null

interface LogoCandidate {
  url: string | null
  inline: Buffer | null
  source: string
  confidence: number
  kind: 'logo' | 'image'
}

/** Logo candidates in the order a brand usually marks them; sizes measured by decoding each file. */
async function readLogos(
  $: cheerio.CheerioAPI,
  abs: Abs,
  base: string,
  fetchSub: FetchSub,
): Promise<{ logos: ScrapedImage[]; images: ScrapedImage[] }> {
  const candidates: LogoCandidate[] = []
  const isLogo = (s: string | undefined) => !!s && /logo|brand/i.test(s)
  $('svg').each((_, el) => {
    const node = $(el)
    const marked = [
      node.attr('class'),
      node.attr('id'),
      node.attr('aria-label'),
      node.parent().attr('class'),
      node.parent().attr('id'),
      node.parent().attr('aria-label'),
    ].some(isLogo)
    if (!marked) return
    let svg = $.html(el)
    if (!/xmlns=/.test(svg)) svg = svg.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"')
    // Header and footer logos are both kept: a footer's is often the light variant (decision 0064).
    const inFooter = node.closest('footer').length > 0
    candidates.push({
      url: null,
      inline: Buffer.from(svg),
      source: inFooter ? 'footer inline svg' : 'inline svg',
      confidence: inFooter ? 0.88 : 0.9,
      kind: 'logo',
    })
  })
  $('img').each((_, el) => {
    const img = $(el)
    const marked = [
      img.attr('class'),
      img.attr('id'),
      img.attr('alt'),
      img.attr('src'),
      img.parent().attr('class'),
    ].some(isLogo)
    if (!marked && !img.closest('header, footer, nav').length) {
      // The page's own pictures (products, hero shots): offered in the kit as brand images; icons
      // and tracking pixels are dropped once measured (MIN_PRODUCT_SIDE).
      const url = abs(img.attr('src'))
      if (url && !url.startsWith('data:'))
        candidates.push({ url, inline: null, source: 'product img', confidence: 0.55, kind: 'image' })
    }
    if (marked) {
      const url = abs(img.attr('src'))
      const inFooter = img.closest('footer').length > 0
      if (url)
        candidates.push({
          url,
          inline: null,
          source: inFooter ? 'footer img logo' : 'img logo',
          confidence: inFooter ? 0.83 : 0.85,
          kind: 'logo',
        })
      // <picture>: the other formats offered for the same logo (an SVG beside the PNG).
      img
        .closest('picture')
        .find('source[srcset]')
        .each((_, source) => {
          const alt = abs(($(source).attr('srcset') ?? '').trim().split(/[\s,]+/)[0])
          if (alt)
            candidates.push({
              url: alt,
              inline: null,
              source: 'picture source',
              confidence: 0.84,
              kind: 'logo',
            })
        })
    }
  })
  $('link[rel]').each((_, el) => {
    const rel = ($(el).attr('rel') ?? '').toLowerCase()
    const url = abs($(el).attr('href'))
    if (!url) return
    if (rel.includes('apple-touch-icon'))
      candidates.push({ url, inline: null, source: 'apple-touch-icon', confidence: 0.6, kind: 'logo' })
    else if (rel.split(/\s+/).includes('icon') || rel.includes('mask-icon'))
      candidates.push({ url, inline: null, source: 'link rel=icon', confidence: 0.45, kind: 'logo' })
  })
  const manifestUrl = abs($('link[rel="manifest"]').attr('href'))
  if (manifestUrl) {
    const got = await fetchSub(manifestUrl, 256 * 1024)
    try {
      const manifest = got
        ? (JSON.parse(got.body.toString('utf8')) as { icons?: Array<{ src?: string }> })
        : null
      for (const icon of manifest?.icons ?? []) {
        const url = icon.src
          ? (() => {
              try {
                return new URL(icon.src, manifestUrl).href
              } catch {
                return null
              }
            })()
          : null
        if (url)
          candidates.push({ url, inline: null, source: 'manifest icon', confidence: 0.55, kind: 'logo' })
      }
    } catch {
      /* a broken manifest has no icons */
    }
  }
  const og = abs($('meta[property="og:image"]').attr('content'))
  // og:image is a brand picture; one whose address says it is the logo is a logo variant too.
  if (og)
    candidates.push({
      url: og,
      inline: null,
      source: 'og:image',
      confidence: 0.5,
      kind: isLogo(new URL(og).pathname) ? 'logo' : 'image',
    })

  // One fetch per URL, first (most trusted) mention wins.
  const seen = new Set<string>()
  const once = candidates.filter((c) => !c.url || (!seen.has(c.url) && seen.add(c.url)))
  const unique = [
    ...once.filter((c) => c.kind === 'logo').slice(0, MAX_LOGO_CANDIDATES),
    ...once.filter((c) => c.kind === 'image').slice(0, MAX_IMAGE_CANDIDATES),
  ]
  const fetched = await pool(unique, 4, async (c): Promise<ScrapedImage | null> => {
    const data = c.inline ?? (c.url ? ((await fetchSub(c.url, IMAGE_MAX))?.body ?? null) : null)
    if (!data) return null
    const probed = await probeImage(data)
    if (!probed) return null
    return { data, probed, source: c.source, detail: c.url ?? base, confidence: c.confidence, kind: c.kind }
  })
  const ok = fetched.filter((f): f is ScrapedImage => !!f)
  // Bigger is better among equally trusted candidates: a 16×16 favicon is a last resort.
  const score = (f: ScrapedImage) =>
    f.confidence +
    (f.probed.format === 'svg' ? 0.1 : Math.min(0.1, Math.max(f.probed.width, f.probed.height) / 2000)) -
    (Math.max(f.probed.width, f.probed.height) < 48 && f.probed.format !== 'svg' ? 0.2 : 0)
  const logos = ok.filter((f) => f.kind === 'logo').sort((a, b) => score(b) - score(a))
  // Identical files (an icon listed twice under different names) are kept once.
  const uniqueLogos = logos.filter((l, i) => logos.findIndex((o) => o.data.equals(l.data)) === i)
  const images = ok.filter(
    (f) =>
      f.kind === 'image' &&
      (f.source !== 'product img' || Math.min(f.probed.width, f.probed.height) >= MIN_PRODUCT_SIDE),
  )
  return { logos: uniqueLogos, images }
}

/** Role of a custom property by its name; the specific words first ("--brand-secondary" is secondary). */
const ROLE_WORDS: Array<[RegExp, ColourRole]> = [
  [/secondary/i, 'secondary'],
  [/accent|highlight|cta/i, 'accent'],
  [/(^|-)(bg|background|surface|canvas|paper)/i, 'background'],
  [/text|ink|foreground|fg|body/i, 'text'],
  [/primary|brand|main/i, 'primary'],
]

/** Colours: named custom properties first, then theme-color, the logo's palette, and the most used literals. */
async function readColours(
  $: cheerio.CheerioAPI,
  sheets: Array<{ css: string; url: string }>,
  inlineStyles: string,
  logo: ScrapedImage | null,
): Promise<ScrapedColour[]> {
  const out: ScrapedColour[] = []
  const add = (c: ScrapedColour) => {
    // A near-copy (a logo's anti-aliased edge, #0B6E4F beside #0B6F50) is the colour already kept:
    // merged under ΔE 5 (CIEDE2000, decision 0065), so the kit and its contrast table stay short.
    if (!out.some((o) => deltaE2000(o.hex, c.hex) < SAME_COLOUR_DELTA_E) && out.length < 12) out.push(c)
  }
  for (const sheet of sheets) {
    for (const v of colourVariables(sheet.css)) {
      const role = ROLE_WORDS.find(([re]) => re.test(v.name))?.[1]
      if (role)
        add({
          hex: v.hex,
          role,
          name: v.name.replace(/^--/, ''),
          source: `css ${v.name}`,
          detail: sheet.url,
          confidence: 0.9,
        })
    }
  }
  const theme = parseCssColour($('meta[name="theme-color"]').attr('content') ?? '')
  if (theme)
    add({
      hex: theme,
      role: out.some((c) => c.role === 'primary') ? 'accent' : 'primary',
      name: 'theme-color',
      source: 'theme-color',
      detail: null,
      confidence: 0.8,
    })
  if (logo)
    for (const hex of await paletteOf(logo.data))
      add({
        hex,
        role: out.some((c) => c.role === 'primary') ? 'other' : 'primary',
        name: 'logo',
        source: 'logo palette',
        detail: logo.detail,
        confidence: 0.6,
      })
  const uses = new Map<string, number>()
  for (const s of [...sheets.map((x) => x.css), inlineStyles])
    for (const [hex, n] of colourUses(s)) uses.set(hex, (uses.get(hex) ?? 0) + n)
  for (const [hex, n] of [...uses].sort((a, b) => b[1] - a[1]).slice(0, 4)) {
    add({
      hex,
      role: 'other',
      name: '',
      source: 'css usage',
      detail: `${n} declarations`,
      confidence: Math.min(0.55, 0.3 + n / 40),
    })
  }
  // A kit needs a text and a background colour for the contrast pairs: pick them from what was found.
  if (!out.some((c) => c.role === 'background')) {
    const light = out.filter((c) => c.role === 'other').find((c) => lum(c.hex) > 0.85)
    if (light) light.role = 'background'
  }
  if (!out.some((c) => c.role === 'text')) {
    const dark = out.filter((c) => c.role === 'other').find((c) => lum(c.hex) < 0.15)
    if (dark) dark.role = 'text'
  }
  return out
}

const lum = (hex: string) => {
  const n = parseInt(hex.slice(1), 16)
  return ((n >> 16) * 0.299 + ((n >> 8) & 255) * 0.587 + (n & 255) * 0.114) / 255
}

/** The logo's dominant colours: opaque pixels, near-white/black and greys left out, 5-bit buckets. */
export async function paletteOf(data: Buffer, max = 3): Promise<string[]> {
  const raw = await sharp(data, { limitInputPixels: 4096 * 4096 })
    .resize(64, 64, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => null)
  if (!raw) return []
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>()
  const px = raw.data
  for (let i = 0; i < px.length; i += 4) {
    const [r, g, b, a] = [px[i]!, px[i + 1]!, px[i + 2]!, px[i + 3]!]
    if (a < 128) continue
    const hi = Math.max(r, g, b)
    const lo = Math.min(r, g, b)
    if (hi - lo < 24) continue // white, black and greys say little about a brand
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3)
    const bk = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 }
    bk.n++
    bk.r += r
    bk.g += g
    bk.b += b
    buckets.set(key, bk)
  }
  return [...buckets.values()]
    .sort((a, b) => b.n - a.n)
    .filter((b) => b.n >= 4)
    .slice(0, max)
    .map((b) => toHex([b.r / b.n, b.g / b.n, b.b / b.n]))
}

/** Fonts: `@font-face` files the renderer can read (TTF/OTF/WOFF), WOFF2-only faces kept with a note, and the families the page sets. */
async function readFonts(
  sheets: Array<{ css: string; url: string }>,
  fetchSub: FetchSub,
): Promise<ScrapedFont[]> {
  const faces = sheets.flatMap((s) =>
    fontFaces(s.css, s.url.replace(/ <style>$/, '')).map((f) => ({ ...f, sheet: s.url })),
  )
  const uses = sheets.flatMap((s) => familyUses(s.css))
  const roleOf = (family: string): 'heading' | 'body' | null => {
    const on = uses
      .filter((u) => u.families[0]?.toLowerCase() === family.toLowerCase())
      .map((u) => u.selector)
    if (on.some((s) => /\bh[1-3]\b|heading|title|display/i.test(s))) return 'heading'
    if (on.some((s) => /\b(body|html|p)\b|:root/i.test(s))) return 'body'
    return null
  }
  const out: ScrapedFont[] = []
  const files = await pool(faces.slice(0, MAX_FONT_FILES), 3, async (face) => {
    const usable = face.sources.find((s) => !s.format || !/woff2/.test(s.format)) ?? null
    for (const src of usable ? [usable, ...face.sources.filter((s) => s !== usable)] : face.sources) {
      const got = await fetchSub(src.url, FONT_MAX)
      const format = got ? fontFormat(got.body) : null
      if (got && format === 'woff') {
        // Renderers load TTF/OTF: a WOFF is unpacked to its sfnt (lossless), a broken one is no file.
        try {
          const sfnt = woffToSfnt(got.body)
          return { data: sfnt.data, format: sfnt.format, url: src.url, note: 'Converted from WOFF.' }
        } catch {
          continue
        }
      }
      if (got && format && format !== 'woff2') return { data: got.body, format, url: src.url, note: null }
      if (format === 'woff2') return { data: null, format: null, url: src.url, note: WOFF2_NOTE }
    }
    return {
      data: null,
      format: null,
      url: face.sources[0]?.url ?? null,
      note: face.sources.length ? 'The font file could not be loaded.' : null,
    }
  })
  faces.slice(0, MAX_FONT_FILES).forEach((face, i) => {
    const f = files[i]!
    if (out.some((o) => o.family === face.family && o.weight === face.weight && o.style === face.style))
      return
    out.push({
      family: face.family.slice(0, 80),
      weight: face.weight,
      style: face.style,
      role: roleOf(face.family),
      data: f.data,
      format: f.format,
      note: f.note,
      source: '@font-face',
      detail: f.url ?? face.sheet,
      confidence: f.data ? 0.9 : 0.6,
    })
  })
  // Families the page sets without a face of its own (system or hosted elsewhere): name only.
  for (const use of uses) {
    const family = use.families[0]!
    if (out.some((o) => o.family.toLowerCase() === family.toLowerCase()) || out.length >= 12) continue
    const role = /\bh[1-3]\b|heading|title/i.test(use.selector)
      ? 'heading'
      : /\b(body|html)\b|:root/.test(use.selector)
        ? 'body'
        : null
    if (!role) continue
    out.push({
      family: family.slice(0, 80),
      weight: role === 'heading' ? 700 : 400,
      style: 'normal',
      role,
      data: null,
      format: null,
      note: null,
      source: 'font-family',
      detail: use.selector.slice(0, 200),
      confidence: 0.5,
    })
  }
  return out
}
