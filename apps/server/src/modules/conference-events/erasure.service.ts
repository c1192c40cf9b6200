/**
 * Deleting attendees, or a whole event, takes their personal files with them (decision 0076): the
 * kiosk photo kept as a talking-photo portrait and the attendee's own clip (video, poster, audio,
 * captions: it shows and speaks their face and name). Rows go first in one statement, then files
 * through the storage port, so a row never points at a file already gone.
 */
import { AppError } from '../../platform/http/errors'
import type { AuditActor } from '../audit'
import { recordAudit } from '../audit'
import { removeEventVideo, rendersDeps } from '../renders'
import type { ConferenceEventsDeps } from './conference-events.deps'
import * as repo from './conference-events.repo'
import type { ConferenceEventRow } from './conference-events.table'
import { requireEvent } from './conference-events.service'
import { attendeePhotoKey } from './submissions.service'

export const SUBMISSION_NOT_FOUND = 'Submission not found'

async function eraseFiles(
  deps: ConferenceEventsDeps,
  event: ConferenceEventRow,
  rows: Array<{ id: string; render_id: string | null }>,
): Promise<void> {
  const renders = rendersDeps(deps)
  for (const row of rows) {
    await deps.storage.delete(attendeePhotoKey(event.id, row.id))
    // The event's generic clip is shared by every attendee who got it: it goes only with the event.
    if (row.render_id && row.render_id !== event.generic_render_id)
      await removeEventVideo(renders, row.render_id)
  }
}

/** An event's attendees (all, or the named ones), with their consent entries, photos and own clips. */
export async function deleteSubmissions(
  deps: ConferenceEventsDeps,
  actor: AuditActor,
  eventId: number,
  ids?: string[],
): Promise<{ deleted: number }> {
  const event = await requireEvent(deps, eventId)
  const unique = ids ? [...new Set(ids)] : undefined
  const rows = await repo.submissionsToErase(deps.db, eventId, unique)
  // A named attendee of another event (or none) is refused whole: nothing is deleted.
  if (unique && rows.length !== unique.length) throw new AppError('not_found', SUBMISSION_NOT_FOUND, 404)
  await deps.db.transaction(async (tx) => {
    await repo.deleteSubmissions(
      tx,
      eventId,
      rows.map((r) => r.id),
    )
    await recordAudit(tx, actor, 'conference-events.delete-submissions', {
      target: { type: 'conference_event', id: eventId },
      meta: { count: rows.length, all: !unique },
    })
  })
  await eraseFiles(deps, event, rows)
  return { deleted: rows.length }
}

/** The event and all it made: attendees, consents, photos, their clips and its generic clip. */
export async function deleteEvent(
  deps: ConferenceEventsDeps,
  actor: AuditActor,
  eventId: number,
): Promise<{ deleted: number }> {
  const event = await requireEvent(deps, eventId)
  const rows = await repo.submissionsToErase(deps.db, eventId)
  await deps.db.transaction(async (tx) => {
    await repo.deleteEvent(tx, eventId)
    await recordAudit(tx, actor, 'conference-events.delete', {
      target: { type: 'conference_event', id: eventId },
      meta: { name: event.name, submissions: rows.length },
    })
  })
  await eraseFiles(deps, event, rows)
  if (event.generic_render_id) await removeEventVideo(rendersDeps(deps), event.generic_render_id)
  return { deleted: rows.length }
}
