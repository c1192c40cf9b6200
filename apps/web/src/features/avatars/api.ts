import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  deleteCustomAvatar,
  generateCustomAvatar,
  listCustomAvatars,
  listInfluencers,
  retryCustomAvatar,
  updateCustomAvatar,
  updatePhotoLandmarks,
} from '@mouthpiece/contracts/avatars/avatars.contract'
import { previewVoice } from '@mouthpiece/contracts/voices/voices.contract'
import type { FacePoint } from '@mouthpiece/contracts/media/avatar.schemas'
import type { RouteInput } from '@mouthpiece/contracts/define-route'
import { request } from '../../lib/api'

export const avatarsKeys = {
  influencers: ['avatars', 'influencers'] as const,
  mine: ['avatars', 'custom'] as const,
}

export const influencersQuery = queryOptions({
  queryKey: avatarsKeys.influencers,
  queryFn: ({ signal }) => request(listInfluencers, { signal }),
  staleTime: 10 * 60_000,
})

/** The signed-in user's custom avatars (only fetch when signed in). */
export const customAvatarsQuery = queryOptions({
  queryKey: avatarsKeys.mine,
  queryFn: ({ signal }) => request(listCustomAvatars, { signal }),
})

function useReload() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: avatarsKeys.mine })
}

export function useGenerateAvatar() {
  const reload = useReload()
  return useMutation({
    mutationFn: (body: RouteInput<typeof generateCustomAvatar>['body']) =>
      request(generateCustomAvatar, { body }),
    onSuccess: reload,
  })
}
export function useRetryAvatar() {
  const reload = useReload()
  return useMutation({
    mutationFn: (id: number) => request(retryCustomAvatar, { params: { id } }),
    onSuccess: reload,
  })
}
export function useUpdateAvatar() {
  const reload = useReload()
  return useMutation({
    mutationFn: ({ id, ...body }: RouteInput<typeof updateCustomAvatar>['body'] & { id: number }) =>
      request(updateCustomAvatar, { params: { id }, body }),
    onSuccess: reload,
  })
}
export function useDeleteAvatar() {
  const reload = useReload()
  return useMutation({
    mutationFn: (id: number) => request(deleteCustomAvatar, { params: { id } }),
    onSuccess: reload,
  })
}
export function useUpdateLandmarks() {
  const reload = useReload()
  return useMutation({
    mutationFn: ({ id, landmarks }: { id: number; landmarks: FacePoint[] }) =>
      request(updatePhotoLandmarks, { params: { id }, body: { landmarks } }),
    onSuccess: reload,
  })
}
/** After a photo upload (sent by uploadFile, which reports progress). */
export function useReloadAvatars() {
  return useReload()
}

/**
 * The avatar says a line with lip sync ("Say hello"): the voices preview route, called here so the
 * avatar feature does not depend on the voices feature (voices builds on avatars, not the reverse).
 */
export function useSpeakLine() {
  return useMutation({
    mutationFn: (body: RouteInput<typeof previewVoice>['body']) => request(previewVoice, { body }),
  })
}
