import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { AvatarLook, FacePoint, LookPrompt } from '@mouthpiece/contracts/media/avatar.schemas'
import type { CreatorAccess, CreatorStatus } from '@mouthpiece/contracts/avatars/creators.contract'
import { referencesUser } from '../users'
import { referencesVoiceProfile } from '../voices'

/** One dataset picture of a creator: normalised JPEG in storage, its face landmarks when one was found. */
export interface CreatorDatasetEntry {
  key: string
  width: number
  height: number
  landmarks: FacePoint[] | null
}

/**
 * Influencers: preset characters (look + default voice). Seeded from packages/avatar's presets on
 * start (new presets are added, existing rows are left as operators edited them).
 */
export const influencers = pgTable(
  'influencers',
  {
    /** Slug, e.g. `streamer`; renders keep it to say which influencer spoke. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    model_style: text('model_style').notNull(),
    emotion: text('emotion').notNull(),
    voice_id: text('voice_id').notNull(),
    look: jsonb('look').$type<AvatarLook>().notNull(),
    is_active: boolean('is_active').notNull().default(true),
    order: integer('order').notNull().default(1),
    /** Creators an admin added (creator management); presets are `preset`. */
    source: text('source').$type<'preset' | 'creator'>().notNull().default('preset'),
    /** Which plans (slugs) and users may use it; both empty: everyone. */
    access: jsonb('access').$type<CreatorAccess>().notNull().default({ plans: [], user_ids: [] }),
    voice_profile_id: integer('voice_profile_id').references(referencesVoiceProfile, {
      onDelete: 'set null',
    }),
    /** Processing of an added creator (photo avatar, voice profile). */
    status: text('status').$type<CreatorStatus>().notNull().default('ready'),
    progress: integer('progress').notNull().default(100),
    stage: text('stage').notNull().default(''),
    error: text('error'),
    /** SPEC "AI avatar dataset": the pictures (uploaded photos, video frames) the photo avatar can be made from. */
    dataset: jsonb('dataset').$type<CreatorDatasetEntry[]>().notNull().default([]),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('influencers_order_idx').on(t.order, t.id)],
)
export type InfluencerRow = typeof influencers.$inferSelect

/** SPEC §7 "custom avatar": a user's character made from the SPEC §3 look prompt. */
export const customAvatars = pgTable(
  'custom_avatars',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prompt: jsonb('prompt').$type<LookPrompt>().notNull(),
    look: jsonb('look').$type<AvatarLook>().notNull(),
    /** Which take of the prompt (retry draws the next). */
    variation: integer('variation').notNull().default(0),
    /** Storage key of the PNG still (`gif_avatar_<id>.png`). */
    preview_key: text('preview_key'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('custom_avatars_user_idx').on(t.user_id, t.id.desc())],
)
export type CustomAvatarRow = typeof customAvatars.$inferSelect

/**
 * The foreign-key anchor other modules' tables use for a custom avatar: `.references(referencesCustomAvatar, { onDelete })`.
 * It hands drizzle the column without handing out the table (tables stay private to the module).
 */
export const referencesCustomAvatar = (): AnyPgColumn => customAvatars.id

/** SPEC §2 default-prompts: look prompts the avatar editor offers to start from, in order. */
export const defaultLookPrompts = pgTable('default_look_prompts', {
  position: integer('position').primaryKey(),
  label: text('label').notNull(),
  prompt: jsonb('prompt').$type<LookPrompt>().notNull(),
})
