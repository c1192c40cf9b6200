import type { NormalizedEventInput } from '@mouthpiece/contracts/donations/donations.schemas'
import type { DonationsConfig } from '../donations.config'
import type { ConnectedAccountRow } from '../donations.table'
import type { IngestOutcome } from '../ingest/ingest.service'

/** What a live client gets from the supervisor for the one account it serves. */
export interface SourceContext {
  readonly account: ConnectedAccountRow
  readonly config: DonationsConfig
  /** Aborted when the account is unlinked, its lease is lost or the process stops. */
  readonly signal: AbortSignal
  /** The account's access token, refreshed first when it has expired. */
  accessToken: () => Promise<string>
  /** After a 401: a new access token from the refresh token (SourceAuthError when that is gone too). */
  refreshAccessToken: () => Promise<string>
  /** Streamlabs socket token / StreamElements JWT. */
  socketToken(): string | null
  /** Hands a normalised event to the durable event bus. Bad events are logged and dropped, never thrown. */
  emit(event: NormalizedEventInput): Promise<IngestOutcome | null>
  /** The event bus's answer for an event already stored under this source's id (StreamElements moderation). */
  moderate(
    source: 'streamelements',
    externalId: string,
    status: 'pending' | 'allowed' | 'rejected',
  ): Promise<void>
  saveCursor(cursor: Record<string, unknown> | null): Promise<void>
  /** Records API quota units spent today (YouTube; shared by every account); answers today's total. */
  spendQuota(units: number): Promise<number>
  /** Marks the account (last_error shown on the settings page) without stopping the client. */
  report(error: string | null): Promise<void>
  log: (message: string) => void
}

/**
 * A live client: runs until `ctx.signal` aborts. Throwing means "restart me" (with backoff);
 * throwing SourceAuthError means the account needs relinking and is not restarted.
 */
export type SourceRunner = (ctx: SourceContext) => Promise<void>

/** Parses a socket frame defensively: malformed input is dropped with a log line, never thrown. */
export function parseFrame(data: unknown, log: (m: string) => void): unknown {
  const text =
    typeof data === 'string'
      ? data
      : Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Array.isArray(data)
          ? Buffer.concat(data as Buffer[]).toString('utf8')
          : null
  if (text === null) {
    log('ignored a non-text frame')
    return null
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    log(`ignored a malformed frame (${text.length} bytes)`)
    return null
  }
}

/** Largest frame a platform socket may send us; the 10 MB "message" of a broken or hostile peer closes the socket. */
export const MAX_FRAME_BYTES = 1024 * 1024
