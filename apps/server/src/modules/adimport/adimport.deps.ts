import type { Platform } from '../../platform/context'
import { cachedPerDb } from '../../platform/cached-per-db'
import type { Db } from '../../platform/db/client'
import { donationsDeps } from '../donations'
import type { DonationsDeps } from '../donations'
import { loadAdImportConfig } from './adimport.config'
import type { AdImportConfig } from './adimport.config'

/** What the ad-import use cases work with; the Google link and the sealer come from donations. */
export interface AdImportDeps {
  db: Db
  config: AdImportConfig
  google: DonationsDeps
}

export const adImportDeps = cachedPerDb(
  (
    platform: Pick<Platform, 'db' | 'database' | 'queue' | 'storage' | 'config' | 'realtime'>,
  ): AdImportDeps => ({
    db: platform.db,
    config: loadAdImportConfig(),
    google: donationsDeps(platform),
  }),
)
