/**
 * What the benches that send Twitch alerts share: a seeded creator with a linked broadcaster, a
 * signed cheer webhook, percentiles.
 */
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { openDatabase, migrateDatabase } from '../apps/server/src/platform/db/client'
import type { Database } from '../apps/server/src/platform/db/client'
import { createSession } from '../apps/server/src/modules/auth/sessions.repo'
import { upsertAccount } from '../apps/server/src/modules/donations/accounts/accounts.repo'
import { signTwitchWebhook } from '../apps/server/src/modules/donations/sources/twitch-webhook'

export const SECRET = 'bench-eventsub-secret-0123456789'
export const BROADCASTER = '424242'

export const open = (dataDir: string, databaseUrl?: string) =>
  openDatabase({ databaseUrl, pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'db') })
export const rows = async <T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> => {
  const res: unknown = await db.db.execute(query)
  return (res as { rows: T[] }).rows
}

/** A user with a session and a linked Twitch broadcaster, written before the server starts. */
export async function seed(dataDir: string, databaseUrl: string | undefined) {
  const database = await open(dataDir, databaseUrl)
  try {
    await migrateDatabase(database)
    const name = `bench_${Date.now()}`
    const [user] = await rows<{ id: number }>(
      database,
      sql`insert into users (username, email, password_hash) values (${name}, ${`${name}@bench.local`}, 'x') returning id`,
    )
    await upsertAccount(database.db, {
      user_id: user!.id,
      platform: 'twitch',
      provider: 'twitch',
      external_id: BROADCASTER,
      display_name: 'benchBroadcaster',
    })
    return { userId: user!.id, token: (await createSession(database.db, 'user', user!.id)).token }
  } finally {
    await database.close()
  }
}

/** A cheer notification as Twitch posts it: body + signed headers. */
export function cheer(messageId: string, i: number) {
  const body = JSON.stringify({
    subscription: {
      id: randomUUID(),
      type: 'channel.cheer',
      version: '1',
      status: 'enabled',
      cost: 0,
      condition: { broadcaster_user_id: BROADCASTER },
      transport: { method: 'webhook', callback: 'https://example.com' },
      created_at: new Date().toISOString(),
    },
    event: {
      is_anonymous: false,
      user_id: '5555',
      user_login: 'benchviewer',
      user_name: 'BenchViewer',
      broadcaster_user_id: BROADCASTER,
      broadcaster_user_login: 'b',
      broadcaster_user_name: 'b',
      message: `bench cheer number ${i}`,
      bits: 100 + (Math.abs(i) % 900),
    },
  })
  const timestamp = new Date().toISOString()
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'twitch-eventsub-message-id': messageId,
      'twitch-eventsub-message-timestamp': timestamp,
      'twitch-eventsub-message-type': 'notification',
      'twitch-eventsub-message-signature': signTwitchWebhook(messageId, timestamp, body, SECRET),
    },
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
