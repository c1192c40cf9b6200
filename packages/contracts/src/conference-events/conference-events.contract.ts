import { z } from 'zod'
import { defineRoute } from '../define-route'
import { defineId } from '../ids'
import { listPage, listQuery, SearchText } from '../lists'
import {
  ConferenceEvent,
  ConferenceEventBody,
  Delivery,
  KioskId,
  KioskSettings,
  RetrievalCode,
  SaveDataBody,
  ShortVideo,
  StaffRosterEntry,
  Submission,
} from './conference-events.schemas'

/**
 * SPEC §7 "Conference event: settings, save data, short audio and video (plus a contingency
 * variant), event, send-mail". The spec shows no paths: `/api/conference-event/<name>` for the
 * kiosk's public calls (SPEC §6 lists them as public), `/api/admin/conference-events` for the admin.
 */
/** An event's id in a path. */
export const EventId = defineId('Event not found').text
const EventParams = z.object({ eventId: EventId })
const CodeParams = z.object({ code: RetrievalCode })

// Kiosk (public)
export const conferenceEventSettings = defineRoute({
  method: 'GET',
  path: '/api/conference-event/:eventId/settings',
  auth: 'public',
  summary: 'What a kiosk asks and shows for an event',
  params: EventParams,
  response: z.object({ event: KioskSettings }),
})
export const conferenceEventSaveData = defineRoute({
  method: 'POST',
  path: '/api/conference-event/:eventId/save-data',
  auth: 'public',
  summary: 'Save an attendee (idempotent by submission_id) and start their greeting video',
  params: EventParams,
  body: SaveDataBody,
  response: z.object({ video: ShortVideo, duplicate: z.boolean() }),
})
export const conferenceEventShortVideo = defineRoute({
  method: 'GET',
  path: '/api/conference-event/short-video/:code',
  auth: 'public',
  summary: 'An attendee’s greeting video by its retrieval code',
  params: CodeParams,
  response: z.object({ video: ShortVideo }),
})
/**
 * SPEC "short audio": the attendee's greeting spoken in the event's voice (WAV). Made on first ask
 * (a second or so of speech, no render) and kept, so the booth can play it and the QR page offer
 * it even while the video renders, and whatever variant the video is.
 */
export const conferenceEventShortAudio = defineRoute({
  method: 'GET',
  path: '/api/conference-event/short-audio/:code',
  auth: 'public',
  summary: 'An attendee’s greeting spoken in the event’s voice (WAV)',
  params: CodeParams,
})
/** The contingency variant: the attendee's greeting as a caption track over the event's generic clip (WebVTT text). */
export const conferenceEventShortVideoCaptions = defineRoute({
  method: 'GET',
  path: '/api/conference-event/short-video/:code/captions.vtt',
  auth: 'public',
  summary: 'The name captions for the generic clip (WebVTT)',
  params: CodeParams,
})
export const conferenceEventSendMail = defineRoute({
  method: 'POST',
  path: '/api/conference-event/send-mail',
  auth: 'public',
  summary: 'Mail an attendee their video link again',
  body: z.object({ code: RetrievalCode }),
  response: z.object({ video: ShortVideo }),
})

/**
 * The kiosk's Staff panel: this kiosk's attendees (names, emails, delivery). Every call carries the
 * event's staff PIN, checked by the server (403 without it or when wrong, 429 while guessing backs off).
 */
export const conferenceEventStaffRoster = defineRoute({
  method: 'POST',
  path: '/api/conference-event/:eventId/staff/roster',
  auth: 'public',
  summary: 'The Staff panel: a kiosk’s attendees, with the staff PIN',
  params: EventParams,
  body: z.object({ pin: z.string().max(16, 'Wrong staff PIN').default(''), kiosk_id: KioskId }),
  response: z.object({ list: z.array(StaffRosterEntry) }),
})

// Admin (/admin/twitch-con)
export const adminListConferenceEvents = defineRoute({
  method: 'GET',
  path: '/api/admin/conference-events',
  auth: 'admin',
  summary: 'Every conference event, newest first',
  response: z.object({ events: z.array(ConferenceEvent) }),
})
export const adminCreateConferenceEvent = defineRoute({
  method: 'POST',
  path: '/api/admin/conference-events',
  auth: 'admin',
  summary: 'Create an event (its generic clip starts rendering)',
  body: ConferenceEventBody,
  response: z.object({ event: ConferenceEvent }),
})
export const adminGetConferenceEvent = defineRoute({
  method: 'GET',
  path: '/api/admin/conference-events/:eventId',
  auth: 'admin',
  summary: 'One event',
  params: EventParams,
  response: z.object({ event: ConferenceEvent }),
})
export const adminUpdateConferenceEvent = defineRoute({
  method: 'POST',
  path: '/api/admin/conference-events/:eventId/update',
  auth: 'admin',
  summary: 'Change an event (audited)',
  params: EventParams,
  body: ConferenceEventBody,
  response: z.object({ event: ConferenceEvent }),
})

export const SubmissionFilter = z.object({
  q: SearchText,
  delivery: Delivery.optional(),
  kiosk_id: z.string().trim().max(64).optional(),
})
export type SubmissionFilter = z.infer<typeof SubmissionFilter>
export const SUBMISSION_SORTS = ['created_at', 'name'] as const
const SubmissionsQuery = listQuery(SUBMISSION_SORTS).extend(SubmissionFilter.shape)

export const adminListSubmissions = defineRoute({
  method: 'GET',
  path: '/api/admin/conference-events/:eventId/submissions',
  auth: 'admin',
  summary: 'An event’s attendees with delivery status and consent',
  params: EventParams,
  query: SubmissionsQuery,
  response: listPage(Submission),
})
/** CSV download (streamed, no row cap). */
export const adminExportSubmissions = defineRoute({
  method: 'GET',
  path: '/api/admin/conference-events/:eventId/submissions/export',
  auth: 'admin',
  summary: 'An event’s attendees matching the filter, as CSV',
  params: EventParams,
  query: SubmissionsQuery.omit({ page: true, per_page: true }),
})

/**
 * Deletes an event's attendees — every one, or those named — with their consent entries, kiosk
 * photos and their own clips (audited; decision 0076). The event and its generic clip stay.
 */
export const adminDeleteSubmissions = defineRoute({
  method: 'POST',
  path: '/api/admin/conference-events/:eventId/submissions/delete',
  auth: 'admin',
  summary: 'Delete an event’s attendees (all, or by id) with their photos and clips',
  params: EventParams,
  body: z.object({
    ids: z
      .array(z.string().uuid('Submission not found'))
      .min(1, 'Pick at least one attendee')
      .max(500, 'Delete at most 500 attendees at once')
      .optional(),
  }),
  response: z.object({ deleted: z.number().int() }),
})
/** Deletes an event with everything it made: attendees, consents, photos, clips, its generic clip (audited). */
export const adminDeleteConferenceEvent = defineRoute({
  method: 'POST',
  path: '/api/admin/conference-events/:eventId/delete',
  auth: 'admin',
  summary: 'Delete an event with its attendees, photos and clips',
  params: EventParams,
  response: z.object({ deleted: z.number().int() }),
})
