import { adminExportAuditLog, adminListAuditLog } from '@mouthpiece/contracts/audit/audit.contract'
import type { AuditEntry } from '@mouthpiece/contracts/audit/audit.contract'
import type { HttpContext } from '../../platform/context'
import { listPage, scanAll } from '../../platform/db/list-query'
import type { RowOf } from '../../platform/db/list-query'
import { sendCsvStream } from '../../platform/http/csv-stream'
import { auditListSpec, auditWhere, knownActions } from './audit.repo'
import { auditActorOf, recordAudit } from './audit.service'

function present(row: RowOf<typeof auditListSpec.fields>): AuditEntry {
  return {
    ...row,
    at: row.at.toISOString(),
    before: row.before ?? null,
    after: row.after ?? null,
    meta: row.meta ?? null,
  }
}

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v))

/** The audit log screen: search it, export it (the export itself is audited). */
export function registerAuditRoutes({ route, db }: HttpContext) {
  route(adminListAuditLog, async ({ query }) => {
    const [page, actions] = await Promise.all([
      listPage(db, auditListSpec, {
        where: auditWhere(query),
        sort: query.sort,
        dir: query.dir,
        page: query.page,
        perPage: query.per_page,
      }),
      knownActions(db),
    ])
    return { ...page, list: page.list.map(present), actions }
  })

  route(adminExportAuditLog, async ({ query, actor, reply }) => {
    const { sort, dir, ...filter } = query
    await recordAudit(db, auditActorOf(actor), 'audit-log.export', { meta: { filter, sort, dir } })
    return sendCsvStream(
      reply,
      'audit-log',
      [
        'id',
        'at',
        'actor_kind',
        'actor_id',
        'actor_name',
        'action',
        'target_type',
        'target_id',
        'before',
        'after',
        'meta',
      ],
      scanAll(db, auditListSpec, { where: auditWhere(filter), sort, dir }),
      (r) => [
        r.id,
        r.at.toISOString(),
        r.actor_kind,
        r.actor_id,
        r.actor_name,
        r.action,
        r.target_type,
        r.target_id,
        json(r.before),
        json(r.after),
        json(r.meta),
      ],
    )
  })
}
