import type { Platform } from '../../platform/context'
import { cachedPerDb } from '../../platform/cached-per-db'
import type { Config } from '../../platform/config'
import type { Db } from '../../platform/db/client'
import type { Queue } from '../../platform/queue/queue'
import type { Realtime } from '../../platform/realtime/realtime'
import type { Storage } from '../../platform/storage/storage'
import { mediaEngine } from '../../platform/media'
import type { MediaEngine } from '../../platform/media'

/** What the render use cases and workers work with; one per database and process. */
export interface RendersDeps {
  db: Db
  queue: Queue
  storage: Storage
  realtime: Realtime
  config: Config
  engine: MediaEngine
}

export const rendersDeps = cachedPerDb(
  (platform: Pick<Platform, 'db' | 'queue' | 'storage' | 'realtime' | 'config'>): RendersDeps => ({
    db: platform.db,
    queue: platform.queue,
    storage: platform.storage,
    realtime: platform.realtime,
    config: platform.config,
    engine: mediaEngine,
  }),
)
