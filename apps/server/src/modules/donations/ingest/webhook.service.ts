import { z } from 'zod'
import { AppError } from '../../../platform/http/errors'
import { eventSubSecret } from '../accounts/accounts.service'
import { findAccountsByExternal, updateAccount } from '../accounts/accounts.repo'
import type { DonationsDeps } from '../donations.deps'
import type { ConnectedAccountRow } from '../donations.table'
import { acceptEvent } from './ingest.service'
import { WebhookRejected, verifyTwitchWebhook, webhookHeaders } from '../sources/twitch-webhook'
import { normalizeTwitch } from '../sources/twitch-normalize'

const Body = z.object({
  subscription: z
    .object({
      type: z.string(),
      status: z.string().optional(),
      condition: z.object({ broadcaster_user_id: z.string() }).loose(),
    })
    .loose(),
  event: z.unknown().optional(),
  challenge: z.string().optional(),
})

export type WebhookAnswer = { status: 200; text: string } | { status: 204 }

/**
 * Broadcaster → linked accounts, remembered for a few seconds: a burst of notifications for one
 * channel needs one look-up, not one per event. A link or unlink in this process clears it.
 */
const ACCOUNTS_TTL_MS = 5000
const accountCache = new WeakMap<
  DonationsDeps,
  Map<string, { at: number; accounts: ConnectedAccountRow[] }>
>()
async function accountsFor(deps: DonationsDeps, broadcasterId: string): Promise<ConnectedAccountRow[]> {
  let cache = accountCache.get(deps)
  if (!cache) {
    const fresh = new Map<string, { at: number; accounts: ConnectedAccountRow[] }>()
    deps.signals.on('accounts', () => fresh.clear())
    accountCache.set(deps, (cache = fresh))
  }
  const hit = cache.get(broadcasterId)
  if (hit && Date.now() - hit.at < ACCOUNTS_TTL_MS) return hit.accounts
  const accounts = await findAccountsByExternal(deps.db, 'twitch', broadcasterId)
  if (cache.size > 10_000) cache.clear()
  cache.set(broadcasterId, { at: Date.now(), accounts })
  return accounts
}

/**
 * Twitch EventSub over webhooks. Signature and age first (403 otherwise, before anything is read),
 * then: the verification challenge is answered with its raw text; a revocation marks the account;
 * a notification for a broadcaster nobody linked is refused (404), others go to the event bus —
 * where the message id makes Twitch's redeliveries no-ops.
 */
export async function handleTwitchWebhook(
  deps: DonationsDeps,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookAnswer> {
  const h = webhookHeaders(headers)
  try {
    verifyTwitchWebhook(rawBody, h, eventSubSecret(deps.config))
  } catch (err) {
    if (err instanceof WebhookRejected) throw new AppError('invalid_signature', err.message, 403)
    throw err
  }
  let body: z.infer<typeof Body>
  try {
    body = Body.parse(JSON.parse(rawBody.toString('utf8')))
  } catch {
    throw new AppError('invalid_body', 'The request body is not an EventSub message', 400)
  }
  if (h.type === 'webhook_callback_verification') {
    if (!body.challenge) throw new AppError('invalid_body', 'Missing challenge', 400)
    return { status: 200, text: body.challenge }
  }
  const accounts = await accountsFor(deps, body.subscription.condition.broadcaster_user_id)
  if (!accounts.length) throw new AppError('unknown_creator', 'Unknown creator', 404)
  if (h.type === 'revocation') {
    for (const a of accounts)
      await updateAccount(deps.db, a.id, {
        last_error: `Twitch ended the ${body.subscription.type} subscription (${body.subscription.status ?? 'revoked'})`,
      })
    return { status: 204 }
  }
  if (h.type !== 'notification') return { status: 204 }
  const event = normalizeTwitch(h.messageId!, body.subscription.type, body.event, h.timestamp)
  if (!event) return { status: 204 }
  for (const a of accounts) await acceptEvent(deps, { userId: a.user_id, accountId: a.id }, event)
  return { status: 204 }
}
