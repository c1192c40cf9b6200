/**
 * The kiosk's calls (SPEC §7 "save data", "short audio and video" and its contingency variant,
 * "send-mail") and the admin's list and CSV of attendees.
 */
import { createHash, randomInt } from 'node:crypto'
import type { SubmissionFilter } from '@mouthpiece/contracts/conference-events/conference-events.contract'
import {
  RETRIEVAL_ALPHABET,
  SaveDataBody as SaveDataSchema,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import type {
  SaveDataBody,
  ShortVideo,
  Submission,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import type { SortDir } from '@mouthpiece/contracts/lists'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import { listPage, scanAll } from '../../platform/db/list-query'
import type { RowOf } from '../../platform/db/list-query'
import type { CsvCell } from '../../platform/http/csv'
import { AppError } from '../../platform/http/errors'
import { storedKey } from '../../platform/storage/stored-key'
import { photoLook, readPortrait } from '../avatars'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import { PHOTO_NO_FACE } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { rendersDeps, findEventVideo, renderBacklog, startEventVideo } from '../renders'
import { greetingFor, kioskSettings, requireEvent } from './conference-events.service'
import type { ConferenceEventRow, SubmissionRow } from './conference-events.table'
import * as repo from './conference-events.repo'
import { deliver, fallBack, mailClip } from './delivery.service'
import type { ConferenceEventsDeps } from './conference-events.deps'
import { shortAudioUrl } from './short-audio.service'

export const CONSENT_CHANGED =
  'The consent text has changed since this kiosk loaded it. Please read it again and tick the box.'
const codeNotFound = () =>
  new AppError('not_found', 'No video has that code. Check the 6 letters and digits.', 404)

export async function settings(deps: ConferenceEventsDeps, eventId: number) {
  return { event: kioskSettings(await requireEvent(deps, eventId)) }
}

/** The event's extra fields: required ones answered, no others. */
function checkAnswers(event: ConferenceEventRow, answers: Record<string, string>): Record<string, string> {
  const errors: Record<string, string[]> = {}
  const known = new Set(event.fields.map((f) => f.key))
  for (const key of Object.keys(answers))
    if (!known.has(key)) errors[`answers.${key}`] = ['This event does not ask that']
  for (const f of event.fields)
    if (f.required && !answers[f.key]?.trim()) errors[`answers.${f.key}`] = [`Please answer: ${f.label}`]
  const first = Object.values(errors)[0]?.[0]
  if (first) throw new AppError('validation', first, 400, errors)
  return Object.fromEntries(
    event.fields.filter((f) => answers[f.key]?.trim()).map((f) => [f.key, answers[f.key]!.trim()]),
  )
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

async function newCode(deps: ConferenceEventsDeps): Promise<string> {
  for (;;) {
    const code = Array.from(
      { length: 6 },
      () => RETRIEVAL_ALPHABET[randomInt(RETRIEVAL_ALPHABET.length)],
    ).join('')
    if (!(await repo.codeTaken(deps.db, code))) return code
  }
}

class AlreadyStarted extends Error {}

/** Starts the attendee's own render, tied to their row in its transaction; a second start for the same row is rolled back. */
async function startPersonal(
  deps: ConferenceEventsDeps,
  event: ConferenceEventRow,
  sub: SubmissionRow,
  look?: AvatarLook,
): Promise<SubmissionRow> {
  try {
    await startEventVideo(
      rendersDeps(deps),
      {
        text: sub.greeting,
        title: `${event.name}: ${sub.name}`,
        influencerId: event.influencer_id,
        voiceId: event.voice_id,
        captions: true,
        look,
      },
      {
        claim: async () => undefined,
        async attach(tx, render) {
          if (
            !(await repo.moveSubmission(
              tx,
              sub.id,
              ['rendering'],
              { render_id: render.id },
              { unstarted: true },
            ))
          )
            throw new AlreadyStarted()
        },
      },
    )
  } catch (err) {
    if (err instanceof AlreadyStarted) return (await repo.findSubmission(deps.db, sub.id))!
    // The render could not even be queued: the attendee still gets a video.
    return fallBack(deps, sub, (err as Error).message)
  }
  return (await repo.findSubmission(deps.db, sub.id))!
}

/** Starts (or, for a resent submission left half-way, resumes) what the attendee waits on. */
async function startClip(
  deps: ConferenceEventsDeps,
  event: ConferenceEventRow,
  sub: SubmissionRow,
  look?: AvatarLook,
): Promise<SubmissionRow> {
  if (sub.delivery !== 'rendering' || sub.render_id) return sub
  if (sub.variant === 'personal') return startPersonal(deps, event, sub, look)
  return fallBack(deps, sub, 'The render workers were busy')
}

/**
 * SPEC §7 "save data": the attendee, their consent in the ledger and their clip, from one kiosk
 * submission. The kiosk makes the id, so a resend after a dropped answer is the same attendee.
 */
export async function saveData(
  deps: ConferenceEventsDeps,
  eventId: number,
  input: SaveDataBody,
): Promise<{ video: ShortVideo; duplicate: boolean }> {
  const body = SaveDataSchema.parse(input)
  const event = await requireEvent(deps, eventId)
  const existing = await repo.findSubmission(deps.db, body.submission_id)
  if (existing) {
    if (existing.event_id !== eventId)
      throw new AppError('conflict', 'This submission belongs to another event.', 409)
    return { video: await presentVideo(deps, event, await startClip(deps, event, existing)), duplicate: true }
  }
  if (body.consent_text.trim() !== event.consent_text)
    throw new AppError('consent_changed', CONSENT_CHANGED, 409)
  const answers = checkAnswers(event, body.answers)
  // The attendee's photo becomes their talking photo (as the photo-avatar pipeline makes one).
  const look = body.photo
    ? await attendeeLook(deps, eventId, body.submission_id, body.name, body.photo)
    : undefined
  // Saturated workers: the generic clip now beats a personal one in a minute.
  const busy =
    (await renderBacklog(deps, deps.config.CONFERENCE_EVENT_RENDER_BACKLOG)) >=
    deps.config.CONFERENCE_EVENT_RENDER_BACKLOG
  const code = await newCode(deps)
  const created = await deps.db.transaction(async (tx) => {
    const row = await repo.insertSubmission(tx, {
      id: body.submission_id,
      event_id: eventId,
      name: body.name,
      email: body.email,
      answers,
      kiosk_id: body.kiosk_id,
      code,
      greeting: greetingFor(event.greeting_template, body.name),
      variant: busy ? 'generic' : 'personal',
      delivery: 'rendering',
      render_id: null,
    })
    if (row) {
      await repo.insertConsent(tx, {
        submission_id: row.id,
        event_id: eventId,
        kiosk_id: body.kiosk_id,
        consent_text: event.consent_text,
        consent_sha256: sha256(event.consent_text),
        // The kiosk's clock (they may have agreed offline), never later than we heard of it.
        agreed_at: new Date(Math.min(Date.parse(body.agreed_at), Date.now())),
      })
    }
    return row
  })
  // Two sends of one submission at once: the second finds the first's row.
  const sub = created ?? (await repo.findSubmission(deps.db, body.submission_id))!
  return {
    video: await presentVideo(deps, event, await startClip(deps, event, sub, created ? look : undefined)),
    duplicate: !created,
  }
}

/** Where an attendee's kiosk photo is kept (served to nobody; the render reads it from storage). */
export const attendeePhotoKey = (eventId: number, submissionId: string) =>
  storedKey(`conference-events/${eventId}/${submissionId}-photo.jpg`)

/**
 * The talking photo of a kiosk photo: the face found, the portrait kept, the look a render draws.
 * No face: refused while the attendee is still at the kiosk, so they can retake it.
 */
async function attendeeLook(
  deps: ConferenceEventsDeps,
  eventId: number,
  submissionId: string,
  name: string,
  dataUrl: string,
): Promise<AvatarLook> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
  let portrait: Awaited<ReturnType<typeof readPortrait>>
  try {
    portrait = await readPortrait(bytes)
  } catch {
    throw new AppError('validation', PHOTO_NO_FACE, 422, { photo: [PHOTO_NO_FACE] })
  }
  const key = attendeePhotoKey(eventId, submissionId)
  await deps.storage.put(key, portrait.jpeg, 'image/jpeg')
  return photoLook(name, portrait, { key, src: '' })
}

/** The attendee's clip as the kiosk and the QR link show it. A finished render not yet followed is delivered here too. */
async function presentVideo(
  deps: ConferenceEventsDeps,
  event: ConferenceEventRow,
  sub: SubmissionRow,
): Promise<ShortVideo> {
  let render: Render | undefined = sub.render_id ? await findEventVideo(deps, sub.render_id) : undefined
  if (sub.delivery === 'rendering' && render?.status === RenderStatus.completed)
    sub = await deliver(deps, sub)
  if (sub.render_id !== render?.id)
    render = sub.render_id ? await findEventVideo(deps, sub.render_id) : undefined
  const playable = sub.delivery !== 'rendering' && render?.status === RenderStatus.completed
  return {
    code: sub.code,
    event_id: event.id,
    event_name: event.name,
    name: sub.name,
    greeting: sub.greeting,
    variant: sub.variant,
    delivery: sub.delivery,
    video_url: playable ? render!.files.video_url : null,
    poster_url: playable ? render!.files.poster_url : null,
    captions_url: !playable
      ? null
      : sub.variant === 'generic'
        ? `/api/conference-event/short-video/${sub.code}/captions.vtt`
        : render!.files.vtt_url,
    audio_url: shortAudioUrl(sub.code),
  }
}

async function bySub(deps: ConferenceEventsDeps, code: string) {
  const sub = await repo.findByCode(deps.db, code)
  if (!sub) throw codeNotFound()
  return { sub, event: await requireEvent(deps, sub.event_id) }
}

export async function shortVideo(deps: ConferenceEventsDeps, code: string) {
  const { sub, event } = await bySub(deps, code)
  return { video: await presentVideo(deps, event, sub) }
}

/** The contingency's captions: the attendee's greeting over the whole generic clip. */
export async function captionsVtt(deps: ConferenceEventsDeps, code: string): Promise<string> {
  const { sub } = await bySub(deps, code)
  const render =
    sub.variant === 'generic' && sub.render_id ? await findEventVideo(deps, sub.render_id) : undefined
  if (!render || render.status !== RenderStatus.completed)
    throw new AppError('not_found', 'This video has no name captions.', 404)
  const end = new Date(Math.ceil((render.duration ?? 10) * 1000)).toISOString().slice(11, 23)
  return `WEBVTT\n\n1\n00:00:00.000 --> ${end}\n${sub.greeting.replace(/-->/g, '→')}\n`
}

/** SPEC §7 "send-mail": the link again, to the address the attendee gave (never another). */
export async function sendMail(deps: ConferenceEventsDeps, code: string) {
  const { sub, event } = await bySub(deps, code)
  if (sub.delivery === 'rendering')
    throw new AppError(
      'not_ready',
      'Your video is still being made. It is mailed as soon as it is ready.',
      409,
    )
  return { video: await presentVideo(deps, event, await mailClip(deps, sub, { resend: true })) }
}

// Admin

type Row = RowOf<typeof repo.submissionsSpec.fields>
type ListArgs = SubmissionFilter & { sort?: string; dir?: SortDir }

const iso = (d: Date | null) => (d ? d.toISOString() : null)
export const presentSubmission = (r: Row): Submission => ({
  id: r.id,
  event_id: r.event_id,
  name: r.name,
  email: r.email,
  answers: r.answers,
  kiosk_id: r.kiosk_id,
  code: r.code,
  variant: r.variant,
  delivery: r.delivery,
  delivery_error: r.delivery_error,
  render_id: r.render_id,
  agreed_at: new Date(r.agreed_at).toISOString(),
  consent_sha256: r.consent_sha256,
  created_at: r.created_at.toISOString(),
  ready_at: iso(r.ready_at),
  mailed_at: iso(r.mailed_at),
})

export async function listSubmissions(
  deps: ConferenceEventsDeps,
  eventId: number,
  q: ListArgs & { page: number; per_page: number },
) {
  await requireEvent(deps, eventId)
  const page = await listPage(deps.db, repo.submissionsSpec, {
    where: repo.submissionsWhere(eventId, q),
    sort: q.sort,
    dir: q.dir,
    page: q.page,
    perPage: q.per_page,
  })
  return { ...page, list: page.list.map(presentSubmission) }
}

/** The CSV: the event's own fields as columns, then delivery and the consent ledger entry. */
export async function submissionsCsv(deps: ConferenceEventsDeps, eventId: number, q: ListArgs) {
  const event = await requireEvent(deps, eventId)
  const header = [
    'id',
    'name',
    'email',
    ...event.fields.map((f) => f.label),
    'kiosk_id',
    'code',
    'variant',
    'delivery',
    'delivery_error',
    'created_at',
    'ready_at',
    'mailed_at',
    'consent_agreed_at',
    'consent_sha256',
    'consent_text',
  ]
  const toRow = (r: Row): CsvCell[] => [
    r.id,
    r.name,
    r.email,
    ...event.fields.map((f) => r.answers[f.key] ?? ''),
    r.kiosk_id,
    r.code,
    r.variant,
    r.delivery,
    r.delivery_error,
    r.created_at.toISOString(),
    iso(r.ready_at),
    iso(r.mailed_at),
    new Date(r.agreed_at).toISOString(),
    r.consent_sha256,
    r.consent_text,
  ]
  const batches = scanAll(deps.db, repo.submissionsSpec, {
    where: repo.submissionsWhere(eventId, q),
    sort: q.sort ?? 'created_at',
    dir: q.dir ?? 'asc',
  })
  return { name: `conference-event-${eventId}-submissions`, header, batches, toRow }
}
