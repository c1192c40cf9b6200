import type { Config } from './config'
import type { Database, Db } from './db/client'
import type { Queue } from './queue/queue'
import type { Realtime } from './realtime/realtime'
import type { Storage } from './storage/storage'
import type { Router } from './http/route'
import type { FastifyInstance } from 'fastify'
import type { Lifecycle } from './lifecycle'

/** What every server module gets: configuration, the database, the queue, real-time pushes, file storage. */
export interface Platform {
  config: Config
  database: Database
  db: Db
  queue: Queue
  realtime: Realtime
  storage: Storage
  /** Draining after SIGTERM (main.ts); tests' apps get their own. */
  lifecycle?: Lifecycle
}

/** What a module's HTTP part gets on top: the contract router and the Fastify app (for hooks, sockets). */
export interface HttpContext extends Platform {
  route: Router
  app: FastifyInstance
}
