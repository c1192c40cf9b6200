import type { Authenticator } from '../../platform/http/actor'
import type { Platform } from '../../platform/context'
import { unauthorized } from '../../platform/http/errors'

/** Resolves the caller from the role's bearer token or cookie. */
export function createAuthenticator(_platform: Platform): Authenticator {
  return async (_req, auth) => {
    if (auth === 'public') return { kind: 'public' }
    throw unauthorized()
  }
}
