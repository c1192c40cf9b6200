import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  accessibleCustomers,
  googleAdsAccount,
  linkedCustomers,
} from '@mouthpiece/contracts/adimport/google-ads.contract'
import {
  adminMetaAccounts,
  metaBusinesses,
  metaMe,
  metaTracked,
} from '@mouthpiece/contracts/adimport/meta-ads.contract'
import { request } from '../../lib/api'

export const adKeys = { google: ['adimport', 'google'] as const, meta: ['adimport', 'meta'] as const }

export const googleAccountQuery = queryOptions({
  queryKey: [...adKeys.google, 'account'],
  queryFn: ({ signal }) => request(googleAdsAccount, { signal }),
})
export const accessibleQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: [...adKeys.google, 'accessible'],
    queryFn: ({ signal }) => request(accessibleCustomers, { signal }),
    enabled,
    retry: false,
  })
export const linkedQuery = (id: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...adKeys.google, 'linked', id],
    queryFn: ({ signal }) => request(linkedCustomers, { query: { id }, signal }),
    enabled,
    retry: false,
  })

/** The key the Meta callback handed this browser (`#meta_token=` on return), kept in localStorage. */
const META_KEY = 'mp_meta_token'
export function metaKey(): string | null {
  const fromHash = /meta_token=([A-Za-z0-9_-]+)/.exec(window.location.hash)?.[1]
  if (fromHash) {
    localStorage.setItem(META_KEY, fromHash)
    history.replaceState(null, '', window.location.pathname + window.location.search)
  }
  return fromHash ?? localStorage.getItem(META_KEY)
}
export const forgetMetaKey = () => localStorage.removeItem(META_KEY)

export const metaMeQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...adKeys.meta, 'me', token],
    queryFn: ({ signal }) => request(metaMe, { body: { token: token! }, signal }),
    enabled: !!token,
    retry: false,
  })
export const metaBusinessesQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...adKeys.meta, 'businesses', token],
    queryFn: ({ signal }) => request(metaBusinesses, { query: { token: token! }, signal }),
    enabled: !!token,
    retry: false,
  })
export const metaTrackedQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...adKeys.meta, 'tracked', token],
    queryFn: ({ signal }) => request(metaTracked, { query: { token: token! }, signal }),
    enabled: !!token,
    retry: false,
  })
export const adminMetaAccountsQuery = (page: number) =>
  queryOptions({
    queryKey: [...adKeys.meta, 'admin', page],
    queryFn: ({ signal }) => request(adminMetaAccounts, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  })
