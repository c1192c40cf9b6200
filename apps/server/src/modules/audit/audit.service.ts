import type { Actor } from '../../platform/http/actor'
import type { Db, Queryable } from '../../platform/db/client'
import { insertAuditEntry } from './audit.repo'

/** Who did it: an admin by id and name at the time, or the system (a job acting for an admin names them in meta). */
export type AuditActor = { kind: 'admin'; id: number; name: string } | { kind: 'system'; name: string }

export type AdminAuditActor = Extract<AuditActor, { kind: 'admin' }>

export function auditActorOf(actor: Extract<Actor, { kind: 'admin' }>): AdminAuditActor {
  return { kind: 'admin', id: actor.admin.id, name: actor.admin.username }
}

export interface AuditChange<T> {
  target?: { type: string; id: string | number }
  before?: unknown
  after?: unknown
  /** The values after, from what the change returned (the saved row); wins over `after`. */
  afterOf?: (result: T) => unknown
  meta?: Record<string, unknown>
}

/** Appends one entry; use inside the transaction of the change it records. */
export async function recordAudit<T>(
  db: Queryable,
  actor: AuditActor,
  action: string,
  change: AuditChange<T> = {},
  result?: T,
) {
  const after = change.afterOf && result !== undefined ? change.afterOf(result) : change.after
  await insertAuditEntry(db, {
    actor_kind: actor.kind,
    actor_id: actor.kind === 'admin' ? actor.id : null,
    actor_name: actor.name,
    action,
    target_type: change.target?.type ?? null,
    target_id: change.target === undefined ? null : String(change.target.id),
    before: change.before ?? null,
    after: after ?? null,
    meta: change.meta ?? null,
  })
}

/**
 * Runs an admin change and writes its audit entry in the same transaction: both commit or
 * neither does, so the log never claims a change that was rolled back, nor misses one that was made.
 *   await audited(tx, actor, 'users.disable', { target, before, after }, () => usersRepo.updateUser(tx, id, …))
 */
export async function audited<T>(
  tx: Queryable,
  actor: AuditActor,
  action: string,
  change: AuditChange<T>,
  fn: () => Promise<T>,
): Promise<T> {
  const result = await fn()
  await recordAudit(tx, actor, action, change, result)
  return result
}

/**
 * For routes around a use case that takes a database handle: one transaction that reads the
 * before-state, runs the change on the same transaction and appends the entry (after = what the
 * change returned).
 */
export function auditedChange<T>(
  db: Db,
  actor: AuditActor,
  action: string,
  opts: {
    target?: AuditChange<T>['target']
    before?: (tx: Queryable) => Promise<unknown>
    meta?: Record<string, unknown>
  },
  change: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const before = opts.before ? await opts.before(tx) : undefined
    return audited(
      tx,
      actor,
      action,
      { target: opts.target, before, afterOf: (r: T) => r, meta: opts.meta },
      () => change(tx),
    )
  })
}
