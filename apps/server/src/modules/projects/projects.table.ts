import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'
import { referencesUser } from '../users'
import { referencesRender } from '../renders'

/**
 * A user's project: the whole editor document as JSON beside a `version` that every write must
 * name (optimistic concurrency: a stale write changes nothing and gets 409).
 */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    document: jsonb('document').$type<ProjectDocument>().notNull(),
    /** SPEC §4 origin video mode (none=1000, origin=1, reaction=0), copied out for lists. */
    origin_mode: smallint('origin_mode').notNull().default(1000),
    /** Seconds of the chosen takes, kept for lists. */
    duration: real('duration').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_user_idx').on(t.user_id, t.updated_at.desc()),
    // Names are unique per user, case-insensitively (check-project-name says the same).
    uniqueIndex('projects_user_name_key').on(t.user_id, sql`lower(${t.name})`),
  ],
)
export type ProjectRow = typeof projects.$inferSelect

/** Server-side undo: the document as it was before each change, newest last; undo pops one. */
export const projectHistory = pgTable(
  'project_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The version the snapshot was. */
    version: integer('version').notNull(),
    kind: text('kind').notNull(),
    document: jsonb('document').$type<ProjectDocument>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_history_project_idx').on(t.project_id, t.id.desc())],
)

/** Final videos of a project: renders (renders module) tied to the project and the version they show. */
export const projectRenders = pgTable(
  'project_renders',
  {
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    render_id: uuid('render_id').notNull().references(referencesRender, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.project_id, t.render_id] }),
    uniqueIndex('project_renders_render_key').on(t.render_id),
  ],
)

/** SPEC "project backgrounds": a user's uploaded images and videos. */
export const projectBackgrounds = pgTable(
  'project_backgrounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    type: text('type').$type<'image' | 'video'>().notNull(),
    name: text('name').notNull(),
    file_key: text('file_key').notNull(),
    duration: real('duration'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_backgrounds_user_idx').on(t.user_id, t.created_at.desc())],
)
export type ProjectBackgroundRow = typeof projectBackgrounds.$inferSelect
