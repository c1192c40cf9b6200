/**
 * The one way the product sends mail: every message names its kind, and one mail of a kind to one
 * recipient holds the next back for that kind's cooldown (persisted: it holds across processes).
 * The transport (SMTP or the outbox) is mailer.ts's.
 */
import type { Platform } from '../context'
import { AppError, waitText } from '../http/errors'
import { createMailer } from './mailer'
import type { Mailer, MailMessage } from './mailer'
import { claimMailSlot, releaseMailSlot, sweepMailSlots } from './mail-cooldown.repo'

/**
 * Every kind of mail, and how long (seconds) one to an address holds the next of that kind back.
 * A password reset link stays valid an hour and a booth clip's link does not change, so a minute
 * costs nobody anything; admin exports are asked for on purpose, so only a double click is held.
 */
export const MAIL_COOLDOWN_SECONDS = {
  password_reset: 60,
  booth_clip: 60,
  /** Keyed by the sender (reply-to), not our support address. */
  support: 60,
  projects_export: 10,
  early_registers_export: 10,
} as const
export type MailKind = keyof typeof MAIL_COOLDOWN_SECONDS

/** A mail of this kind went to this address moments ago; `retryAfterSeconds` says when the next may go. */
export class MailCooldownError extends AppError {
  constructor(
    readonly kind: MailKind,
    seconds: number,
    message = `An email was just sent to this address. Please wait ${waitText(seconds)} before asking for another.`,
  ) {
    super('mail_cooldown', message, 429, undefined, seconds)
  }
}

const mailers = new WeakMap<object, Mailer>()

/** One mailer per configuration, so an SMTP transport is built once, not per message. */
function mailerFor(config: Platform['config']): Mailer {
  let mailer = mailers.get(config)
  if (!mailer) mailers.set(config, (mailer = createMailer(config)))
  return mailer
}

const SWEEP_EVERY_MS = 10 * 60_000
let lastSweep = 0

/**
 * Sends `message` unless a mail of `kind` went to the same recipient within the cooldown (then a
 * MailCooldownError, 429, sent nothing). `cooldownKey` overrides the recipient the cooldown counts
 * (support mail: the sender). A transport failure gives the slot back, so a retry is not held.
 */
export async function sendMail(
  deps: Pick<Platform, 'db' | 'config'>,
  kind: MailKind,
  message: MailMessage,
  opts: { cooldownKey?: string } = {},
): Promise<void> {
  const recipient = (opts.cooldownKey ?? message.to).trim().toLowerCase()
  const left = await claimMailSlot(deps.db, kind, recipient, MAIL_COOLDOWN_SECONDS[kind])
  if (left !== undefined) throw new MailCooldownError(kind, left)
  try {
    await mailerFor(deps.config).send(message)
  } catch (err) {
    await releaseMailSlot(deps.db, kind, recipient).catch(() => {})
    throw err
  }
  if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = Date.now()
    const longest = Math.max(...Object.values(MAIL_COOLDOWN_SECONDS))
    void sweepMailSlots(deps.db, longest * 2).catch(() => {})
  }
}
