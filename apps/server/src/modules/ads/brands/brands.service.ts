import type { z } from 'zod'
import type {
  Brand,
  BrandSummary,
  ColourBody,
  CreateBrandBody,
  FontBody,
  UpdateBrandBody,
  UpdateColourBody,
  UpdateFileBody,
  UpdateFontBody,
  ValueSource,
} from '@mouthpiece/contracts/ads/brands.schemas'
import {
  BRAND_NOT_FOUND,
  DEFAULT_BRAND_VOICE,
  DEFAULT_CAPTION_STYLE,
} from '@mouthpiece/contracts/ads/brands.schemas'
import type { AdsDeps } from '../ads.deps'
import { AppError } from '../../../platform/http/errors'
import { checkVoiceChoice } from '../../voices'
import * as repo from './brands.repo'
import type { BrandWithParts, PartKind } from './brands.repo'
import { adBrandImages, adBrandLogos } from './brands.table'
import type { SiteCopyLine } from './brands.table'
import { contrastPairs } from './contrast'
import { storeBrandImage } from './brand-files'

export const brandNotFound = () => new AppError('not_found', BRAND_NOT_FOUND, 404)
const partNotFound = (what: string) => new AppError('not_found', `${what} not found`, 404)
export const MAX_BRAND_PARTS = 40

const sourceOf = (r: {
  source: string
  source_detail: string | null
  confidence: number
  confirmed: boolean
}): ValueSource => ({
  kind: r.source,
  detail: r.source_detail,
  confidence: Math.round(r.confidence * 100) / 100,
  confirmed: r.confirmed,
})
const USER_SOURCE: ValueSource = { kind: 'user', detail: null, confidence: 1, confirmed: true }
const siteLine = (l: SiteCopyLine) => ({
  text: l.text,
  source: sourceOf({
    source: l.source,
    source_detail: l.detail,
    confidence: l.confidence,
    confirmed: l.confirmed,
  }),
})
export const fileUrl = (brandId: number, partId: string) => `/api/ads/brands/${brandId}/files/${partId}`

export function presentBrand({ brand, colours, fonts, logos, images }: BrandWithParts): Brand {
  const fs = brand.field_sources
  const field = (k: 'name' | 'description'): ValueSource =>
    fs?.[k]
      ? { kind: fs[k].source, detail: fs[k].detail, confidence: fs[k].confidence, confirmed: fs[k].confirmed }
      : USER_SOURCE
  const file = (r: (typeof logos)[number] | (typeof images)[number]) => ({
    id: r.id,
    url: fileUrl(brand.id, r.id),
    mime: r.mime,
    width: r.width,
    height: r.height,
    bytes: r.bytes,
    source: sourceOf(r),
  })
  return {
    id: brand.id,
    name: brand.name,
    description: brand.description,
    website: brand.website,
    name_source: field('name'),
    description_source: field('description'),
    voice: brand.voice,
    caption_style: brand.caption_style,
    colours: colours.map((c) => ({ id: c.id, hex: c.hex, role: c.role, name: c.name, source: sourceOf(c) })),
    fonts: fonts.map((f) => ({
      id: f.id,
      family: f.family,
      weight: f.weight,
      style: f.style,
      role: f.role ?? null,
      url: f.file_key ? fileUrl(brand.id, f.id) : null,
      format: f.format,
      note: f.note,
      source: sourceOf(f),
    })),
    logos: logos.map((l) => ({ ...file(l), primary: l.is_primary })),
    images: images.map(file),
    site_headlines: brand.site_copy.headlines.map(siteLine),
    site_ctas: brand.site_copy.ctas.map(siteLine),
    contrast: contrastPairs(colours),
    scrape_task_id: brand.scrape_task_id,
    created_at: brand.created_at.toISOString(),
    updated_at: brand.updated_at.toISOString(),
  }
}

/** One of the user's brands, whole; 404 for anyone else's. */
export async function getBrand(deps: AdsDeps, userId: number, brandId: number): Promise<Brand> {
  const found = await repo.loadBrand(deps.db, brandId, userId)
  if (!found) throw brandNotFound()
  return presentBrand(found)
}

export async function listBrands(deps: AdsDeps, userId: number): Promise<BrandSummary[]> {
  const brands = await repo.listBrands(deps.db, userId)
  const parts = await repo.loadParts(
    deps.db,
    brands.map((b) => b.id),
  )
  return brands.map((b) => {
    const p = parts.get(b.id)!
    const logo = p.logos[0]
    return {
      id: b.id,
      name: b.name,
      website: b.website,
      created_at: b.created_at.toISOString(),
      updated_at: b.updated_at.toISOString(),
      logo_url: logo ? fileUrl(b.id, logo.id) : null,
      colours: p.colours.map((c) => c.hex),
    }
  })
}

export async function createBrand(
  deps: AdsDeps,
  userId: number,
  body: z.infer<typeof CreateBrandBody>,
): Promise<Brand> {
  const row = await repo.insertBrand(deps.db, {
    user_id: userId,
    name: body.name,
    description: body.description,
    website: body.website,
    voice: DEFAULT_BRAND_VOICE,
    caption_style: DEFAULT_CAPTION_STYLE,
  })
  return getBrand(deps, userId, row.id)
}

export async function updateBrand(
  deps: AdsDeps,
  userId: number,
  brandId: number,
  body: z.infer<typeof UpdateBrandBody>,
): Promise<Brand> {
  // Any voice of the library; another user's personal voice is not found.
  if (body.voice?.voice_id) await checkVoiceChoice(deps.db, userId, body.voice.voice_id)
  await deps.db.transaction(async (tx) => {
    const brand = await repo.findBrand(tx, brandId, userId, { lock: true })
    if (!brand) throw brandNotFound()
    const sources = brand.field_sources ? structuredClone(brand.field_sources) : null
    // A field the user typed is theirs now; Save (confirm_all) keeps every scraped value as reviewed.
    if (sources) {
      if (body.name !== undefined && body.name !== brand.name)
        sources.name = { source: 'user', detail: null, confidence: 1, confirmed: true }
      if (body.description !== undefined && body.description !== brand.description)
        sources.description = { source: 'user', detail: null, confidence: 1, confirmed: true }
      if (body.confirm_all) for (const k of ['name', 'description'] as const) sources[k].confirmed = true
    }
    await repo.touchBrand(tx, brandId, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.website !== undefined && { website: body.website }),
      ...(body.voice && { voice: body.voice }),
      ...(body.caption_style && { caption_style: body.caption_style }),
      field_sources: sources,
      ...(body.confirm_all && {
        site_copy: {
          headlines: brand.site_copy.headlines.map((l) => ({ ...l, confirmed: true })),
          ctas: brand.site_copy.ctas.map((l) => ({ ...l, confirmed: true })),
        },
      }),
    })
    if (body.confirm_all) {
      await repo.confirmAllParts(tx, brandId)
    }
  })
  return getBrand(deps, userId, brandId)
}

export async function deleteBrand(deps: AdsDeps, userId: number, brandId: number): Promise<void> {
  const found = await repo.loadBrand(deps.db, brandId, userId)
  if (!found) throw brandNotFound()
  await repo.deleteBrand(deps.db, brandId)
  const keys = [...found.logos, ...found.images]
    .map((r) => r.file_key)
    .concat(found.fonts.flatMap((f) => (f.file_key ? [f.file_key] : [])))
  await Promise.all(keys.map((k) => deps.storage.delete(k).catch(() => undefined)))
}

/** Runs a change of one part inside a transaction holding the brand; answers the brand afterwards. */
async function changePart(
  deps: AdsDeps,
  userId: number,
  brandId: number,
  kind: PartKind | null,
  change: (tx: Parameters<Parameters<AdsDeps['db']['transaction']>[0]>[0]) => Promise<void>,
): Promise<Brand> {
  await deps.db.transaction(async (tx) => {
    const brand = await repo.findBrand(tx, brandId, userId, { lock: true })
    if (!brand) throw brandNotFound()
    if (kind) {
      const n = (await repo.loadParts(tx, [brandId])).get(brandId)![kind].length
      if (n >= MAX_BRAND_PARTS)
        throw new AppError(
          'too_many',
          `A brand keeps at most ${MAX_BRAND_PARTS} ${kind}. Please remove one first.`,
          422,
        )
    }
    await change(tx)
    await repo.touchBrand(tx, brandId)
  })
  return getBrand(deps, userId, brandId)
}

export async function addColour(
  deps: AdsDeps,
  userId: number,
  brandId: number,
  body: z.infer<typeof ColourBody>,
) {
  return changePart(deps, userId, brandId, 'colours', async (tx) => {
    await repo.appendColour(tx, brandId, body)
  })
}

export async function updateColour(
  deps: AdsDeps,
  userId: number,
  brandId: number,
  id: string,
  body: z.infer<typeof UpdateColourBody>,
) {
  return changePart(deps, userId, brandId, null, async (tx) => {
    const edited = body.hex !== undefined || body.role !== undefined || body.name !== undefined
    // An edited value is the user's own from now on (source "user", fully sure).
    const row = await repo.updateColour(tx, brandId, id, {
      ...body,
      ...(edited && { source: 'user', source_detail: null, confidence: 1, confirmed: true }),
    })
    if (!row) throw partNotFound('Colour')
  })
}

export async function addFont(
  deps: AdsDeps,
  userId: number,
  brandId: number,
  body: z.infer<typeof FontBody>,
) {
  return changePart(deps, userId, brandId, 'fonts', async (tx) => {
    await repo.insertFont(tx, { brand_id: brandId, ...body })
  })
}

export async function updateFont(
  deps: AdsDeps,
  userId: number,
  brandId: number,
  id: string,
  body: z.infer<typeof UpdateFontBody>,
) {
  return changePart(deps, userId, brandId, null, async (tx) => {
    const edited =
      body.family !== undefined ||
      body.weight !== undefined ||
      body.style !== undefined ||
      body.role !== undefined
    const row = await repo.updateFont(tx, brandId, id, {
      ...body,
      ...(edited && { source: 'user', source_detail: null, confidence: 1, confirmed: true }),
    })
    if (!row) throw partNotFound('Font')
  })
}

const fileTables = { logos: adBrandLogos, images: adBrandImages } as const

/** Stores an uploaded picture as a logo or image (the first logo becomes the primary one). */
export async function addUploadedFile(
  deps: AdsDeps,
  userId: number,
  brandId: number,
  kind: 'logos' | 'images',
  data: Buffer,
  originalName: string,
) {
  if (!(await repo.findBrand(deps.db, brandId, userId))) throw brandNotFound()
  const stored = await storeBrandImage(deps.storage, userId, brandId, data)
  try {
    return await changePart(deps, userId, brandId, kind, async (tx) => {
      const base = {
        brand_id: brandId,
        file_key: stored.key,
        mime: stored.mime,
        width: stored.width,
        height: stored.height,
        bytes: stored.bytes,
        source: 'upload',
        source_detail: originalName.slice(0, 200),
      }
      if (kind === 'images') {
        await repo.insertImage(tx, base)
        return
      }
      const existing = await repo.hasLogo(tx, brandId)
      await repo.insertLogo(tx, { ...base, is_primary: !existing })
    })
  } catch (e) {
    await deps.storage.delete(stored.key).catch(() => undefined)
    throw e
  }
}

export async function updateFile(
  deps: AdsDeps,
  userId: number,
  brandId: number,
  kind: 'logos' | 'images',
  id: string,
  body: z.infer<typeof UpdateFileBody>,
) {
  return changePart(deps, userId, brandId, null, async (tx) => {
    const table = fileTables[kind]
    const row = await repo.findFilePart(tx, table, brandId, id)
    if (!row) throw partNotFound(kind === 'logos' ? 'Logo' : 'Image')
    if (body.confirmed !== undefined) await repo.setFileConfirmed(tx, table, id, body.confirmed)
    if (kind === 'logos' && body.primary) await repo.makePrimaryLogo(tx, brandId, id)
  })
}

/** Removes one part (and its file); removing the primary logo promotes the next one. */
export async function removePart(deps: AdsDeps, userId: number, brandId: number, kind: PartKind, id: string) {
  let fileKey: string | null = null
  const brand = await changePart(deps, userId, brandId, null, async (tx) => {
    const row = await repo.deletePart(tx, kind, brandId, id)
    if (!row) throw partNotFound({ colours: 'Colour', fonts: 'Font', logos: 'Logo', images: 'Image' }[kind])
    fileKey = 'file_key' in row ? row.file_key : null
    if (kind === 'logos' && 'is_primary' in row && row.is_primary) await repo.promoteOldestLogo(tx, brandId)
  })
  if (fileKey) await deps.storage.delete(fileKey).catch(() => undefined)
  return brand
}

/** The stored file of a logo, image or font of one of the user's brands. */
export async function brandFileKeyOf(
  deps: AdsDeps,
  userId: number,
  brandId: number,
  partId: string,
): Promise<string> {
  const found = await repo.loadBrand(deps.db, brandId, userId)
  if (!found) throw brandNotFound()
  const key =
    [...found.logos, ...found.images].find((r) => r.id === partId)?.file_key ??
    found.fonts.find((f) => f.id === partId)?.file_key
  if (!key) throw partNotFound('File')
  return key
}
