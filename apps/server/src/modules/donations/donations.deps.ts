import { EventEmitter } from 'node:events'
import type { Platform } from '../../platform/context'
import { cachedPerDb } from '../../platform/cached-per-db'
import type { Database, Db } from '../../platform/db/client'
import type { Queue } from '../../platform/queue/queue'
import type { Realtime } from '../../platform/realtime/realtime'
import type { Storage } from '../../platform/storage/storage'
import type { RendersDeps } from '../renders'
import { createMediaSpeaker } from './alerts/alert-speech'
import type { AlertSpeaker } from './alerts/alert-speech'
import { loadDonationsConfig } from './donations.config'
import type { DonationsConfig } from './donations.config'
import { createOverlayBus } from './alerts/overlay-bus'
import type { OverlayBus } from './alerts/overlay-bus'
import { createSealer } from './accounts/token-crypto'
import type { Sealer } from './accounts/token-crypto'

/** In-process signals between the HTTP side and the workers of the same process. */
export interface DonationSignals {
  /** An account was linked, unlinked or changed: the supervisor rescans now instead of at its next tick. */
  accounts: []
}

/** What the donations use cases work with. One per database, shared by routes and workers of a process. */
export interface DonationsDeps {
  db: Db
  database: Database
  queue: Queue
  storage: Storage
  /** Pushes to a signed-in user's sockets (the settings page hears the overlay's health). */
  realtime: Realtime
  config: DonationsConfig
  sealer: Sealer
  bus: OverlayBus
  speaker: AlertSpeaker
  signals: EventEmitter<DonationSignals>
  /** Wakes this process's alert workers at once (set when they start; a no-op in HTTP-only processes). */
  wakeWorkers: () => void
}

/**
 * What the tip-video use cases (tip-videos/) work with: donations' own deps and, to start and cancel
 * renders, the renders module's. The one composite deps type: a use case that spans two modules.
 */
export interface TipVideoDeps {
  donations: DonationsDeps
  renders: RendersDeps
}

/**
 * Without PUBLIC_URL the server does not know the address its pages are opened on (localhost,
 * 127.0.0.1, this computer's network address for OBS on another one): the links to stored files
 * that donations hands to those pages (alert audio, tip videos, avatar pictures) are then paths,
 * which the page opens on its own address. Links to another host (S3) stay as they are.
 */
function pageRelativeLinks(storage: Storage, config: DonationsConfig): Storage {
  if (config.publicUrlSet) return storage
  const own = `${config.publicUrl}/`
  return Object.assign(Object.create(storage) as Storage, {
    url: async (...args: Parameters<Storage['url']>) => {
      const url = await storage.url(...args)
      return url.startsWith(own) ? url.slice(own.length - 1) : url
    },
  })
}

export const donationsDeps = cachedPerDb(
  (
    platform: Pick<Platform, 'db' | 'database' | 'queue' | 'storage' | 'config' | 'realtime'>,
  ): DonationsDeps => {
    const config = loadDonationsConfig(platform.config)
    return {
      db: platform.db,
      database: platform.database,
      queue: platform.queue,
      storage: pageRelativeLinks(platform.storage, config),
      realtime: platform.realtime,
      config,
      sealer: createSealer(config.secret),
      bus: createOverlayBus(platform.database),
      speaker: createMediaSpeaker(),
      signals: new EventEmitter<DonationSignals>(),
      wakeWorkers: () => {},
    }
  },
)
