import { lt, sql } from 'drizzle-orm'
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Database, Db } from '../db/client'
import { rateLimitHits } from './rate-limit.schema'

type Callback = Parameters<FastifyRateLimitStore['incr']>[1]
/** What the plugin really passes to `child`: the route's merged limit options, with the route. */
type ChildOptions = { routeInfo: { method?: string | string[]; url?: string } }

/** How often, at most, a process deletes windows that have ended (piggybacks on a hit: no timer). */
const SWEEP_EVERY_MS = 10 * 60_000

/**
 * The store for @fastify/rate-limit's `store` option. On PostgreSQL several API processes serve
 * behind one balancer, so the counters live in the shared database: in memory, N processes would
 * allow N times the login attempts. Embedded PGlite is one process by construction, so it keeps
 * the plugin's in-memory store (undefined here).
 */
export function rateLimitStore(database: Database): FastifyRateLimitStoreCtor | undefined {
  if (database.kind !== 'postgres') return undefined
  const counter = new HitCounter(database.db)
  return class extends PostgresRateLimitStore {
    constructor() {
      super(counter, '')
    }
  }
}

class PostgresRateLimitStore implements FastifyRateLimitStore {
  constructor(private counter: HitCounter, private prefix: string) {}

  incr(key: string, cb: Callback, timeWindow: number) {
    this.counter.hit(this.prefix + key, timeWindow).then((res) => cb(null, res), (err: Error) => cb(err))
  }

  /** The plugin gives each limited route its own counters, so the route becomes part of the row's key. */
  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const { method, url } = (options as unknown as ChildOptions).routeInfo
    return new PostgresRateLimitStore(this.counter, `${this.prefix}${String(method ?? '')} ${url ?? ''} `)
  }
}

class HitCounter {
  private lastSweep = Date.now()
  constructor(private db: Db) {}

  /**
   * Counts one hit with a single atomic upsert: a window that has ended restarts at 1, otherwise
   * the count goes up. The database's clock decides, so processes with drifting clocks agree.
   */
  async hit(key: string, timeWindow: number) {
    const [row] = await this.db.insert(rateLimitHits)
      .values({ key, count: 1, reset_at: sql`now() + ${timeWindow}::double precision * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          count: sql`CASE WHEN ${rateLimitHits.reset_at} <= now() THEN 1 ELSE ${rateLimitHits.count} + 1 END`,
          reset_at: sql`CASE WHEN ${rateLimitHits.reset_at} <= now() THEN excluded.reset_at ELSE ${rateLimitHits.reset_at} END`,
        },
      })
      .returning({
        current: rateLimitHits.count,
        ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitHits.reset_at} - now()) * 1000))::int`,
      })
    this.sweep()
    return row!
  }

  /** Deletes ended windows now and then; a failed sweep is simply redone by the next one. */
  private sweep() {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return
    this.lastSweep = Date.now()
    this.db.delete(rateLimitHits).where(lt(rateLimitHits.reset_at, sql`now()`)).catch(() => {})
  }
}
