import { CAPTION_FONTS } from '@mouthpiece/contracts/constants'
import type { BrandFont } from '@mouthpiece/contracts/ads/brands.schemas'
import { API_BASE_URL } from '../../../lib/api'

/** The family name as the canvas asks for it (editor `fontFamilies` strips quotes and backslashes the same way). */
const canvasFamily = (family: string) => family.replace(/["\\]/g, '')
const isCaptionFont = (family: string) => CAPTION_FONTS.some((c) => c.toLowerCase() === family.toLowerCase())

const loading = new Map<string, Promise<void>>()

/**
 * A brand's own font file, registered under its family name as the renderer registers it
 * (GlobalFonts.register(bytes, family)), so the preview draws and measures with the same glyphs.
 * One file stands for every weight, as on the server: the face claims the whole 100–900 range.
 */
function loadBrandFace(family: string, url: string): Promise<void> {
  let p = loading.get(url)
  if (!p) {
    p = new FontFace(canvasFamily(family), `url(${API_BASE_URL}${url})`, { weight: '100 900' })
      .load()
      .then((face) => {
        document.fonts.add(face)
      })
    // A file that failed to load is tried again next time (network blip); meanwhile Roboto stands in.
    p = p.catch(() => {
      loading.delete(url)
    })
    loading.set(url, p)
  }
  return p
}

/** Brand fonts the renderer draws from a file (not one of the 15 caption fonts), by family. */
export function brandFontFiles(fonts: readonly BrandFont[] | undefined): Map<string, string> {
  const files = new Map<string, string>()
  for (const f of fonts ?? [])
    if (f.url && !isCaptionFont(f.family) && !files.has(f.family.toLowerCase()))
      files.set(f.family.toLowerCase(), f.url)
  return files
}

/** Loads the brand font files the given families need; families without a file stay on the fallback. */
export async function loadBrandFonts(families: Iterable<string>, files: Map<string, string>): Promise<void> {
  const loads: Array<Promise<void>> = []
  for (const family of new Set(families)) {
    const url = files.get(family.toLowerCase())
    if (url) loads.push(loadBrandFace(family, url))
  }
  await Promise.all(loads)
}
