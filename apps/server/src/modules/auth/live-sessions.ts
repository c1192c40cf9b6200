import type { Queryable } from '../../platform/db/client'
import { findLiveAdminSession, findLiveUserSession } from './sessions.repo'
import { hashToken } from './tokens'

/** The live user session a raw token opens, with its user (sockets sign in with the API's token). */
export const liveUserSession = (db: Queryable, token: string) => findLiveUserSession(db, hashToken(token))

/** The live admin session a raw admin key opens, with its admin. */
export const liveAdminSession = (db: Queryable, key: string) => findLiveAdminSession(db, hashToken(key))
