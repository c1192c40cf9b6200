import { health, ready } from '@mouthpiece/contracts/system/system.contract'
import type { HttpContext } from '../../platform/context'
import { pendingMigrations } from '../../platform/db/client'
import { AppError } from '../../platform/http/errors'
import { APP_VERSION } from '../../platform/version'

const notReady = (why: string) => new AppError('not_ready', why, 503)

export function registerSystemRoutes({ route, database, app }: HttpContext) {
  route(health, async () => {
    await database.raw.query('select 1')
    return { status: 'ok' as const, db: database.kind, version: APP_VERSION }
  })

  // Migrations once applied stay applied: after the first yes the probe costs one `select 1`.
  let migrated = false
  route(ready, async () => {
    if (app.lifecycle.draining) throw notReady('Draining: this process is shutting down')
    await database.raw.query('select 1').catch((err: unknown) => {
      throw notReady(`Database unreachable: ${(err as Error).message}`)
    })
    if (!migrated) {
      const pending = await pendingMigrations(database)
      if (pending > 0) throw notReady(`Database migrations pending: ${pending} not applied yet`)
      migrated = true
    }
    return { status: 'ready' as const, db: database.kind }
  })
}
