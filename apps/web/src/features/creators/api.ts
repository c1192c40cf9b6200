import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  adminAddCreator,
  adminCreatorProgress,
  adminDeleteCreator,
  adminGetCreator,
  adminListCreators,
  adminUpdateCreator,
  adminUpdateCreatorAccess,
  adminUpdateCreatorVoice,
  adminCreatorDataset,
  adminDemoInfluencers,
  adminDeleteCreatorVoice,
  adminRefreshCreatorWebSource,
  adminUpdateCreatorAvatar,
  adminCreatorAiAvatar,
  adminImportCreatorEmotions,
} from '@mouthpiece/contracts/avatars/creators.contract'
import type { CreatorAccess } from '@mouthpiece/contracts/avatars/creators.contract'
import { request } from '../../lib/api'
import { VOICE_PROFILES_KEY } from '../voices'

const ROOT = ['creators'] as const

export const creatorsQuery = queryOptions({
  queryKey: [...ROOT, 'list'],
  queryFn: ({ signal }) => request(adminListCreators, { signal }).then((r) => r.creators),
})
export const creatorQuery = (id: string) =>
  queryOptions({
    queryKey: [...ROOT, 'one', id],
    queryFn: ({ signal }) => request(adminGetCreator, { params: { id }, signal }).then((r) => r.creator),
  })
/** SPEC "dataset adding progress": polled while processing runs (a few times a second), then stops. */
export const creatorProgressQuery = (id: string) =>
  queryOptions({
    queryKey: [...ROOT, 'progress', id],
    queryFn: ({ signal }) => request(adminCreatorProgress, { params: { id }, signal }).then((r) => r.dataset),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'processing' ? false : 400),
  })

function useReload() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: ROOT })
}
export function useAddCreator() {
  const reload = useReload()
  return useMutation({
    mutationFn: (form: FormData) => request(adminAddCreator, { formData: form }).then((r) => r.creator),
    onSuccess: reload,
  })
}
export function useUpdateCreator() {
  const reload = useReload()
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: string
      body: { name?: string; description?: string; is_active?: boolean }
    }) => request(adminUpdateCreator, { params: { id }, body }),
    onSuccess: reload,
  })
}
export function useUpdateCreatorAccess() {
  const reload = useReload()
  return useMutation({
    mutationFn: ({ id, access }: { id: string; access: CreatorAccess }) =>
      request(adminUpdateCreatorAccess, { params: { id }, body: access }),
    onSuccess: reload,
  })
}
export function useUpdateCreatorVoice() {
  const reload = useReload()
  return useMutation({
    mutationFn: ({ id, voice_id }: { id: string; voice_id: string }) =>
      request(adminUpdateCreatorVoice, { params: { id }, body: { voice_id } }),
    onSuccess: reload,
  })
}
export function useDeleteCreator() {
  const reload = useReload()
  return useMutation({
    mutationFn: (id: string) => request(adminDeleteCreator, { params: { id } }),
    onSuccess: reload,
  })
}

/** SPEC "AI avatar dataset": the pictures the creator's photo avatar can be made from. */
export const creatorDatasetQuery = (id: string) =>
  queryOptions({
    queryKey: [...ROOT, 'dataset', id],
    queryFn: ({ signal }) => request(adminCreatorDataset, { params: { id }, signal }).then((r) => r.dataset),
  })
/** SPEC "demo influencers {page}": creators with their landing-page video. */
export const demoInfluencersQuery = (page: number, perPage = 12) =>
  queryOptions({
    queryKey: [...ROOT, 'demo', page, perPage],
    queryFn: ({ signal }) => request(adminDemoInfluencers, { query: { page, per_page: perPage }, signal }),
  })
/** SPEC "update avatar" (multipart: new portrait, dataset picture, background). */
export function useUpdateCreatorAvatar() {
  const reload = useReload()
  return useMutation({
    mutationFn: ({ id, form }: { id: string; form: FormData }) =>
      request(adminUpdateCreatorAvatar, { params: { id }, formData: form }),
    onSuccess: reload,
  })
}
export function useDeleteCreatorVoice() {
  const reload = useReload()
  return useMutation({
    mutationFn: (id: string) => request(adminDeleteCreatorVoice, { params: { id } }),
    onSuccess: reload,
  })
}
export function useRefreshWebSource() {
  const reload = useReload()
  return useMutation({
    mutationFn: (id: string) =>
      request(adminRefreshCreatorWebSource, { params: { id } }).then((r) => r.video),
    onSuccess: reload,
  })
}

/** SPEC "AI avatar": look, photo avatar state and previews of one creator. */
export const creatorAiAvatarQuery = (id: string) =>
  queryOptions({
    queryKey: [...ROOT, 'ai-avatar', id],
    queryFn: ({ signal }) => request(adminCreatorAiAvatar, { params: { id }, signal }).then((r) => r.avatar),
  })
/** SPEC "import emotion" (multipart `file`, CSV): the creator's voice (a profile of its own) takes the table. */
export function useImportCreatorEmotions() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData()
      form.append('file', file)
      return request(adminImportCreatorEmotions, { params: { id }, formData: form })
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ROOT }),
        client.invalidateQueries({ queryKey: VOICE_PROFILES_KEY }),
      ]),
  })
}
