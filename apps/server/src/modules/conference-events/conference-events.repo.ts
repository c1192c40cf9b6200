import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { SubmissionFilter } from '@mouthpiece/contracts/conference-events/conference-events.contract'
import type { Delivery } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import type { Queryable } from '../../platform/db/client'
import { allOf, searchAny } from '../../platform/db/list-query'
import type { ListSpec } from '../../platform/db/list-query'
import {
  conferenceEventConsents,
  conferenceEvents,
  conferenceEventSubmissions,
} from './conference-events.table'
import type { ConferenceEventRow, SubmissionRow } from './conference-events.table'

export type NewEvent = Omit<
  ConferenceEventRow,
  'id' | 'created_at' | 'updated_at' | 'generic_render_id' | 'staff_pin_hash'
> & { staff_pin_hash?: string | null }

export async function insertEvent(db: Queryable, values: NewEvent): Promise<ConferenceEventRow> {
  const [row] = await db.insert(conferenceEvents).values(values).returning()
  return row!
}

export async function updateEvent(
  db: Queryable,
  id: number,
  patch: Partial<NewEvent> & { generic_render_id?: string | null },
): Promise<ConferenceEventRow | undefined> {
  const [row] = await db
    .update(conferenceEvents)
    .set({ ...patch, updated_at: sql`now()` })
    .where(eq(conferenceEvents.id, id))
    .returning()
  return row
}

export async function findEvent(
  db: Queryable,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<ConferenceEventRow | undefined> {
  const q = db.select().from(conferenceEvents).where(eq(conferenceEvents.id, id))
  const [row] = opts.lock ? await q.for('update') : await q
  return row
}

export async function listEvents(db: Queryable) {
  // Qualified by hand, as in `consent` below.
  const submissions =
    sql<number>`(select count(*) from ${conferenceEventSubmissions} s where s.event_id = "conference_events"."id")`.mapWith(
      Number,
    )
  return db
    .select({ event: conferenceEvents, submissions })
    .from(conferenceEvents)
    .orderBy(desc(conferenceEvents.starts_on), desc(conferenceEvents.id))
}

export async function countSubmissions(db: Queryable, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conferenceEventSubmissions)
    .where(eq(conferenceEventSubmissions.event_id, eventId))
  return row?.n ?? 0
}

export type NewSubmission = Omit<SubmissionRow, 'created_at' | 'ready_at' | 'mailed_at' | 'delivery_error'>

/** Inserts the attendee once: a second call with the same id answers undefined (the kiosk resent it). */
export async function insertSubmission(
  db: Queryable,
  values: NewSubmission,
): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .insert(conferenceEventSubmissions)
    .values(values)
    .onConflictDoNothing({ target: conferenceEventSubmissions.id })
    .returning()
  return row
}

export async function insertConsent(db: Queryable, values: typeof conferenceEventConsents.$inferInsert) {
  await db.insert(conferenceEventConsents).values(values)
}

export async function findSubmission(db: Queryable, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(conferenceEventSubmissions)
    .where(eq(conferenceEventSubmissions.id, id))
  return row
}

export async function findByCode(db: Queryable, code: string): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(conferenceEventSubmissions)
    .where(eq(conferenceEventSubmissions.code, code))
  return row
}

export async function codeTaken(db: Queryable, code: string): Promise<boolean> {
  return (await findByCode(db, code)) !== undefined
}

/** Attendees still waiting on a render. */
export async function waitingOn(db: Queryable, renderId: string): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(conferenceEventSubmissions)
    .where(
      and(
        eq(conferenceEventSubmissions.render_id, renderId),
        eq(conferenceEventSubmissions.delivery, 'rendering'),
      ),
    )
}

/** Moves a submission only from the state the caller saw, so two workers never both mail it. */
export async function moveSubmission(
  db: Queryable,
  id: string,
  from: Delivery[],
  patch: Partial<SubmissionRow>,
  opts: { unstarted?: boolean } = {},
): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .update(conferenceEventSubmissions)
    .set(patch)
    .where(
      and(
        eq(conferenceEventSubmissions.id, id),
        inArray(conferenceEventSubmissions.delivery, from),
        opts.unstarted ? isNull(conferenceEventSubmissions.render_id) : undefined,
      ),
    )
    .returning()
  return row
}

/**
 * A column of the attendee's ledger entry, read per row. The outer id is spelled out: drizzle writes
 * a one-table select's columns unqualified, which the subquery would read as its own.
 * A page is at most 100 rows; an export reads it in batches.
 */
const consent = (col: SQL) =>
  sql<string>`coalesce((select ${col} from ${conferenceEventConsents} c where c.submission_id = "conference_event_submissions"."id"), '')`

const submissionFields = {
  id: conferenceEventSubmissions.id,
  event_id: conferenceEventSubmissions.event_id,
  name: conferenceEventSubmissions.name,
  email: conferenceEventSubmissions.email,
  answers: conferenceEventSubmissions.answers,
  kiosk_id: conferenceEventSubmissions.kiosk_id,
  code: conferenceEventSubmissions.code,
  variant: conferenceEventSubmissions.variant,
  delivery: conferenceEventSubmissions.delivery,
  delivery_error: conferenceEventSubmissions.delivery_error,
  render_id: conferenceEventSubmissions.render_id,
  created_at: conferenceEventSubmissions.created_at,
  ready_at: conferenceEventSubmissions.ready_at,
  mailed_at: conferenceEventSubmissions.mailed_at,
  agreed_at: consent(sql`to_json(c.agreed_at) #>> '{}'`).as('agreed_at'),
  consent_sha256: consent(sql`c.consent_sha256`).as('consent_sha256'),
  consent_text: consent(sql`c.consent_text`).as('consent_text'),
}

/** The admin list and its CSV: each attendee with their consent ledger entry (one per submission). */
export const submissionsSpec: ListSpec<typeof submissionFields> = {
  table: conferenceEventSubmissions,
  fields: submissionFields,
  id: conferenceEventSubmissions.id,
  sortable: { created_at: conferenceEventSubmissions.created_at, name: conferenceEventSubmissions.name },
  defaultSort: 'created_at',
}

export function submissionsWhere(eventId: number, f: SubmissionFilter): SQL | undefined {
  return allOf(
    eq(conferenceEventSubmissions.event_id, eventId),
    searchAny(
      [conferenceEventSubmissions.name, conferenceEventSubmissions.email, conferenceEventSubmissions.code],
      f.q,
    ),
    f.delivery ? eq(conferenceEventSubmissions.delivery, f.delivery) : undefined,
    f.kiosk_id ? eq(conferenceEventSubmissions.kiosk_id, f.kiosk_id) : undefined,
  )
}

/** Attendees waiting on the generic clip follow it to its new render. */
export async function repointGenericWaiters(db: Queryable, eventId: number, renderId: string) {
  await db
    .update(conferenceEventSubmissions)
    .set({ render_id: renderId })
    .where(
      and(
        eq(conferenceEventSubmissions.event_id, eventId),
        eq(conferenceEventSubmissions.variant, 'generic'),
        eq(conferenceEventSubmissions.delivery, 'rendering'),
      ),
    )
}

/** The Staff panel's list: one kiosk's attendees, newest first. */
export async function kioskRoster(
  db: Queryable,
  eventId: number,
  kioskId: string,
  limit: number,
): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(conferenceEventSubmissions)
    .where(
      and(eq(conferenceEventSubmissions.event_id, eventId), eq(conferenceEventSubmissions.kiosk_id, kioskId)),
    )
    .orderBy(desc(conferenceEventSubmissions.created_at))
    .limit(limit)
}

/** The attendees a deletion takes (all of the event's, or the named ones of it) with what their files hang on. */
export async function submissionsToErase(
  db: Queryable,
  eventId: number,
  ids?: string[],
): Promise<Array<{ id: string; render_id: string | null }>> {
  return db
    .select({ id: conferenceEventSubmissions.id, render_id: conferenceEventSubmissions.render_id })
    .from(conferenceEventSubmissions)
    .where(
      and(
        eq(conferenceEventSubmissions.event_id, eventId),
        ids ? inArray(conferenceEventSubmissions.id, ids) : undefined,
      ),
    )
}

/** Their consent ledger entries go with them (the cascade): nothing is left to prove consent for. */
export async function deleteSubmissions(db: Queryable, eventId: number, ids: string[]): Promise<void> {
  if (!ids.length) return
  await db
    .delete(conferenceEventSubmissions)
    .where(and(eq(conferenceEventSubmissions.event_id, eventId), inArray(conferenceEventSubmissions.id, ids)))
}

export async function deleteEvent(db: Queryable, eventId: number): Promise<void> {
  await db.delete(conferenceEvents).where(eq(conferenceEvents.id, eventId))
}
