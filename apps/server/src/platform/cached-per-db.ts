import type { Db } from './db/client'

/**
 * A module's deps, built once per database and shared by the HTTP routes and the workers of a
 * process (tests open many databases in one process, so a plain module-level singleton would mix
 * them). Returns the getter the module exports, e.g. `export const fooDeps = cachedPerDb((p) => …)`.
 */
export function cachedPerDb<P extends { db: Db }, T>(build: (platform: P) => T): (platform: P) => T {
  const cache = new WeakMap<Db, T>()
  return (platform) => {
    let value = cache.get(platform.db)
    if (value === undefined) {
      value = build(platform)
      cache.set(platform.db, value)
    }
    return value
  }
}
