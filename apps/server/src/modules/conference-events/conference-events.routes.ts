import {
  adminDeleteConferenceEvent,
  adminDeleteSubmissions,
  adminCreateConferenceEvent,
  adminExportSubmissions,
  adminGetConferenceEvent,
  adminListConferenceEvents,
  adminListSubmissions,
  adminUpdateConferenceEvent,
  conferenceEventSaveData,
  conferenceEventSendMail,
  conferenceEventSettings,
  conferenceEventShortAudio,
  conferenceEventShortVideo,
  conferenceEventShortVideoCaptions,
  conferenceEventStaffRoster,
} from '@mouthpiece/contracts/conference-events/conference-events.contract'
import type { HttpContext } from '../../platform/context'
import { sendCsvStream } from '../../platform/http/csv-stream'
import { auditActorOf, recordAudit } from '../audit'
import * as events from './conference-events.service'
import * as submissions from './submissions.service'
import * as erasure from './erasure.service'
import { listenToEventVideos } from './delivery.service'
import { staffRoster } from './staff.service'
import { shortAudio } from './short-audio.service'
import { hangUpSignal } from '../../platform/admission/admission'
import { sendStoredFile } from '../../platform/storage/send-stored-file'

/** SPEC §7 "Conference event": the kiosk's public calls and /admin/twitch-con's. */
export function registerConferenceEventsRoutes(ctx: HttpContext) {
  const { route, db } = ctx
  listenToEventVideos(ctx)

  route(conferenceEventSettings, async ({ params }) => submissions.settings(ctx, params.eventId))
  // A kiosk resends its queue when the network is back: generous, but bounded per IP.
  route(
    conferenceEventSaveData,
    async ({ params, body }) => submissions.saveData(ctx, params.eventId, body),
    { rateLimit: { max: 120, timeWindow: 60_000 } },
  )
  route(conferenceEventShortVideo, async ({ params }) => submissions.shortVideo(ctx, params.code), {
    rateLimit: { max: 600, timeWindow: 60_000 },
  })
  // Speech is CPU: the speech gate refuses at arrival when full, and each IP is bounded.
  route(
    conferenceEventShortAudio,
    async ({ params, req, reply }) => {
      const key = await shortAudio(ctx, params.code, hangUpSignal(reply.raw))
      return sendStoredFile(req, reply, ctx.storage, key, { cacheControl: 'public, max-age=3600' })
    },
    { rateLimit: { max: 60, timeWindow: 60_000 }, admission: 'speech' },
  )
  route(conferenceEventShortVideoCaptions, async ({ params, reply }) => {
    const vtt = await submissions.captionsVtt(ctx, params.code)
    await reply
      .header('content-type', 'text/vtt; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(vtt)
    return undefined
  })
  // The panel polls every few seconds; the PIN's guessing back-off is the sign-in one (per event and address).
  route(
    conferenceEventStaffRoster,
    async ({ params, body, req }) => staffRoster(ctx, params.eventId, body, req.ip),
    { rateLimit: { max: 40, timeWindow: 60_000 } },
  )
  route(conferenceEventSendMail, async ({ body }) => submissions.sendMail(ctx, body.code), {
    rateLimit: { max: 10, timeWindow: 60_000 },
  })

  route(adminListConferenceEvents, async () => events.listEvents(ctx))
  route(adminCreateConferenceEvent, async ({ body, actor }) =>
    events.createEvent(ctx, auditActorOf(actor), body),
  )
  route(adminGetConferenceEvent, async ({ params }) => events.getEvent(ctx, params.eventId))
  route(adminUpdateConferenceEvent, async ({ params, body, actor }) =>
    events.updateEvent(ctx, auditActorOf(actor), params.eventId, body),
  )
  route(adminDeleteSubmissions, async ({ params, body, actor }) =>
    erasure.deleteSubmissions(ctx, auditActorOf(actor), params.eventId, body.ids),
  )
  route(adminDeleteConferenceEvent, async ({ params, actor }) =>
    erasure.deleteEvent(ctx, auditActorOf(actor), params.eventId),
  )
  route(adminListSubmissions, async ({ params, query }) =>
    submissions.listSubmissions(ctx, params.eventId, query),
  )
  route(adminExportSubmissions, async ({ params, query, actor, reply }) => {
    const csv = await submissions.submissionsCsv(ctx, params.eventId, query)
    // Attendees' personal data leaving the system: logged before it goes.
    await recordAudit(db, auditActorOf(actor), 'conference-events.export', {
      target: { type: 'conference_event', id: params.eventId },
      meta: { filter: query },
    })
    return sendCsvStream(reply, csv.name, csv.header, csv.batches, csv.toRow)
  })
}
