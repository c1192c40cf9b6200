import os from 'node:os'
import { randomUUID } from 'node:crypto'
import type { AccountProvider, NormalizedEventInput } from '@mouthpiece/contracts/donations/donations.schemas'
import type { Platform } from '../../../platform/context'
import { findAccount, leaseAccounts, releaseLeases, updateAccount } from '../accounts/accounts.repo'
import { tokenAccess } from '../accounts/accounts.service'
import type { DonationsDeps } from '../donations.deps'
import type { ConnectedAccountRow } from '../donations.table'
import { findBySourceId } from '../ingest/events.repo'
import { RejectedEvent, acceptEvent } from '../ingest/ingest.service'
import { applyExternalModeration } from '../tips/tips.service'
import { SourceAuthError, backoffMs, sleep } from '../../../platform/http/upstream'
import type { SourceContext, SourceRunner } from './source'
import { runStreamElements } from './streamelements'
import { runStreamlabs } from './streamlabs'
import { runTwitchEventSub } from './twitch-eventsub'
import { runYoutube } from './youtube'
import { spendYoutubeQuota } from '../../../platform/google/youtube-quota.repo'
import { twitchConnection } from '../accounts/twitch-setting.service'

/** A client that ran this long was healthy: its next failure starts the backoff from the beginning. */
const HEALTHY_AFTER_MS = 60_000

function contextFor(deps: DonationsDeps, account: ConnectedAccountRow, signal: AbortSignal): SourceContext {
  const tokens = tokenAccess(deps, account)
  const tag = `[donations:${account.provider}#${account.id}]`
  const store = async (event: NormalizedEventInput) => {
    try {
      return await acceptEvent(deps, { userId: account.user_id, accountId: account.id }, event)
    } catch (err) {
      if (err instanceof RejectedEvent) console.warn(tag, `refused an event: ${err.message}`)
      else console.error(tag, 'could not store an event:', (err as Error).message)
      return null
    }
  }
  // One at a time, in arrival order: alerts from one account play in the order the platform sent them.
  let queue: Promise<unknown> = Promise.resolve()
  return {
    account,
    config: deps.config,
    signal,
    accessToken: tokens.accessToken,
    refreshAccessToken: tokens.refreshAccessToken,
    socketToken: () => (account.socket_token_enc ? deps.sealer.open(account.socket_token_enc) : null),
    emit(event) {
      const stored = queue.then(() => store(event))
      queue = stored
      return stored
    },
    async moderate(source, externalId, status) {
      const row = await findBySourceId(deps.db, account.user_id, source, externalId)
      if (row)
        await applyExternalModeration(deps, row, status).catch((err: unknown) =>
          console.error(tag, (err as Error).message),
        )
    },
    async saveCursor(cursor) {
      await updateAccount(deps.db, account.id, { cursor })
    },
    spendQuota: (units) => spendYoutubeQuota(deps.db, units),
    async report(error) {
      if (account.last_error === error) return
      account.last_error = error
      await updateAccount(deps.db, account.id, { last_error: error })
    },
    log: (message) => console.log(tag, message),
  }
}

/**
 * Keeps one live client per linked account, in worker processes. Each scan leases the active
 * accounts (so two workers never run the same account), starts clients for new ones and stops the
 * ones that were unlinked or whose lease went to another worker. A client that fails is restarted
 * with exponential backoff; one the platform refused (revoked token) is marked and left stopped
 * until the creator links again.
 */
export async function startSourceSupervisor(platform: Platform, deps: DonationsDeps) {
  if (!deps.config.SOURCES_ENABLED) return
  const runners: Record<AccountProvider, SourceRunner> = {
    streamlabs: runStreamlabs,
    streamelements: runStreamElements,
    youtube: runYoutube,
    twitch: runTwitchEventSub,
  }
  // Twitch runs here only on the websocket transport; the admin may switch it, so each scan asks.
  const providersNow = async (): Promise<AccountProvider[]> => {
    const { transport } = await twitchConnection(deps)
    return (Object.keys(runners) as AccountProvider[]).filter(
      (p) => p !== 'twitch' || transport === 'websocket',
    )
  }
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const leaseSeconds = deps.config.SOURCES_SCAN_SECONDS * 3
  const running = new Map<number, { ctrl: AbortController; link: string }>()
  // What a relink changes (a refresh only swaps the access token): a new link restarts the client.
  const linkOf = (a: ConnectedAccountRow) =>
    `${a.token_type}|${a.socket_token_enc ?? ''}|${a.refresh_token_enc ?? ''}`
  let stopped = false

  const supervise = async (account: ConnectedAccountRow, ctrl: AbortController) => {
    const run = runners[account.provider]
    let attempt = 0
    while (!ctrl.signal.aborted) {
      const started = Date.now()
      try {
        const fresh = await findAccount(deps.db, account.id)
        if (!fresh || fresh.status !== 'active') break
        await run(contextFor(deps, fresh, ctrl.signal))
        if (ctrl.signal.aborted) break
        throw new Error('the client stopped by itself')
      } catch (err) {
        if (ctrl.signal.aborted) break
        const message = (err as Error).message
        if (err instanceof SourceAuthError) {
          await updateAccount(deps.db, account.id, { status: 'error', last_error: message }).catch(() => {})
          console.warn(`[donations:${account.provider}#${account.id}] stopped: ${message}`)
          break
        }
        console.warn(`[donations:${account.provider}#${account.id}] ${message}; reconnecting`)
        await updateAccount(deps.db, account.id, { last_error: message }).catch(() => {})
        if (Date.now() - started > HEALTHY_AFTER_MS) attempt = 0
        await sleep(backoffMs(attempt++), ctrl.signal)
      }
    }
    if (running.get(account.id)?.ctrl === ctrl) running.delete(account.id)
  }

  let scanning: Promise<void> | null = null
  const scan = () => {
    scanning ??= (async () => {
      try {
        if (stopped) return
        const leased = await leaseAccounts(deps.db, owner, leaseSeconds, await providersNow())
        const ids = new Set(leased.map((a) => a.id))
        for (const account of leased) {
          const current = running.get(account.id)
          if (current?.link === linkOf(account)) continue
          current?.ctrl.abort()
          const ctrl = new AbortController()
          running.set(account.id, { ctrl, link: linkOf(account) })
          void supervise(account, ctrl)
        }
        for (const [id, { ctrl }] of running) if (!ids.has(id)) ctrl.abort()
      } catch (err) {
        console.error('[donations] source scan failed:', (err as Error).message)
      } finally {
        scanning = null
      }
    })()
    return scanning
  }

  const onAccounts = () => void scan()
  deps.signals.on('accounts', onAccounts)
  const timer = setInterval(() => void scan(), deps.config.SOURCES_SCAN_SECONDS * 1000)
  timer.unref()
  platform.queue.boss.once('stopped', () => {
    stopped = true
    clearInterval(timer)
    deps.signals.off('accounts', onAccounts)
    for (const { ctrl } of running.values()) ctrl.abort()
    running.clear()
    void releaseLeases(deps.db, owner).catch(() => {})
  })
  await scan()
}
