import { z } from 'zod'
import { defineRoute } from '../define-route'
import { DateBound, listPage, listQuery, SearchText } from '../lists'

/** One admin action as the audit log keeps it: who, when, what, on what, and the values before and after. */
export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_kind: z.enum(['admin', 'system']),
  actor_id: z.number().int().nullable(),
  actor_name: z.string(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  meta: z.record(z.string(), z.unknown()).nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntry>

export const AuditFilter = z.object({
  /** Matches the action, the actor's name or the target id. */
  q: SearchText,
  action: z.string().trim().max(100).optional(),
  actor: z.string().trim().max(100).optional(),
  target_type: z.string().trim().max(50).optional(),
  target_id: z.string().trim().max(100).optional(),
  from: DateBound,
  to: DateBound,
})
export type AuditFilter = z.infer<typeof AuditFilter>
export const AUDIT_SORTS = ['at', 'action', 'actor_name'] as const
const AuditListQuery = listQuery(AUDIT_SORTS).extend(AuditFilter.shape)

export const adminListAuditLog = defineRoute({
  method: 'GET',
  path: '/api/admin/audit-log',
  auth: 'admin',
  summary: 'Search the append-only audit log of admin actions',
  query: AuditListQuery,
  response: listPage(AuditEntry).extend({ actions: z.array(z.string()) }),
})
export const adminExportAuditLog = defineRoute({
  method: 'GET',
  path: '/api/admin/audit-log/export',
  auth: 'admin',
  summary: 'The audit entries matching the filter, as CSV (streamed)',
  query: AuditListQuery.omit({ page: true, per_page: true }),
})
