import type { Queryable } from './client'

/**
 * A statement built once per database handle instead of per call: hot paths (the authenticator,
 * the bell's list) skip the query builder, and on PostgreSQL a named statement also skips the
 * planner after its first run on a connection.
 */
export function preparedPer<S>(build: (db: Queryable) => S): (db: Queryable) => S {
  const built = new WeakMap<Queryable, S>()
  return (db) => {
    let statement = built.get(db)
    if (!statement) built.set(db, (statement = build(db)))
    return statement
  }
}
