import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { adminGetOutboxMail, adminListOutbox } from '@mouthpiece/contracts/users/users.contract'
import { request } from '../../lib/api'

export const outboxQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'outbox', page],
    queryFn: ({ signal }) => request(adminListOutbox, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  })

export const outboxMailQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'outbox', 'mail', id],
    queryFn: ({ signal }) => request(adminGetOutboxMail, { params: { id }, signal }),
  })
