/**
 * The brand kit as other flows read it (ad images, ad audio and video): one call, plain values,
 * files named by storage key. `materializeKitFile` copies a file to a local path for renderers.
 */
import fs from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { BrandVoice, CaptionStyle, ColourRole } from '@mouthpiece/contracts/ads/brands.schemas'
import type { Queryable } from '../../../platform/db/client'
import type { Storage } from '../../../platform/storage/storage'
import { contrastPairs, textColourOn } from './contrast'
import type { ContrastResult } from './contrast'
import { loadBrand } from './brands.repo'

export interface KitFile {
  id: string
  /** Storage key (`storage.get(file_key)`, or `materializeKitFile`). */
  file_key: string
  mime: string
  width: number
  height: number
  /** Where it came from: `upload`, `user`, or what the site reader found it as (`og:image`, `product img`, …). */
  source: string
}

export interface BrandKit {
  id: number
  user_id: number
  name: string
  description: string
  website: string | null
  /** In the user's order; roles: primary, secondary, accent, background, text, other. */
  colours: Array<{ id: string; hex: string; role: ColourRole; name: string }>
  /** Family + weight (100–900); `file_key` is a TTF/WOFF/OTF the renderer can load, null when only the family is known. */
  fonts: Array<{
    id: string
    family: string
    weight: number
    style: 'normal' | 'italic'
    role: 'heading' | 'body' | null
    file_key: string | null
    format: string | null
  }>
  /** Primary logo first. */
  logos: Array<KitFile & { primary: boolean }>
  images: KitFile[]
  voice: BrandVoice
  caption_style: CaptionStyle
  /** The site's headlines and call-to-action button texts, best first (decision 0076): `adCopyFromKit` reads them. */
  site_headlines: Array<{ text: string }>
  site_ctas: Array<{ text: string }>
  /** Every pair of kit colours with its WCAG ratio, best first; use only `body_text: true` pairs for body text. */
  contrast: ContrastResult[]
}

/** The kit of one brand, or null when there is no such brand. Ownership is the caller's check (`kit.user_id`). */
export async function getBrandKit(db: Queryable, brandId: number): Promise<BrandKit | null> {
  const found = await loadBrand(db, brandId)
  if (!found) return null
  const { brand, colours, fonts, logos, images } = found
  const file = (r: {
    id: string
    file_key: string
    mime: string
    width: number
    height: number
    source: string
  }): KitFile => ({
    id: r.id,
    file_key: r.file_key,
    mime: r.mime,
    width: r.width,
    height: r.height,
    source: r.source,
  })
  return {
    id: brand.id,
    user_id: brand.user_id,
    name: brand.name,
    description: brand.description,
    website: brand.website,
    colours: colours.map((c) => ({ id: c.id, hex: c.hex, role: c.role, name: c.name })),
    fonts: fonts.map((f) => ({
      id: f.id,
      family: f.family,
      weight: f.weight,
      style: f.style,
      role: f.role ?? null,
      file_key: f.file_key,
      format: f.format,
    })),
    logos: logos.map((l) => ({ ...file(l), primary: l.is_primary })),
    images: images.map(file),
    voice: brand.voice,
    caption_style: brand.caption_style,
    site_headlines: brand.site_copy.headlines.map((l) => ({ text: l.text })),
    site_ctas: brand.site_copy.ctas.map((l) => ({ text: l.text })),
    contrast: contrastPairs(colours),
  }
}

/** The kit colour of a role (first one), for templates. */
export function kitColour(kit: BrandKit, role: ColourRole): string | null {
  return kit.colours.find((c) => c.role === role)?.hex ?? null
}

/** The text colour to set on `background` with this kit: a passing kit colour (≥ 4.5:1) or white/black. */
export function kitTextOn(kit: BrandKit, background: string, minRatio?: number) {
  return textColourOn(
    background,
    kit.colours.map((c) => c.hex),
    minRatio,
  )
}

/** Copies a kit file (logo, image, font) into `dir` and answers its local path. */
export async function materializeKitFile(storage: Storage, fileKey: string, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  const target = path.join(dir, fileKey.replace(/[^A-Za-z0-9._-]+/g, '_'))
  const { body } = await storage.get(fileKey)
  await pipeline(body, fs.createWriteStream(target))
  return target
}
