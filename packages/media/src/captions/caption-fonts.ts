/**
 * The font files behind the spec's 15 caption fonts — the same files the page loads (@fontsource),
 * so a caption looks the same in the editor and in the video. Proprietary faces use open
 * look-alikes: Arial/Helvetica → Liberation Sans (metric-compatible), Impact → Anton,
 * Agency FB → Saira Condensed.
 */
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, symlink } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { GlobalFonts, createCanvas } from '@napi-rs/canvas'
import type { CaptionFont } from '@mouthpiece/contracts/constants'
import { fontFamilyName } from './font-names'

interface FontSource {
  /** Family name inside the font files (what libass and canvas match on). */
  family: string
  /** @fontsource package id, or null for a system font. */
  fontsource: string | null
  /** System files by weight, for non-fontsource faces. */
  system?: Record<number, string>
}

const LIBERATION = '/usr/share/fonts/truetype/liberation'
const liberation: FontSource = {
  family: 'Liberation Sans',
  fontsource: null,
  system: { 400: `${LIBERATION}/LiberationSans-Regular.ttf`, 700: `${LIBERATION}/LiberationSans-Bold.ttf` },
}

export const CAPTION_FONT_SOURCES: Record<CaptionFont, FontSource> = {
  Lato: { family: 'Lato', fontsource: 'lato' },
  'Noto Sans JP': { family: 'Noto Sans JP', fontsource: 'noto-sans-jp' },
  Montserrat: { family: 'Montserrat', fontsource: 'montserrat' },
  'Open Sans': { family: 'Open Sans', fontsource: 'open-sans' },
  Roboto: { family: 'Roboto', fontsource: 'roboto' },
  'Source Sans Pro': { family: 'Source Sans Pro', fontsource: 'source-sans-pro' },
  Poppins: { family: 'Poppins', fontsource: 'poppins' },
  Raleway: { family: 'Raleway', fontsource: 'raleway' },
  'Bebas Neue': { family: 'Bebas Neue', fontsource: 'bebas-neue' },
  Helvetica: liberation,
  Arial: liberation,
  'Roboto Condensed': { family: 'Roboto Condensed', fontsource: 'roboto-condensed' },
  Impact: { family: 'Anton', fontsource: 'anton' },
  'Agency FB': { family: 'Saira Condensed', fontsource: 'saira-condensed' },
  Ubuntu: { family: 'Ubuntu', fontsource: 'ubuntu' },
}

export interface ResolvedFont {
  /** The face's family name as libass sees it (name ID 1, e.g. "Roboto ExtraBold"). */
  family: string
  /** The weight actually available nearest to the one asked for. */
  weight: number
  /** Files to load: the Latin subsets (plus every subset when the text needs them). */
  files: string[]
}

const requireHere = createRequire(import.meta.url)
function fontsourceDir(id: string): string {
  return path.join(path.dirname(requireHere.resolve(`@fontsource/${id}/package.json`)), 'files')
}

const listing = new Map<string, string[]>()
function filesOf(id: string): string[] {
  let files = listing.get(id)
  if (!files) {
    files = readdirSync(fontsourceDir(id)).filter((f) => f.endsWith('-normal.woff2'))
    listing.set(id, files)
  }
  return files
}

/** Resolves a caption font and weight to files, as CSS would (nearest available weight). */
export function resolveCaptionFont(font: CaptionFont, weight: number, text = ''): ResolvedFont {
  const source = CAPTION_FONT_SOURCES[font]
  const nearest = (weights: number[]) =>
    weights.reduce((best, w) => (Math.abs(w - weight) < Math.abs(best - weight) ? w : best))
  if (!source.fontsource) {
    const system = source.system ?? {}
    const w = nearest(Object.keys(system).map(Number))
    const file = system[w]
    const present = file && existsSync(file)
    return {
      family: (present ? fontFamilyName(file) : null) ?? source.family,
      weight: w,
      files: present ? [file] : [],
    }
  }
  const id = source.fontsource
  const dir = fontsourceDir(id)
  const all = filesOf(id)
  const weights = [...new Set(all.map((f) => Number(/-(\d00)-normal\.woff2$/.exec(f)?.[1] ?? 400)))]
  const w = nearest(weights)
  // Non-Latin text (e.g. Japanese) needs the other subsets of that weight too.
  const needsAll = /[^\u0020-\u024f\u2000-\u206f\s]/.test(text)
  const files = all.filter(
    (f) => f.endsWith(`-${w}-normal.woff2`) && (needsAll || /-latin(-ext)?-\d00-normal/.test(f)),
  )
  // The WOFF twin of the Latin file carries the same name table in an easy-to-read (zlib) form.
  const latin = path.join(dir, `${id}-latin-${w}-normal.woff`)
  const family = (existsSync(latin) ? fontFamilyName(latin) : null) ?? source.family
  return { family, weight: w, files: files.map((f) => path.join(dir, f)) }
}

/** A font file as a caption face (a brand's own font): its family as the file names it, for libass and canvas alike. */
export function fileCaptionFont(file: string, weight: number): ResolvedFont {
  return { family: fontFamilyName(file) ?? path.basename(file, path.extname(file)), weight, files: [file] }
}

/** Makes a directory holding only the chosen font's files (libass loads every file in its fontsdir). */
export async function prepareFontsDir(dir: string, font: ResolvedFont): Promise<string> {
  await mkdir(dir, { recursive: true })
  await Promise.all(
    font.files.map((file, i) =>
      symlink(file, path.join(dir, `${i}-${path.basename(file)}`)).catch(() => undefined),
    ),
  )
  return dir
}

const registered = new Set<string>()
/** The family name the font's files are registered under with @napi-rs/canvas (by measureCaption). */
export const captionAlias = (font: ResolvedFont) => `mp ${font.family} ${font.weight}`

/** Text measurement with the very same files, used to wrap caption lines and size them as CSS does. */
export function measureCaption(font: ResolvedFont, cssPx: number) {
  const alias = captionAlias(font)
  if (!registered.has(alias)) {
    for (const file of font.files) GlobalFonts.registerFromPath(file, alias)
    registered.add(alias)
  }
  const ctx = createCanvas(4, 4).getContext('2d')
  ctx.font = `${cssPx}px "${alias}"`
  const probe = ctx.measureText('Hg')
  return {
    width: (text: string) => ctx.measureText(text).width,
    /** Font ascent + descent at this size: libass sizes fonts by this, CSS by the em. */
    lineHeight: probe.fontBoundingBoxAscent + probe.fontBoundingBoxDescent,
  }
}
