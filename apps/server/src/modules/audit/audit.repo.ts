import { eq, gte, ilike, lte, sql } from 'drizzle-orm'
import type { AuditFilter } from '@mouthpiece/contracts/audit/audit.contract'
import type { Queryable } from '../../platform/db/client'
import { allOf, dateBound, escapeLike, searchAny } from '../../platform/db/list-query'
import type { ListSpec } from '../../platform/db/list-query'
import { auditLog } from './audit.table'

const auditFields = {
  id: auditLog.id,
  at: auditLog.at,
  actor_kind: auditLog.actor_kind,
  actor_id: auditLog.actor_id,
  actor_name: auditLog.actor_name,
  action: auditLog.action,
  target_type: auditLog.target_type,
  target_id: auditLog.target_id,
  before: auditLog.before,
  after: auditLog.after,
  meta: auditLog.meta,
}

export const auditListSpec: ListSpec<typeof auditFields> = {
  table: auditLog,
  fields: auditFields,
  id: auditLog.id,
  sortable: { at: auditLog.at, action: auditLog.action, actor_name: auditLog.actor_name },
  defaultSort: 'at',
}

/** The filter of the audit screen as SQL. An action ending in `.*` matches its whole domain. */
export function auditWhere(f: AuditFilter) {
  const action = f.action?.endsWith('.*')
    ? ilike(auditLog.action, `${escapeLike(f.action.slice(0, -1))}%`)
    : f.action
      ? eq(auditLog.action, f.action)
      : undefined
  const from = dateBound(f.from, false)
  const to = dateBound(f.to, true)
  return allOf(
    searchAny([auditLog.action, auditLog.actor_name, auditLog.target_id], f.q),
    action,
    f.actor ? eq(sql`lower(${auditLog.actor_name})`, f.actor.toLowerCase()) : undefined,
    f.target_type ? eq(auditLog.target_type, f.target_type) : undefined,
    f.target_id ? eq(auditLog.target_id, f.target_id) : undefined,
    from ? gte(auditLog.at, from) : undefined,
    to ? lte(auditLog.at, to) : undefined,
  )
}

/** The distinct actions recorded, for the screen's action filter. */
export async function knownActions(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(auditLog.action)
    .limit(200)
  return rows.map((r) => r.action)
}

export async function insertAuditEntry(db: Queryable, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values)
}
