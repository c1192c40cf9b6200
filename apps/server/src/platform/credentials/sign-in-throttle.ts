import type { Queryable } from '../db/client'
import { AppError } from '../http/errors'
import { verifyPassword } from './passwords'
import { clearFailures, deleteStaleFailures, readFailures, recordFailure } from './sign-in-failures.repo'

/**
 * Back-off for password guessing, per account, that no single address can turn into a lockout:
 *
 * - one account from one address: 5 free failures in 15 minutes, then each further try waits
 *   1, 2, 4 … seconds after the last failure (at most 15 minutes) — a guesser from one address
 *   gets about 14 tries in 15 minutes;
 * - one account from everywhere: past 50 failures in 15 minutes (more than one address can make)
 *   tries are spaced 2 seconds apart for everybody — slower, never shut.
 *
 * The per-IP route limits still apply on top. A refused try checks no password, so it costs no
 * hashing and counts as no failure. Login and update-info's current-password check share the keys.
 */
const WINDOW_MS = 15 * 60_000
const PAIR_FREE_FAILURES = 5
const PAIR_MAX_WAIT_S = 15 * 60
const ACCOUNT_FREE_FAILURES = 50
const ACCOUNT_SPACING_S = 2
const SWEEP_EVERY_MS = 10 * 60_000

/** The account a sign-in names: by id when it exists, else by the name typed (unknown ones throttle alike). */
export function accountKey(role: 'user' | 'admin', found: { id: number } | undefined, login: string): string {
  return found ? `${role}:${found.id}` : `${role}-login:${login.trim().toLowerCase()}`
}

const keysOf = (account: string, ip: string) => ({
  pair: `pair:${account}|${ip}`,
  account: `account:${account}`,
})

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const wait =
    retryAfterSeconds >= 90
      ? `${Math.ceil(retryAfterSeconds / 60)} minutes`
      : retryAfterSeconds === 1
        ? '1 second'
        : `${retryAfterSeconds} seconds`
  return new AppError(
    'rate_limited',
    `Too many sign-in attempts. Please try again in ${wait}.`,
    429,
    undefined,
    retryAfterSeconds,
  )
}

let lastSweep = 0

export const signInThrottle = {
  /** Throws a 429 with Retry-After while this account may not be tried from this address. */
  async check(db: Queryable, account: string, ip: string): Promise<void> {
    const keys = keysOf(account, ip)
    let wait = 0
    for (const row of await readFailures(db, [keys.pair, keys.account], WINDOW_MS)) {
      const needed =
        row.key === keys.pair
          ? row.failures >= PAIR_FREE_FAILURES
            ? Math.min(2 ** (row.failures - PAIR_FREE_FAILURES), PAIR_MAX_WAIT_S)
            : 0
          : row.failures >= ACCOUNT_FREE_FAILURES
            ? ACCOUNT_SPACING_S
            : 0
      wait = Math.max(wait, needed - row.since_last_s)
    }
    if (wait > 0) throw tooManyAttempts(Math.ceil(wait))
  },

  async failed(db: Queryable, account: string, ip: string): Promise<void> {
    const keys = keysOf(account, ip)
    await recordFailure(db, [keys.pair, keys.account], WINDOW_MS)
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now()
      deleteStaleFailures(db, WINDOW_MS).catch(() => {})
    }
  },

  /** The right password from this address: its own count starts over (the account's stays). */
  async succeeded(db: Queryable, account: string, ip: string): Promise<void> {
    await clearFailures(db, [keysOf(account, ip).pair])
  },
}

/**
 * Checks a password under the back-off: a 429 while throttled (no hashing spent), a counted
 * failure when wrong, a fresh count for this address when right.
 */
export async function verifyPasswordThrottled(
  db: Queryable,
  attempt: { account: string; ip: string },
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  await signInThrottle.check(db, attempt.account, attempt.ip)
  const ok = await verifyPassword(passwordHash, password)
  if (ok) await signInThrottle.succeeded(db, attempt.account, attempt.ip)
  else await signInThrottle.failed(db, attempt.account, attempt.ip)
  return ok
}
