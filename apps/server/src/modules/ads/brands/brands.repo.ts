import { and, asc, desc, eq, inArray, max } from 'drizzle-orm'
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

// ── Parts (colours, fonts, logos, images), each written inside the caller's transaction ──

type FileTable = typeof adBrandLogos | typeof adBrandImages

export async function insertColours(db: Queryable, rows: Array<typeof adBrandColours.$inferInsert>) {
  if (rows.length) await db.insert(adBrandColours).values(rows)
}

/** Appends a colour after the brand's last one. */
export async function appendColour(
  db: Queryable,
  brandId: number,
  values: Omit<typeof adBrandColours.$inferInsert, 'brand_id' | 'position'>,
) {
  const [last] = await db
    .select({ p: max(adBrandColours.position) })
    .from(adBrandColours)
    .where(eq(adBrandColours.brand_id, brandId))
  await db.insert(adBrandColours).values({ brand_id: brandId, ...values, position: (last?.p ?? -1) + 1 })
}

export async function insertFont(db: Queryable, values: typeof adBrandFonts.$inferInsert) {
  await db.insert(adBrandFonts).values(values)
}

export async function insertLogo(db: Queryable, values: typeof adBrandLogos.$inferInsert) {
  await db.insert(adBrandLogos).values(values)
}

export async function insertImage(db: Queryable, values: typeof adBrandImages.$inferInsert) {
  await db.insert(adBrandImages).values(values)
}

/** Marks every part of the brand confirmed. */
export async function confirmAllParts(db: Queryable, brandId: number) {
  for (const t of [adBrandColours, adBrandFonts, adBrandLogos, adBrandImages])
    await db.update(t).set({ confirmed: true }).where(eq(t.brand_id, brandId))
}

/** Changes one colour of the brand; answers it (none when it is not the brand's). */
export async function updateColour(
  db: Queryable,
  brandId: number,
  id: string,
  patch: Partial<typeof adBrandColours.$inferInsert>,
) {
  const [row] = await db
    .update(adBrandColours)
    .set(patch)
    .where(and(eq(adBrandColours.id, id), eq(adBrandColours.brand_id, brandId)))
    .returning()
  return row
}

/** Changes one font of the brand; answers it (none when it is not the brand's). */
export async function updateFont(
  db: Queryable,
  brandId: number,
  id: string,
  patch: Partial<typeof adBrandFonts.$inferInsert>,
) {
  const [row] = await db
    .update(adBrandFonts)
    .set(patch)
    .where(and(eq(adBrandFonts.id, id), eq(adBrandFonts.brand_id, brandId)))
    .returning()
  return row
}

export async function hasLogo(db: Queryable, brandId: number): Promise<boolean> {
  const rows = await db
    .select({ id: adBrandLogos.id })
    .from(adBrandLogos)
    .where(eq(adBrandLogos.brand_id, brandId))
    .limit(1)
  return rows.length > 0
}

export async function findFilePart(db: Queryable, table: FileTable, brandId: number, id: string) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.brand_id, brandId)))
  return row
}

export async function setFileConfirmed(db: Queryable, table: FileTable, id: string, confirmed: boolean) {
  await db.update(table).set({ confirmed }).where(eq(table.id, id))
}

/** Makes this logo the brand's primary one (and confirmed). */
export async function makePrimaryLogo(db: Queryable, brandId: number, id: string) {
  await db.update(adBrandLogos).set({ is_primary: false }).where(eq(adBrandLogos.brand_id, brandId))
  await db.update(adBrandLogos).set({ is_primary: true, confirmed: true }).where(eq(adBrandLogos.id, id))
}

/** Deletes one part of the brand; answers it (none when it is not the brand's). */
export async function deletePart(db: Queryable, kind: PartKind, brandId: number, id: string) {
  const table = partTables[kind]
  const [row] = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.brand_id, brandId)))
    .returning()
  return row
}

/** The brand's oldest logo becomes its primary one (after the primary was removed). */
export async function promoteOldestLogo(db: Queryable, brandId: number) {
  const [next] = await db
    .select({ id: adBrandLogos.id })
    .from(adBrandLogos)
    .where(eq(adBrandLogos.brand_id, brandId))
    .orderBy(adBrandLogos.created_at)
    .limit(1)
  if (next) await db.update(adBrandLogos).set({ is_primary: true }).where(eq(adBrandLogos.id, next.id))
}
