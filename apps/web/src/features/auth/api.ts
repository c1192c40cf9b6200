import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import type { Admin, User } from '@mouthpiece/contracts/users/users.schemas'
import {
  adminLogin,
  adminLogout,
  checkToken,
  getUserData,
  login,
  logout,
  register,
  resetPassword,
  sendResetMail,
} from '@mouthpiece/contracts/auth/auth.contract'
import { checkValidUsername, getUserLogin, updateInfo } from '@mouthpiece/contracts/users/users.contract'
import type { RouteBody } from '@mouthpiece/contracts/define-route'
import { api, isSuccess, request } from '../../lib/api'
import { authKeys } from '../../lib/query-client'
import {
  clearAdminKey,
  clearUserSession,
  getAdminKey,
  getUserToken,
  saveAdminKey,
  saveUserSession,
} from '../../lib/session'

/**
 * The signed-in user, or null when there is no session or the fetch fails (SPEC §8: a failed or
 * non-200 current-user fetch counts as signed out). Stored until sign-in or sign-out changes it.
 */
export const currentUserQuery = queryOptions({
  queryKey: authKeys.me,
  queryFn: async ({ signal }): Promise<User | null> => {
    if (!getUserToken()) return null
    const result = await api(getUserLogin, { signal, redirectOn401: false })
    return isSuccess(result) ? result.user : null
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
})

/** The signed-in admin, or null (GET /api/get-user-data with the admin key, SPEC §4). */
export const adminSessionQuery = queryOptions({
  queryKey: authKeys.admin,
  queryFn: async ({ signal }): Promise<Admin | null> => {
    if (!getAdminKey()) return null
    const result = await api(getUserData, { signal })
    return isSuccess(result) ? result.admin : null
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
})

export async function loadCurrentUser(client: QueryClient): Promise<User | null> {
  // A token that appeared or vanished since the last fetch makes the stored answer stale.
  const cached = client.getQueryData(currentUserQuery.queryKey)
  const hasToken = Boolean(getUserToken())
  if (cached !== undefined && (cached === null) === !hasToken) return cached
  return client.fetchQuery(currentUserQuery)
}

export function useCurrentUser() {
  return useQuery(currentUserQuery)
}

export function useLogin() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RouteBody<typeof login>) => request(login, { body }),
    onSuccess: (session) => {
      saveUserSession(session.token, session.expires_at)
      client.setQueryData(authKeys.me, session.user)
    },
  })
}

export function useRegister() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RouteBody<typeof register>) => request(register, { body }),
    onSuccess: (session) => {
      saveUserSession(session.token, session.expires_at)
      client.setQueryData(authKeys.me, session.user)
    },
  })
}

/** SPEC §4: logout proceeds only when the response status is 1. Resolves true when signed out. */
export function useLogout() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const result = await api(logout)
      if (!isSuccess(result)) return result
      clearUserSession()
      client.setQueryData(authKeys.me, null)
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' })
      return result
    },
  })
}

export function useUpdateInfo() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RouteBody<typeof updateInfo>) => request(updateInfo, { body }),
    onSuccess: ({ user }) => client.setQueryData(authKeys.me, user),
  })
}

export const sendResetMailRequest = (email: string) => api(sendResetMail, { body: { email } })
export const checkResetToken = (token: string) => request(checkToken, { body: { token } })
export const resetPasswordRequest = (token: string, password: string) =>
  request(resetPassword, { body: { token, password } })
export const checkUsername = (username: string, signal?: AbortSignal) =>
  api(checkValidUsername, { body: { username }, signal })

export function useAdminLogin() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RouteBody<typeof adminLogin>) => request(adminLogin, { body }),
    onSuccess: (session) => {
      saveAdminKey(session.token, session.expires_at)
      client.setQueryData(authKeys.admin, session.admin)
    },
  })
}

export function useAdminLogout() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const result = await api(adminLogout)
      // The key is dropped either way: a failed logout must not leave the operator signed in here.
      clearAdminKey()
      client.setQueryData(authKeys.admin, null)
      client.removeQueries({ queryKey: ['admin'] })
      return result
    },
  })
}
