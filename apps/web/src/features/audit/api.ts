import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { adminListAuditLog } from '@mouthpiece/contracts/audit/audit.contract'
import type { RouteInput } from '@mouthpiece/contracts/define-route'
import { request } from '../../lib/api'

export const auditLogQuery = (query: RouteInput<typeof adminListAuditLog>['query']) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', query],
    queryFn: ({ signal }) => request(adminListAuditLog, { query, signal }),
    placeholderData: keepPreviousData,
  })
