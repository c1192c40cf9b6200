import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  adminAddVoiceTag,
  adminDeleteVoiceProfile,
  adminDeleteVoiceTag,
  adminImportVoiceEmotions,
  adminListVoiceProfiles,
  adminListVoiceTags,
  adminStoreVoiceProfile,
  adminUpdateVoiceProfileForm,
  listVoiceProfiles,
} from '@mouthpiece/contracts/voices/voice-profiles.contract'
import type { VoiceTagCategory } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import type { RouteInput } from '@mouthpiece/contracts/define-route'
import { request } from '../../../lib/api'

const ROOT = ['voice-profiles'] as const
/** Every voice-profile query (lists, pickers): invalidated when another page changes a profile. */
export const VOICE_PROFILES_KEY = ROOT

export const adminVoiceProfilesQuery = (query: RouteInput<typeof adminListVoiceProfiles>['query']) =>
  queryOptions({
    queryKey: [...ROOT, 'admin', query],
    queryFn: ({ signal }) => request(adminListVoiceProfiles, { query, signal }),
    placeholderData: keepPreviousData,
  })

export const adminVoiceTagsQuery = (filter: string | undefined) =>
  queryOptions({
    queryKey: [...ROOT, 'tags', filter ?? ''],
    queryFn: ({ signal }) => request(adminListVoiceTags, { query: { filter }, signal }),
    placeholderData: keepPreviousData,
  })

/** Profiles and tags for the users' voice pickers. */
export const voiceProfilesQuery = queryOptions({
  queryKey: [...ROOT, 'public'],
  queryFn: ({ signal }) => request(listVoiceProfiles, { signal }),
  staleTime: 60_000,
})

function useReload() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: ROOT })
}

/** Store (no id) or update (POST with `_method=PUT`, form data so a new sample can go with it). */
export function useSaveVoiceProfile() {
  const reload = useReload()
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }) => {
      if (id === undefined) return request(adminStoreVoiceProfile, { formData: form })
      form.set('_method', 'PUT')
      return request(adminUpdateVoiceProfileForm, { params: { id }, formData: form })
    },
    onSuccess: reload,
  })
}
export function useDeleteVoiceProfile() {
  const reload = useReload()
  return useMutation({
    mutationFn: (id: number) => request(adminDeleteVoiceProfile, { params: { id } }),
    onSuccess: reload,
  })
}
export function useImportEmotions() {
  const reload = useReload()
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData()
      form.append('file', file)
      return request(adminImportVoiceEmotions, { params: { id }, formData: form })
    },
    onSuccess: reload,
  })
}
export function useAddVoiceTag() {
  const reload = useReload()
  return useMutation({
    mutationFn: (body: { category: VoiceTagCategory; name: string }) => request(adminAddVoiceTag, { body }),
    onSuccess: reload,
  })
}
export function useDeleteVoiceTag() {
  const reload = useReload()
  return useMutation({
    mutationFn: (id: number) => request(adminDeleteVoiceTag, { params: { id } }),
    onSuccess: reload,
  })
}
