import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { BrandVoice, CaptionStyle, ColourRole } from '@mouthpiece/contracts/ads/brands.schemas'
import { referencesUser } from '../../users'

/** A line read from the brand's site, with where it was read and how sure we are. */
export interface SiteCopyLine {
  text: string
  source: string
  detail: string | null
  confidence: number
  confirmed: boolean
}
export interface BrandSiteCopy {
  headlines: SiteCopyLine[]
  ctas: SiteCopyLine[]
}

/** Where a kit value came from and how sure we are (scraped values start unconfirmed). */
const sourced = {
  source: text('source').notNull().default('user'),
  source_detail: text('source_detail'),
  confidence: real('confidence').notNull().default(1),
  confirmed: boolean('confirmed').notNull().default(true),
}

/**
 * A user's brand kit. Its parts live in the four tables below; voice and caption style are what
 * no anchor keeps with a brand, so ad audio and video inherit them.
 */
export const adBrands = pgTable(
  'ad_brands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    website: text('website'),
    /** Source of name and description: { name: {source, detail, confidence, confirmed}, description: … }. */
    field_sources:
      jsonb('field_sources').$type<
        Record<
          'name' | 'description',
          { source: string; detail: string | null; confidence: number; confirmed: boolean }
        >
      >(),
    /** The site's own headlines and call-to-action buttons, best first (read by the scraper, decision 0076). */
    site_copy: jsonb('site_copy').$type<BrandSiteCopy>().notNull().default({ headlines: [], ctas: [] }),
    voice: jsonb('voice').$type<BrandVoice>().notNull(),
    caption_style: jsonb('caption_style').$type<CaptionStyle>().notNull(),
    scrape_task_id: uuid('scrape_task_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_brands_user_idx').on(t.user_id, t.updated_at.desc())],
)
export type AdBrandRow = typeof adBrands.$inferSelect

const brandRef = () =>
  integer('brand_id')
    .notNull()
    .references(() => adBrands.id, { onDelete: 'cascade' })

export const adBrandColours = pgTable(
  'ad_brand_colours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brand_id: brandRef(),
    hex: text('hex').notNull(),
    role: text('role').$type<ColourRole>().notNull().default('other'),
    name: text('name').notNull().default(''),
    position: integer('position').notNull().default(0),
    ...sourced,
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ad_brand_colours_brand_idx').on(t.brand_id, t.position),
    check('ad_brand_colours_hex', sql`${t.hex} ~ '^#[0-9A-F]{6}$'`),
  ],
)
export type AdBrandColourRow = typeof adBrandColours.$inferSelect

export const adBrandFonts = pgTable(
  'ad_brand_fonts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brand_id: brandRef(),
    family: text('family').notNull(),
    weight: smallint('weight').notNull().default(400),
    style: text('style').$type<'normal' | 'italic'>().notNull().default('normal'),
    role: text('role').$type<'heading' | 'body'>(),
    /** TTF/WOFF/OTF file in storage, when the site served one the renderer can read. */
    file_key: text('file_key'),
    format: text('format'),
    /** Why there is no file (e.g. a WOFF2-only face). */
    note: text('note'),
    ...sourced,
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ad_brand_fonts_brand_idx').on(t.brand_id),
    check('ad_brand_fonts_weight', sql`${t.weight} between 100 and 900 and ${t.weight} % 100 = 0`),
  ],
)
export type AdBrandFontRow = typeof adBrandFonts.$inferSelect

const fileColumns = {
  file_key: text('file_key').notNull(),
  mime: text('mime').notNull(),
  /** Measured by decoding the file, never taken from markup. */
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
}

export const adBrandLogos = pgTable(
  'ad_brand_logos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brand_id: brandRef(),
    ...fileColumns,
    is_primary: boolean('is_primary').notNull().default(false),
    ...sourced,
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_brand_logos_brand_idx').on(t.brand_id)],
)
export type AdBrandLogoRow = typeof adBrandLogos.$inferSelect

export const adBrandImages = pgTable(
  'ad_brand_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brand_id: brandRef(),
    ...fileColumns,
    ...sourced,
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_brand_images_brand_idx').on(t.brand_id)],
)
export type AdBrandImageRow = typeof adBrandImages.$inferSelect
