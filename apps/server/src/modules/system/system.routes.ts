import { health } from '@mouthpiece/contracts/system/system.contract'
import type { HttpContext } from '../../platform/context'
import { APP_VERSION } from '../../platform/version'

export function registerSystemRoutes({ route, database }: HttpContext) {
  route(health, async () => {
    await database.raw.query('select 1')
    return { status: 'ok' as const, db: database.kind, version: APP_VERSION }
  })
}
