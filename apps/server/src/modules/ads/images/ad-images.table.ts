import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { AdCanvas, PlacementId } from '@mouthpiece/contracts/ads/canvas'
import { referencesUser } from '../../users'
import { adProjects } from '../projects/ad-projects.table'
import { adBrands } from '../brands/brands.table'

/** A cut-out subject: its PNG (transparent) and where it sat in the picture. */
export interface StoredCharacter {
  id: string
  file_key: string
  box: { x: number; y: number; w: number; h: number }
  width: number
  height: number
}

/** What the extraction was asked to do (kept so a retry does the same). */
export interface ExtractionRequest {
  mode: 'person' | 'object'
  box?: { x: number; y: number; w: number; h: number }
  strokes?: Array<{ keep: boolean; radius: number; points: Array<[number, number]> }>
}

/** SPEC "ad asset": an uploaded picture (or custom character) and the characters cut out of it. */
export const adAssets = pgTable(
  'ad_assets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    project_id: integer('project_id').references(() => adProjects.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    kind: text('kind').$type<'upload' | 'character'>().notNull().default('upload'),
    file_key: text('file_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    status: text('status')
      .$type<'uploaded' | 'extracting' | 'done' | 'failed'>()
      .notNull()
      .default('uploaded'),
    progress: integer('progress').notNull().default(0),
    request: jsonb('request').$type<ExtractionRequest>(),
    error: text('error'),
    extract_ms: integer('extract_ms'),
    characters: jsonb('characters').$type<StoredCharacter[]>().notNull().default([]),
    /** Bumped by replace: a stale extraction job sees it changed and drops its result. */
    revision: integer('revision').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ad_assets_user_idx').on(t.user_id, t.id.desc()),
    index('ad_assets_status_idx').on(t.status, t.id.desc()),
  ],
)
export type AdAssetRow = typeof adAssets.$inferSelect

/** A picture a canvas draws: a stored file and its size, by its key in the canvas's image table. */
export interface CanvasImage {
  file_key: string
  width: number
  height: number
  /** Where it came from (a character `assetId:characterId`, the brand logo, an upload). */
  source: string
}

/** SPEC "ad image generation": one design in every placement; each placement an editable canvas. */
export const adImageGenerations = pgTable(
  'ad_image_generations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    project_id: integer('project_id').references(() => adProjects.id, { onDelete: 'set null' }),
    brand_id: integer('brand_id').references(() => adBrands.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    template: text('template').notNull(),
    variant: integer('variant').notNull().default(0),
    status: text('status').$type<'queued' | 'generating' | 'done' | 'failed'>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    selected: boolean('selected').notNull().default(false),
    headline: text('headline').notNull(),
    body: text('body').notNull().default(''),
    cta: text('cta').notNull().default(''),
    characters: jsonb('characters')
      .$type<Array<{ asset_id: number; character_id: string }>>()
      .notNull()
      .default([]),
    engine: text('engine').$type<'offline' | 'hosted'>().notNull().default('offline'),
    canvases: jsonb('canvases').$type<AdCanvas[]>().notNull().default([]),
    images: jsonb('images').$type<Record<string, CanvasImage>>().notNull().default({}),
    /** Rendered PNG of each placement (storage key), redrawn after every edit of its canvas. */
    files: jsonb('files').$type<Partial<Record<PlacementId, string>>>().notNull().default({}),
    version: integer('version').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ad_image_generations_user_idx').on(t.user_id, t.id.desc()),
    index('ad_image_generations_status_idx').on(t.status, t.id.desc()),
  ],
)
export type AdImageGenerationRow = typeof adImageGenerations.$inferSelect
