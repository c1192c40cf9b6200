import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  adminCreateUser,
  adminDeleteUser,
  adminListUsers,
  adminSaveUserInfo,
  adminUpdateGrandfatherStatus,
  adminUpdateSuperUser,
  adminUserInfo,
} from '@mouthpiece/contracts/users/users.routes'
import type { RouteBody } from '@mouthpiece/contracts/define-route'
import { request } from '../../lib/api'

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (page: number, keySearch: string) => ['admin', 'users', 'list', page, keySearch] as const,
  one: (id: number) => ['admin', 'users', 'one', id] as const,
}

export const adminUsersQuery = (page: number, keySearch: string) =>
  queryOptions({
    queryKey: adminUserKeys.list(page, keySearch),
    queryFn: ({ signal }) => request(adminListUsers, { query: { page, keySearch: keySearch || undefined }, signal }),
    placeholderData: keepPreviousData,
  })

export const adminUserQuery = (id: number) =>
  queryOptions({
    queryKey: adminUserKeys.one(id),
    queryFn: ({ signal }) => request(adminUserInfo, { query: { user_id: id }, signal }).then((r) => r.user),
  })

function useUserMutation<B, R>(send: (body: B) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: adminUserKeys.all }) })
}

export const useCreateUser = () => useUserMutation((body: RouteBody<typeof adminCreateUser>) => request(adminCreateUser, { body }).then((r) => r.user))
export const useSaveUser = () => useUserMutation((body: RouteBody<typeof adminSaveUserInfo>) => request(adminSaveUserInfo, { body }))
export const useDeleteUser = () => useUserMutation((user_id: number) => request(adminDeleteUser, { body: { user_id } }))
export const useSetSuperUser = () => useUserMutation((body: RouteBody<typeof adminUpdateSuperUser>) => request(adminUpdateSuperUser, { body }))
export const useSetGrandfather = () => useUserMutation((body: RouteBody<typeof adminUpdateGrandfatherStatus>) => request(adminUpdateGrandfatherStatus, { body }))
