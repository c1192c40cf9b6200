/**
 * Getting each attendee their clip: follow the render they wait on; when it is done, mark them
 * ready and mail the link; when their own render fails, move them to the event's generic clip
 * (never nothing). Runs where the render workers run (their state changes are heard there).
 */
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import { waitText } from '../../platform/http/errors'
import { MailCooldownError, sendMail } from '../../platform/mail/send-mail'
import { onEventVideoChange } from '../renders'
import { ensureGenericClip, requireEvent } from './conference-events.service'
import * as repo from './conference-events.repo'
import type { SubmissionRow } from './conference-events.table'
import type { ConferenceEventsDeps } from './conference-events.deps'

/** Where the QR code and the mail send the attendee: the kiosk route with their code. */
export const retrievalLink = (publicUrl: string, eventId: number, code: string) =>
  `${publicUrl}/twitchcon/${eventId}?code=${code}`

/**
 * Mails the attendee their link (again, for send-mail); records the outcome on the row. A mail that
 * goes clears only a mail error: why they got the generic clip stays for the staff. The mail
 * cooldown (platform/mail/send-mail.ts) holds a second mail to one address back: a resend
 * (`resend`) answers its 429; a first delivery records it as the row's mail error.
 */
export async function mailClip(
  deps: ConferenceEventsDeps,
  sub: SubmissionRow,
  opts: { resend?: boolean } = {},
): Promise<SubmissionRow> {
  const event = await requireEvent(deps, sub.event_id)
  const link = retrievalLink(deps.config.publicUrl, event.id, sub.code)
  try {
    await sendMail(deps, 'booth_clip', {
      to: sub.email,
      subject: `Your ${event.name} video is ready`,
      text: `Hi ${sub.name},\n\n“${sub.greeting}”\n\nWatch and download your video: ${link}\nYour code: ${sub.code}\n\nThanks for stopping by our booth at ${event.name}!`,
      html: `<p>Hi ${escapeHtml(sub.name)},</p><p>“${escapeHtml(sub.greeting)}”</p><p><a href="${link}">Watch and download your video</a></p><p>Your code: <strong>${sub.code}</strong></p><p>Thanks for stopping by our booth at ${escapeHtml(event.name)}!</p>`,
    })
    return (
      (await repo.moveSubmission(deps.db, sub.id, ['ready', 'mailed', 'mail_failed'], {
        delivery: 'mailed',
        mailed_at: new Date(),
        ...(sub.delivery === 'mail_failed' ? { delivery_error: null } : {}),
      })) ?? sub
    )
  } catch (err) {
    if (err instanceof MailCooldownError && opts.resend)
      throw new MailCooldownError(
        err.kind,
        err.retryAfterSeconds ?? 60,
        resendTooSoon(err.retryAfterSeconds ?? 60),
      )
    const error = (err as Error).message.slice(0, 500)
    console.error(`[conference-events] mail to submission ${sub.id} failed:`, error)
    return (
      (await repo.moveSubmission(deps.db, sub.id, ['ready', 'mail_failed'], {
        delivery: 'mail_failed',
        delivery_error: error,
      })) ?? sub
    )
  }
}

/** The booth's send-mail pressed again within the mail cooldown. */
export const resendTooSoon = (seconds: number) =>
  `Your video was just emailed to you. Please wait ${waitText(seconds)} and check your inbox (and spam folder) before sending it again.`

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The clip is playable: ready at once (the kiosk shows it), then mailed. Only one caller wins the move. */
export async function deliver(deps: ConferenceEventsDeps, sub: SubmissionRow): Promise<SubmissionRow> {
  const ready = await repo.moveSubmission(deps.db, sub.id, ['rendering'], {
    delivery: 'ready',
    ready_at: new Date(),
  })
  return ready ? mailClip(deps, ready) : ((await repo.findSubmission(deps.db, sub.id)) ?? sub)
}

/** The attendee's own render failed (or could not start): the generic clip with their name in captions. */
export async function fallBack(
  deps: ConferenceEventsDeps,
  sub: SubmissionRow,
  reason: string,
): Promise<SubmissionRow> {
  const generic = await ensureGenericClip(deps, sub.event_id)
  const moved = await repo.moveSubmission(deps.db, sub.id, ['rendering'], {
    variant: 'generic',
    render_id: generic?.id ?? null,
    delivery_error: reason,
  })
  if (!moved) return (await repo.findSubmission(deps.db, sub.id)) ?? sub
  return generic?.status === RenderStatus.completed ? deliver(deps, moved) : moved
}

/** A render of this module changed: the attendees waiting on it move on. */
export async function followRender(deps: ConferenceEventsDeps, render: Render): Promise<void> {
  if (render.status !== RenderStatus.completed && render.status !== RenderStatus.issue) return
  const waiting = await repo.waitingOn(deps.db, render.id)
  for (const sub of waiting) {
    if (render.status === RenderStatus.completed) await deliver(deps, sub)
    else if (sub.variant === 'personal')
      await fallBack(deps, sub, render.error ?? 'The personal video failed')
    // The generic clip itself failed: render it again; its waiters follow the new one.
    else await ensureGenericClip(deps, sub.event_id)
  }
}

const listening = new WeakSet<object>()
/** Registers the follower once per database (API and worker processes both call this). */
export function listenToEventVideos(deps: ConferenceEventsDeps): void {
  if (listening.has(deps.db)) return
  listening.add(deps.db)
  onEventVideoChange(deps, (render) => followRender(deps, render))
}
