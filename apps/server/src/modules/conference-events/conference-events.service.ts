/**
 * Conference events (SPEC §7 "settings", "event"): what the admin sets up at /admin/twitch-con,
 * and the event's generic clip — rendered once, ahead of the crowd, so an attendee always gets a
 * video even when the render workers are saturated or their own render fails.
 */
import { NAME_PLACEHOLDER } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import type {
  ConferenceEvent,
  ConferenceEventBody,
  KioskSettings,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { ConferenceEventBody as EventBodySchema } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import type { ConferenceEventsDeps } from './conference-events.deps'
import { AppError } from '../../platform/http/errors'
import { hashPassword } from '../../platform/credentials/passwords'
import { recordAudit } from '../audit'
import type { AdminAuditActor } from '../audit'
import { chooseAvatar } from '../avatars'
import { requireVoice } from '../voices'
import { rendersDeps, findEventVideo, startEventVideo } from '../renders'
import * as repo from './conference-events.repo'
import type { ConferenceEventRow } from './conference-events.table'

export const eventNotFound = () => new AppError('not_found', 'Event not found', 404)

/** The attendee's line: the template with their name. */
export const greetingFor = (template: string, name: string) => template.split(NAME_PLACEHOLDER).join(name)
/** The generic clip's line: the same greeting to nobody in particular (the name goes in its captions). */
export const genericLine = (template: string) => greetingFor(template, 'there')

export async function requireEvent(
  deps: Pick<ConferenceEventsDeps, 'db'>,
  id: number,
): Promise<ConferenceEventRow> {
  const row = await repo.findEvent(deps.db, id)
  if (!row) throw eventNotFound()
  return row
}

function genericStatus(render: Render | undefined): ConferenceEvent['generic_clip']['status'] {
  if (!render) return 'none'
  if (render.status === RenderStatus.completed) return 'ready'
  if (render.status === RenderStatus.issue) return 'failed'
  return 'rendering'
}

async function present(
  deps: Pick<ConferenceEventsDeps, 'db'>,
  row: ConferenceEventRow,
  submissions?: number,
): Promise<ConferenceEvent> {
  const generic = row.generic_render_id ? await findEventVideo(deps, row.generic_render_id) : undefined
  return {
    id: row.id,
    name: row.name,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    fields: row.fields,
    consent_text: row.consent_text,
    greeting_template: row.greeting_template,
    influencer_id: row.influencer_id,
    voice_id: row.voice_id,
    generic_clip: {
      render_id: row.generic_render_id,
      status: genericStatus(generic),
      video_url: generic?.files.video_url ?? null,
    },
    has_staff_pin: row.staff_pin_hash !== null,
    submissions: submissions ?? (await repo.countSubmissions(deps.db, row.id)),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export function kioskSettings(row: ConferenceEventRow): KioskSettings {
  const { id, name, starts_on, ends_on, fields, consent_text, greeting_template } = row
  return { id, name, starts_on, ends_on, fields, consent_text, greeting_template }
}

/** The avatar and voice must exist now, not when the first attendee is waiting. */
async function checkCast(deps: Pick<ConferenceEventsDeps, 'db'>, body: ConferenceEventBody) {
  await chooseAvatar(deps.db, null, { influencer_id: body.influencer_id })
  if (body.voice_id) await requireVoice(body.voice_id)
}

/** The row's values; a PIN in the body is hashed here and never stored or logged as typed. */
const toValues = async (body: ConferenceEventBody): Promise<repo.NewEvent> => {
  const { staff_pin, ...b } = EventBodySchema.parse(body)
  return {
    ...b,
    voice_id: b.voice_id ?? null,
    ...(staff_pin ? { staff_pin_hash: await hashPassword(staff_pin) } : {}),
  }
}

/** What the audit log keeps of an event row: whether a PIN is set, never its hash. */
const audited = ({ staff_pin_hash, ...row }: ConferenceEventRow) => ({
  ...row,
  has_staff_pin: staff_pin_hash !== null,
})

/**
 * The event's generic clip: started when missing, failed, or made with another line or cast. The
 * attendees waiting on an old one move to the new one (they must never be left on a dead render).
 */
export async function ensureGenericClip(
  deps: ConferenceEventsDeps,
  eventId: number,
  opts: { force?: boolean } = {},
): Promise<Render | undefined> {
  const event = await requireEvent(deps, eventId)
  const current = event.generic_render_id ? await findEventVideo(deps, event.generic_render_id) : undefined
  if (current && current.status !== RenderStatus.issue && !opts.force) return current
  const row = await startEventVideo(rendersDeps(deps), {
    text: genericLine(event.greeting_template),
    title: `${event.name}: generic greeting`,
    influencerId: event.influencer_id,
    voiceId: event.voice_id,
    captions: false,
  })
  if (!row) return current
  await deps.db.transaction(async (tx) => {
    await repo.updateEvent(tx, eventId, { generic_render_id: row.id })
    await repo.repointGenericWaiters(tx, eventId, row.id)
  })
  return findEventVideo(deps, row.id)
}

export async function listEvents(
  deps: Pick<ConferenceEventsDeps, 'db'>,
): Promise<{ events: ConferenceEvent[] }> {
  const rows = await repo.listEvents(deps.db)
  return { events: await Promise.all(rows.map((r) => present(deps, r.event, r.submissions))) }
}

export async function getEvent(deps: Pick<ConferenceEventsDeps, 'db'>, id: number) {
  return { event: await present(deps, await requireEvent(deps, id)) }
}

export async function createEvent(
  deps: ConferenceEventsDeps,
  actor: AdminAuditActor,
  body: ConferenceEventBody,
) {
  await checkCast(deps, body)
  const values = await toValues(body)
  const row = await deps.db.transaction(async (tx) => {
    const created = await repo.insertEvent(tx, values)
    await recordAudit(tx, actor, 'conference-events.create', {
      target: { type: 'conference_event', id: created.id },
      after: audited(created),
    })
    return created
  })
  await ensureGenericClip(deps, row.id)
  return getEvent(deps, row.id)
}

const CLIP_INPUTS = ['name', 'greeting_template', 'influencer_id', 'voice_id'] as const

export async function updateEvent(
  deps: ConferenceEventsDeps,
  actor: AdminAuditActor,
  id: number,
  body: ConferenceEventBody,
) {
  await checkCast(deps, body)
  const values = await toValues(body)
  const { before, after } = await deps.db.transaction(async (tx) => {
    const old = await repo.findEvent(tx, id, { lock: true })
    if (!old) throw eventNotFound()
    const changed = (await repo.updateEvent(tx, id, values))!
    await recordAudit(tx, actor, 'conference-events.update', {
      target: { type: 'conference_event', id },
      before: audited(old),
      after: audited(changed),
      ...(body.staff_pin ? { meta: { staff_pin_changed: true } } : {}),
    })
    return { before: old, after: changed }
  })
  // A new line or cast makes the old generic clip wrong: render it again.
  if (CLIP_INPUTS.some((k) => before[k] !== after[k])) await ensureGenericClip(deps, id, { force: true })
  return getEvent(deps, id)
}
