import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import { adBrandColours, adBrandFonts, adBrandImages, adBrandLogos, adBrands } from './brands.table'
import type {
  AdBrandColourRow,
  AdBrandFontRow,
  AdBrandImageRow,
  AdBrandLogoRow,
  AdBrandRow,
} from './brands.table'

export type NewBrand = typeof adBrands.$inferInsert
export interface BrandParts {
  colours: AdBrandColourRow[]
  fonts: AdBrandFontRow[]
  logos: AdBrandLogoRow[]
  images: AdBrandImageRow[]
}
export interface BrandWithParts extends BrandParts {
  brand: AdBrandRow
}

export const partTables = {
  colours: adBrandColours,
  fonts: adBrandFonts,
  logos: adBrandLogos,
  images: adBrandImages,
} as const
export type PartKind = keyof typeof partTables

export async function insertBrand(db: Queryable, row: NewBrand): Promise<AdBrandRow> {
  const [created] = await db.insert(adBrands).values(row).returning()
  return created!
}

export async function findBrand(
  db: Queryable,
  id: number,
  userId?: number,
  opts: { lock?: boolean } = {},
): Promise<AdBrandRow | undefined> {
  const q = db
    .select()
    .from(adBrands)
    .where(and(eq(adBrands.id, id), userId === undefined ? undefined : eq(adBrands.user_id, userId)))
  const [row] = opts.lock ? await q.for('update') : await q
  return row
}

export async function listBrands(db: Queryable, userId: number): Promise<AdBrandRow[]> {
  return db
    .select()
    .from(adBrands)
    .where(eq(adBrands.user_id, userId))
    .orderBy(desc(adBrands.updated_at), desc(adBrands.id))
}

export async function loadParts(db: Queryable, brandIds: number[]): Promise<Map<number, BrandParts>> {
  const out = new Map<number, BrandParts>(
    brandIds.map((id) => [id, { colours: [], fonts: [], logos: [], images: [] }]),
  )
  if (!brandIds.length) return out
  const [colours, fonts, logos, images] = await Promise.all([
    db
      .select()
      .from(adBrandColours)
      .where(inArray(adBrandColours.brand_id, brandIds))
      .orderBy(asc(adBrandColours.position), asc(adBrandColours.created_at)),
    db
      .select()
      .from(adBrandFonts)
      .where(inArray(adBrandFonts.brand_id, brandIds))
      .orderBy(asc(adBrandFonts.created_at), asc(adBrandFonts.weight)),
    db
      .select()
      .from(adBrandLogos)
      .where(inArray(adBrandLogos.brand_id, brandIds))
      .orderBy(desc(adBrandLogos.is_primary), asc(adBrandLogos.created_at)),
    db
      .select()
      .from(adBrandImages)
      .where(inArray(adBrandImages.brand_id, brandIds))
      .orderBy(asc(adBrandImages.created_at)),
  ])
  for (const c of colours) out.get(c.brand_id)!.colours.push(c)
  for (const f of fonts) out.get(f.brand_id)!.fonts.push(f)
  for (const l of logos) out.get(l.brand_id)!.logos.push(l)
  for (const i of images) out.get(i.brand_id)!.images.push(i)
  return out
}

export async function loadBrand(
  db: Queryable,
  id: number,
  userId?: number,
): Promise<BrandWithParts | undefined> {
  const brand = await findBrand(db, id, userId)
  if (!brand) return undefined
  const parts = (await loadParts(db, [id])).get(id)!
  return { brand, ...parts }
}

export async function touchBrand(
  db: Queryable,
  id: number,
  patch: Partial<NewBrand> = {},
): Promise<AdBrandRow | undefined> {
  const [row] = await db
    .update(adBrands)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(adBrands.id, id))
    .returning()
  return row
}

export async function deleteBrand(db: Queryable, id: number): Promise<void> {
  await db.delete(adBrands).where(eq(adBrands.id, id))
}
