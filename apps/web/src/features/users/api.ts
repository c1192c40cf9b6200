import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  adminCreateUser,
  adminDeleteUser,
  adminListUsers,
  adminSaveUserInfo,
  adminUpdateGrandfatherStatus,
  adminUpdateSuperUser,
  adminUserInfo,
} from '@mouthpiece/contracts/users/users.contract'
import {
  adminAvatarDataset,
  adminUpdateAvatarDataset,
} from '@mouthpiece/contracts/avatars/avatar-dataset.contract'
import type { RouteBody, RouteInput } from '@mouthpiece/contracts/define-route'
import { request } from '../../lib/api'

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (query: object) => ['admin', 'users', 'list', query] as const,
  one: (id: number) => ['admin', 'users', 'one', id] as const,
}

type UsersQuery = RouteInput<typeof adminListUsers>['query']

/** A page of the users list; `query` comes from the URL (page, sort, dir, keySearch and the filters). */
export const adminUsersQuery = (query: UsersQuery) =>
  queryOptions({
    queryKey: adminUserKeys.list(query),
    queryFn: ({ signal }) => request(adminListUsers, { query, signal }),
    placeholderData: keepPreviousData,
  })

export const adminUserQuery = (id: number) =>
  queryOptions({
    queryKey: adminUserKeys.one(id),
    queryFn: ({ signal }) => request(adminUserInfo, { query: { user_id: id }, signal }).then((r) => r.user),
  })

function useUserMutation<B, R>(send: (body: B) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: adminUserKeys.all }),
  })
}

export const useCreateUser = () =>
  useUserMutation((body: RouteBody<typeof adminCreateUser>) =>
    request(adminCreateUser, { body }).then((r) => r.user),
  )
export const useSaveUser = () =>
  useUserMutation((body: RouteBody<typeof adminSaveUserInfo>) => request(adminSaveUserInfo, { body }))
export const useDeleteUser = () =>
  useUserMutation((user_id: number) => request(adminDeleteUser, { body: { user_id } }))
export const useSetSuperUser = () =>
  useUserMutation((body: RouteBody<typeof adminUpdateSuperUser>) => request(adminUpdateSuperUser, { body }))
export const useSetGrandfather = () =>
  useUserMutation((body: RouteBody<typeof adminUpdateGrandfatherStatus>) =>
    request(adminUpdateGrandfatherStatus, { body }),
  )

export const avatarDatasetKeys = { all: ['admin', 'avatar-dataset'] as const }

/** A page of the users' avatar dataset {page, keySearch}. */
export const avatarDatasetQuery = (query: RouteInput<typeof adminAvatarDataset>['query']) =>
  queryOptions({
    queryKey: [...avatarDatasetKeys.all, query],
    queryFn: ({ signal }) => request(adminAvatarDataset, { query, signal }),
    placeholderData: keepPreviousData,
  })

export function useUpdateAvatarDataset() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RouteBody<typeof adminUpdateAvatarDataset>) =>
      request(adminUpdateAvatarDataset, { body }).then((r) => r.avatar),
    onSuccess: () => client.invalidateQueries({ queryKey: avatarDatasetKeys.all }),
  })
}
