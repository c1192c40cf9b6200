import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Database, Db } from '../db/client'
import { countHit, deleteEndedWindows } from './rate-limit.repo'

type Callback = Parameters<FastifyRateLimitStore['incr']>[1]
/** What the plugin really passes to `child`: the route's merged limit options, with the route. */
type ChildOptions = { routeInfo: { method?: string | string[]; url?: string } }

/** How often, at most, a process deletes windows that have ended (piggybacks on a hit: no timer). */
const SWEEP_EVERY_MS = 10 * 60_000

/**
 * The store for @fastify/rate-limit's `store` option. On PostgreSQL several API processes serve
 * behind one balancer, so the counters live in the shared database: in memory, N processes would
 * allow N times the login attempts. Embedded PGlite is one process by construction, so its
 * counters stay in memory.
 */
export function rateLimitStore(database: Database): FastifyRateLimitStoreCtor {
  if (database.kind !== 'postgres') {
    return class extends MemoryRateLimitStore {
      constructor() {
        super(new Map(), '')
      }
    }
  }
  const counter = new HitCounter(database.db)
  return class extends PostgresRateLimitStore {
    constructor() {
      super(counter, '')
    }
  }
}

class PostgresRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private counter: HitCounter,
    private prefix: string,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number) {
    this.counter.hit(this.prefix + key, timeWindow).then(
      (res) => cb(null, res),
      (err: Error) => cb(err),
    )
  }

  /** The plugin gives each limited route its own counters, so the route becomes part of the row's key. */
  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const { method, url } = (options as unknown as ChildOptions).routeInfo
    return new PostgresRateLimitStore(this.counter, `${this.prefix}${String(method ?? '')} ${url ?? ''} `)
  }
}

/** Most windows kept in memory; the oldest go first (a flood of addresses cannot grow it without end). */
const MEMORY_MAX_KEYS = 50_000

/**
 * Fixed windows in this process's memory. Unlike the plugin's own in-memory store, it answers each
 * hit with its own count, not a shared object that later hits of a burst change before the plugin
 * reads it — there, a burst arriving together past the limit was refused whole, the first too.
 */
class MemoryRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private windows: Map<string, { count: number; resetAt: number }>,
    private prefix: string,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number) {
    const now = Date.now()
    const full = this.prefix + key
    let w = this.windows.get(full)
    if (!w || w.resetAt <= now) {
      this.windows.delete(full)
      if (this.windows.size >= MEMORY_MAX_KEYS) this.windows.delete(this.windows.keys().next().value!)
      w = { count: 0, resetAt: now + timeWindow }
      this.windows.set(full, w)
    }
    w.count++
    cb(null, { current: w.count, ttl: w.resetAt - now })
  }

  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const { method, url } = (options as unknown as ChildOptions).routeInfo
    return new MemoryRateLimitStore(this.windows, `${this.prefix}${String(method ?? '')} ${url ?? ''} `)
  }
}

class HitCounter {
  private lastSweep = Date.now()
  constructor(private db: Db) {}

  /** Counts one hit (one atomic upsert, the database's clock deciding: rate-limit.repo.ts). */
  async hit(key: string, timeWindow: number) {
    const row = await countHit(this.db, key, timeWindow)
    this.sweep()
    return row
  }

  /** Deletes ended windows now and then; a failed sweep is simply redone by the next one. */
  private sweep() {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return
    this.lastSweep = Date.now()
    deleteEndedWindows(this.db).catch(() => {})
  }
}
