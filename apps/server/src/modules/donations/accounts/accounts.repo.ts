import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { AccountProvider, StreamPlatform } from '@mouthpiece/contracts/donations/donations.schemas'
import type { Queryable } from '../../../platform/db/client'
import { connectedAccounts } from '../donations.table'
import type { ConnectedAccountRow } from '../donations.table'

export type NewAccount = typeof connectedAccounts.$inferInsert
export type AccountChanges = Partial<Omit<NewAccount, 'id' | 'user_id' | 'created_at'>>

/** Links an account, or refreshes the tokens of one already linked by this user (a re-link). */
export async function upsertAccount(q: Queryable, row: NewAccount): Promise<ConnectedAccountRow> {
  const { user_id: _u, provider: _p, external_id: _e, created_at: _c, ...changes } = row
  const [saved] = await q
    .insert(connectedAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: [connectedAccounts.user_id, connectedAccounts.provider, connectedAccounts.external_id],
      set: { ...changes, status: 'active', last_error: null, updated_at: new Date() },
    })
    .returning()
  return saved!
}

export async function listAccounts(q: Queryable, userId: number): Promise<ConnectedAccountRow[]> {
  return q
    .select()
    .from(connectedAccounts)
    .where(eq(connectedAccounts.user_id, userId))
    .orderBy(asc(connectedAccounts.id))
}

export async function findAccount(q: Queryable, id: number): Promise<ConnectedAccountRow | undefined> {
  const [row] = await q.select().from(connectedAccounts).where(eq(connectedAccounts.id, id)).limit(1)
  return row
}

/** Accounts a platform id belongs to (Twitch broadcaster id, YouTube channel id, …). */
export async function findAccountsByExternal(
  q: Queryable,
  provider: AccountProvider,
  externalId: string,
): Promise<ConnectedAccountRow[]> {
  return q
    .select()
    .from(connectedAccounts)
    .where(and(eq(connectedAccounts.provider, provider), eq(connectedAccounts.external_id, externalId)))
    .orderBy(asc(connectedAccounts.id))
}

export async function findAccountByChannel(
  q: Queryable,
  channelId: string,
): Promise<ConnectedAccountRow | undefined> {
  const [row] = await q
    .select()
    .from(connectedAccounts)
    .where(eq(connectedAccounts.external_id, channelId))
    .orderBy(asc(connectedAccounts.id))
    .limit(1)
  return row
}

export async function updateAccount(
  q: Queryable,
  id: number,
  changes: AccountChanges,
): Promise<ConnectedAccountRow | undefined> {
  const [row] = await q
    .update(connectedAccounts)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(connectedAccounts.id, id))
    .returning()
  return row
}

export async function deleteAccounts(
  q: Queryable,
  userId: number,
  match: { platform?: StreamPlatform; provider: AccountProvider },
): Promise<ConnectedAccountRow[]> {
  return q
    .delete(connectedAccounts)
    .where(
      and(
        eq(connectedAccounts.user_id, userId),
        eq(connectedAccounts.provider, match.provider),
        match.platform ? eq(connectedAccounts.platform, match.platform) : undefined,
      ),
    )
    .returning()
}

/**
 * Takes (or renews) the lease on every active account that is free or already ours; returns the
 * accounts this worker should run now. A crashed worker's leases lapse after `seconds`.
 */
export async function leaseAccounts(
  q: Queryable,
  owner: string,
  seconds: number,
  providers: readonly AccountProvider[],
): Promise<ConnectedAccountRow[]> {
  if (!providers.length) return []
  return q
    .update(connectedAccounts)
    .set({ lease_owner: owner, lease_until: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(connectedAccounts.status, 'active'),
        sql`${connectedAccounts.provider} in (${sql.join(
          providers.map((p) => sql`${p}`),
          sql`, `,
        )})`,
        or(
          isNull(connectedAccounts.lease_owner),
          eq(connectedAccounts.lease_owner, owner),
          lt(connectedAccounts.lease_until, sql`now()`),
        ),
      ),
    )
    .returning()
}

export async function releaseLeases(q: Queryable, owner: string): Promise<void> {
  await q
    .update(connectedAccounts)
    .set({ lease_owner: null, lease_until: null })
    .where(eq(connectedAccounts.lease_owner, owner))
}

/** Twitch accounts by state, for the admin: linked, marked in error, and held open by a worker right now. */
export async function countTwitchAccounts(
  q: Queryable,
): Promise<{ linked: number; errors: number; live: number }> {
  const [row] = await q
    .select({
      linked: sql<number>`count(*)::int`,
      errors: sql<number>`(count(*) filter (where ${connectedAccounts.status} = 'error'))::int`,
      live: sql<number>`(count(*) filter (where ${connectedAccounts.status} = 'active' and ${connectedAccounts.last_error} is null and ${connectedAccounts.lease_until} > now()))::int`,
    })
    .from(connectedAccounts)
    .where(eq(connectedAccounts.provider, 'twitch'))
  return { linked: row?.linked ?? 0, errors: row?.errors ?? 0, live: row?.live ?? 0 }
}

export async function listActiveAccounts(
  q: Queryable,
  provider: AccountProvider,
): Promise<ConnectedAccountRow[]> {
  return q
    .select()
    .from(connectedAccounts)
    .where(and(eq(connectedAccounts.provider, provider), eq(connectedAccounts.status, 'active')))
    .orderBy(asc(connectedAccounts.id))
}
