/**
 * The kiosk's Staff panel (issue 23): attendees' names and emails only for someone who knows the
 * event's staff PIN, checked here on every call (never only in the browser), under the sign-in
 * back-off so the PIN cannot be guessed from one address.
 */
import {
  STAFF_PIN_NOT_SET_MESSAGE,
  STAFF_PIN_WRONG_MESSAGE,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import type { StaffRosterEntry } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { AppError } from '../../platform/http/errors'
import { verifyPasswordThrottled } from '../../platform/credentials/sign-in-throttle'
import { requireEvent } from './conference-events.service'
import * as repo from './conference-events.repo'
import type { ConferenceEventRow } from './conference-events.table'
import type { ConferenceEventsDeps } from './conference-events.deps'

/** The most attendees the panel lists (the kiosk keeps as many in its own roster). */
const ROSTER_MAX = 200

export const STAFF_PIN_REQUIRED_MESSAGE = 'Enter the staff PIN.'

/** Throws 403 unless `pin` is the event's staff PIN (429 while this address is backing off). */
export async function checkStaffPin(
  deps: Pick<ConferenceEventsDeps, 'db'>,
  event: ConferenceEventRow,
  pin: string,
  ip: string,
): Promise<void> {
  if (!event.staff_pin_hash) throw new AppError('staff_pin_not_set', STAFF_PIN_NOT_SET_MESSAGE, 403)
  if (!pin) throw new AppError('staff_pin_required', STAFF_PIN_REQUIRED_MESSAGE, 403)
  const ok = await verifyPasswordThrottled(
    deps.db,
    { account: `conference_event:${event.id}`, ip },
    event.staff_pin_hash,
    pin,
  )
  if (!ok) throw new AppError('staff_pin_wrong', STAFF_PIN_WRONG_MESSAGE, 403)
}

const present = (r: Awaited<ReturnType<typeof repo.kioskRoster>>[number]): StaffRosterEntry => ({
  submission_id: r.id,
  name: r.name,
  email: r.email,
  code: r.code,
  delivery: r.delivery,
  variant: r.variant,
  delivery_error: r.delivery_error,
  created_at: r.created_at.toISOString(),
})

/** One kiosk's attendees with their delivery, for the Staff panel. */
export async function staffRoster(
  deps: ConferenceEventsDeps,
  eventId: number,
  body: { pin: string; kiosk_id: string },
  ip: string,
) {
  const event = await requireEvent(deps, eventId)
  await checkStaffPin(deps, event, body.pin, ip)
  return { list: (await repo.kioskRoster(deps.db, eventId, body.kiosk_id, ROSTER_MAX)).map(present) }
}
