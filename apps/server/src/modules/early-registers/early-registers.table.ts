import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { SurveyAnswerRecord } from '@mouthpiece/contracts/early-registers/early-registers.schemas'
import type { ChannelPlatform } from '@mouthpiece/contracts/early-registers/channel-url'

/** SPEC §3 "Early register": one row per email; signing up again updates the answers. */
export const earlyRegisters = pgTable(
  'early_registers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The browser's sign-up id (SPEC §7 payload). */
    uuid: uuid('uuid').notNull(),
    /** Stored lowercased. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    surveys: jsonb('surveys').$type<SurveyAnswerRecord[]>().notNull().default([]),
    channels: jsonb('channels')
      .$type<Array<{ platform: ChannelPlatform; url: string }>>()
      .notNull()
      .default([]),
    /** Derived from the answers at write time so the TTS list is an indexed filter. */
    wants_tts: boolean('wants_tts').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('early_registers_email_key').on(t.email),
    index('early_registers_created_at_idx').on(t.created_at.desc(), t.id.desc()),
    index('early_registers_tts_idx')
      .on(t.created_at.desc(), t.id.desc())
      .where(sql`${t.wants_tts}`),
    check('early_registers_role_check', sql`${t.role} in ('creator', 'fan')`),
  ],
)
export type EarlyRegisterRow = typeof earlyRegisters.$inferSelect
