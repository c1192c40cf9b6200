/**
 * From a brand kit and the picked characters to what the template engine takes (AdDesign) plus the
 * image table the canvases draw from. No brand: a neutral kit in the product's own colours.
 */
import { CAPTION_FONTS } from '@mouthpiece/contracts/constants'
import type { CharacterRef } from '@mouthpiece/contracts/ads/images'
import type { CanvasFont } from '@mouthpiece/contracts/ads/canvas'
import { BRAND_NOT_FOUND } from '@mouthpiece/contracts/ads/brands.schemas'
import type { AdKit, AdPicture } from '@mouthpiece/editor/ads/ad-layout'
import type { AdLogo } from '@mouthpiece/editor/ads/ad-logo'
import { toHex } from '@mouthpiece/editor/ads/contrast'
import sharp from 'sharp'
import { readStored } from './ad-render'
import { AppError } from '../../../platform/http/errors'
import { getBrandKit } from '../brands/brand-kit.service'
import type { BrandKit } from '../brands/brand-kit.service'
import * as repo from './ad-images.repo'
import type { CanvasImage } from './ad-images.table'
import type { AdsDeps } from '../ads.deps'

export interface KitForAds {
  kit: AdKit
  images: Record<string, CanvasImage>
  /** Brand font files the renderer registers under their family names. */
  fontFiles: Array<{ family: string; file_key: string }>
}

const DEFAULT_HEADING: CanvasFont = { family: 'Montserrat', weight: 800 }
const DEFAULT_BODY: CanvasFont = { family: 'Open Sans', weight: 400 }

/** A brand family the renderer can draw: one of the 15 caption fonts by name, or a brand font file. */
function usableFont(f: BrandKit['fonts'][number] | undefined, fallback: CanvasFont): CanvasFont {
  if (!f) return fallback
  const caption = CAPTION_FONTS.find((c) => c.toLowerCase() === f.family.toLowerCase())
  if (caption) return { family: caption, weight: f.weight }
  return f.file_key ? { family: f.family, weight: f.weight } : fallback
}

const ROLE_ORDER = ['primary', 'secondary', 'accent', 'other', 'background', 'text'] as const

export async function kitForAds(deps: AdsDeps, userId: number, brandId: number | null): Promise<KitForAds> {
  if (brandId === null)
    return {
      kit: { name: 'Your brand', colors: [], headingFont: DEFAULT_HEADING, bodyFont: DEFAULT_BODY },
      images: {},
      fontFiles: [],
    }
  const brand = await getBrandKit(deps.db, brandId)
  if (!brand || brand.user_id !== userId)
    throw new AppError('not_found', BRAND_NOT_FOUND, 404, { brand_id: [BRAND_NOT_FOUND] })
  const colors = [...brand.colours]
    .sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role))
    .map((c) => c.hex)
  const headingRow = brand.fonts.find((f) => f.role === 'heading') ?? brand.fonts[0]
  const bodyRow =
    brand.fonts.find((f) => f.role === 'body') ?? brand.fonts.find((f) => f !== headingRow) ?? headingRow
  // Every logo variant the brand has (header, footer, icons, SVG and PNG), each with its measured
  // ink, so each placement draws the one that stands out from what is behind it (decision 0064).
  const images: Record<string, CanvasImage> = {}
  const logos: AdLogo[] = []
  for (const logo of brand.logos) {
    if (logo.mime === 'image/x-icon') continue
    const key = logos.length ? `logo-${logo.id}` : 'logo'
    const ink = await logoInk(deps, logo.file_key)
    if (ink === undefined) continue
    images[key] = {
      file_key: logo.file_key,
      width: logo.width,
      height: logo.height,
      source: `brand:${brand.id}:logo:${logo.id}`,
    }
    logos.push({ image: key, width: logo.width, height: logo.height, ...(ink ? { ink } : {}) })
  }
  const logoPicture: AdPicture | undefined = logos[0]
  // Every brand font with a file, not only heading and body: the editor offers each of them for a text asset.
  const fontFiles = brand.fonts.flatMap((f) =>
    f.file_key && !CAPTION_FONTS.some((c) => c.toLowerCase() === f.family.toLowerCase())
      ? [{ family: f.family, file_key: f.file_key }]
      : [],
  )
  return {
    kit: {
      name: brand.name,
      colors,
      headingFont: usableFont(headingRow, DEFAULT_HEADING),
      bodyFont: usableFont(bodyRow, DEFAULT_BODY),
      ...(logoPicture ? { logo: logoPicture, logos } : {}),
    },
    images,
    fontFiles,
  }
}

const inkCache = new Map<string, string | null>()

/**
 * A logo's ink: the mean colour of its opaque pixels (null: none opaque — a plate decides), measured
 * once per file; undefined when the file cannot be read (the logo is left out, not the ad).
 */
async function logoInk(deps: AdsDeps, fileKey: string): Promise<string | null | undefined> {
  if (inkCache.has(fileKey)) return inkCache.get(fileKey)
  const bytes = await readStored(deps.storage, fileKey).catch(() => null)
  if (!bytes) return undefined
  const raw = await sharp(bytes, { density: 96 })
    .resize(96, 96, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => null)
  if (!raw) return undefined
  const ink = inkOf(raw.data)
  if (inkCache.size > 256) inkCache.clear()
  inkCache.set(fileKey, ink)
  return ink
}

/** Mean colour of the opaque pixels of RGBA bytes (alpha ≥ 200), or null when there are none. */
export function inkOf(rgba: Uint8Array): string | null {
  let n = 0
  const sum = [0, 0, 0]
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i + 3]! < 200) continue
    n++
    for (let c = 0; c < 3; c++) sum[c]! += rgba[i + c]!
  }
  return n ? toHex(sum.map((v) => Math.round(v / n)) as [number, number, number]) : null
}

export const characterKey = (ref: CharacterRef) => `char-${ref.asset_id}-${ref.character_id}`

/** The picked characters, each checked to be the user's, as pictures and image-table entries. */
export async function charactersForAds(
  deps: AdsDeps,
  userId: number,
  refs: readonly CharacterRef[],
): Promise<{ subjects: AdPicture[]; images: Record<string, CanvasImage> }> {
  const subjects: AdPicture[] = []
  const images: Record<string, CanvasImage> = {}
  for (const ref of refs) {
    const asset = await repo.findAsset(deps.db, ref.asset_id, userId)
    const character = asset?.characters.find((c) => c.id === ref.character_id)
    if (!character)
      throw new AppError('not_found', 'Character not found', 404, { characters: ['Character not found'] })
    const key = characterKey(ref)
    images[key] = {
      file_key: character.file_key,
      width: character.width,
      height: character.height,
      source: `${ref.asset_id}:${ref.character_id}`,
    }
    subjects.push({ image: key, width: character.width, height: character.height })
  }
  return { subjects, images }
}
