import type { SQL } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import * as repo from './avatars.repo'
import type { CustomAvatarRow, InfluencerRow } from './avatars.table'

/**
 * What other modules read of avatars, through avatars/index.ts: avatars.repo.ts and the tables stay
 * private (docs/decisions/0044-tables-private.md).
 */

/** A user's own custom avatar (undefined when it is not theirs or gone). */
export const findCustomAvatar = (
  db: Queryable,
  userId: number,
  id: number,
): Promise<CustomAvatarRow | undefined> => repo.findCustomAvatar(db, userId, id)
/** A user's custom avatars, newest first (at most `limit`). */
export const userCustomAvatars = (db: Queryable, userId: number, limit: number): Promise<CustomAvatarRow[]> =>
  repo.userCustomAvatars(db, userId, limit)
/** The creators (influencers) users can pick. */
export const listActiveInfluencers = (db: Queryable): Promise<InfluencerRow[]> =>
  repo.listActiveInfluencers(db)
/** Custom avatars' stored stills, as a sub-select for the back office's usage export (see the repo). */
export const avatarPreviewFiles = (): SQL => repo.avatarPreviewFilesSql()
