import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type {
  CaptureField,
  Delivery,
  Variant,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'

/** SPEC §7 "Conference event": what the admin sets up at /admin/twitch-con. */
export const conferenceEvents = pgTable('conference_events', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  starts_on: date('starts_on').notNull(),
  ends_on: date('ends_on').notNull(),
  fields: jsonb('fields').$type<CaptureField[]>().notNull().default([]),
  consent_text: text('consent_text').notNull(),
  greeting_template: text('greeting_template').notNull(),
  influencer_id: text('influencer_id').notNull(),
  voice_id: text('voice_id'),
  /** The pre-rendered generic clip sent when a personal one cannot be made (renders.id). */
  generic_render_id: text('generic_render_id'),
  /** The staff PIN (argon2id hash; null: no staff access yet). Never leaves the server, not even to the audit log. */
  staff_pin_hash: text('staff_pin_hash'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
export type ConferenceEventRow = typeof conferenceEvents.$inferSelect

/**
 * One attendee per kiosk submission. The id is the kiosk's own (made before the network is known
 * to work), so a resent submission finds its row instead of making a second one.
 */
export const conferenceEventSubmissions = pgTable(
  'conference_event_submissions',
  {
    id: uuid('id').primaryKey(),
    event_id: integer('event_id')
      .notNull()
      .references(() => conferenceEvents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    kiosk_id: text('kiosk_id').notNull(),
    code: text('code').notNull(),
    greeting: text('greeting').notNull(),
    variant: text('variant').$type<Variant>().notNull(),
    delivery: text('delivery').$type<Delivery>().notNull(),
    delivery_error: text('delivery_error'),
    /** The render the attendee is waiting on: their own, or the event's generic clip. */
    render_id: text('render_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ready_at: timestamp('ready_at', { withTimezone: true }),
    mailed_at: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conference_event_submissions_code_key').on(t.code),
    index('conference_event_submissions_event_idx').on(t.event_id, t.created_at.desc(), t.id.desc()),
    index('conference_event_submissions_render_idx')
      .on(t.render_id)
      .where(sql`${t.delivery} = 'rendering'`),
    check('conference_event_submissions_variant_check', sql`${t.variant} in ('personal', 'generic')`),
    check(
      'conference_event_submissions_delivery_check',
      sql`${t.delivery} in ('rendering', 'ready', 'mailed', 'mail_failed')`,
    ),
  ],
)
export type SubmissionRow = typeof conferenceEventSubmissions.$inferSelect

/**
 * The consent ledger: the exact text an attendee agreed to, when (the kiosk's clock, as they may
 * have agreed offline) and on which kiosk. Append-only: nothing updates or deletes a row but the
 * deletion of its attendee or of the event (decision 0076: with the data gone, there is no consent
 * left to prove).
 */
export const conferenceEventConsents = pgTable('conference_event_consents', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  submission_id: uuid('submission_id')
    .notNull()
    .unique()
    .references(() => conferenceEventSubmissions.id, { onDelete: 'cascade' }),
  event_id: integer('event_id')
    .notNull()
    .references(() => conferenceEvents.id, { onDelete: 'cascade' }),
  kiosk_id: text('kiosk_id').notNull(),
  consent_text: text('consent_text').notNull(),
  consent_sha256: text('consent_sha256').notNull(),
  agreed_at: timestamp('agreed_at', { withTimezone: true }).notNull(),
  recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
})
export type ConsentRow = typeof conferenceEventConsents.$inferSelect
