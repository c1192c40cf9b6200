import type { Config } from './config'
import type { Database, Db } from './db/client'
import type { Queue } from './queue/queue'
import type { Router } from './http/route'
import type { FastifyInstance } from 'fastify'

/** What every server module gets: configuration, the database, the queue. */
export interface Platform {
  config: Config
  database: Database
  db: Db
  queue: Queue
}

/** What a module's HTTP part gets on top: the contract router and the Fastify app (for hooks, sockets). */
export interface HttpContext extends Platform {
  route: Router
  app: FastifyInstance
}
