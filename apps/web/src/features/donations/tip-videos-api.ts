import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  generateTipVideo,
  listTipVideos,
  pushTipVideoAction,
  setupShortVideo,
} from '@mouthpiece/contracts/donations/tip-videos.contract'
import type {
  SetupPreviewBody,
  TipVideo,
  TipVideoAction,
} from '@mouthpiece/contracts/donations/tip-videos.contract'
import { request } from '../../lib/api'
import { isOpen } from '../renders'
import { donationKeys } from './api'

const tipVideoKeys = {
  all: [...donationKeys.all, 'tip-videos'] as const,
  of: (ids: number[]) => [...donationKeys.all, 'tip-videos', ids.join(',')] as const,
}

/** The videos of the tips on one Activity Feed page; polled while one of them renders or waits to play. */
export const tipVideosQuery = (tipIds: number[]) =>
  queryOptions<TipVideo[]>({
    queryKey: tipVideoKeys.of(tipIds),
    queryFn: ({ signal }) =>
      request(listTipVideos, { query: { tip_ids: tipIds.join(',') }, signal }).then((r) => r.videos),
    enabled: tipIds.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.some(
        (v) => isOpen(v.render ?? undefined) || v.play_state === 'queued' || v.play_state === 'playing',
      )
        ? 1000
        : false,
  })

/** Puts a changed video into every cached page that shows its tip, then refetches. */
function useTipVideoMutation<A>(send: (arg: A) => Promise<TipVideo>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (video) => {
      client.setQueriesData<TipVideo[]>({ queryKey: tipVideoKeys.all }, (old) =>
        old ? [...old.filter((v) => v.tip_id !== video.tip_id), video] : old,
      )
    },
    onSettled: () => client.invalidateQueries({ queryKey: tipVideoKeys.all }),
  })
}

export const useGenerateTipVideo = () =>
  useTipVideoMutation((tipId: number) =>
    request(generateTipVideo, { params: { id: tipId } }).then((r) => r.tip_video),
  )

export const useTipVideoAction = () =>
  useTipVideoMutation(({ tip_id, action }: { tip_id: number; action: TipVideoAction }) =>
    request(pushTipVideoAction, { body: { tip_id, action } }).then((r) => r.tip_video),
  )

export const useSetupPreview = () =>
  useMutation({
    mutationFn: (body: SetupPreviewBody) => request(setupShortVideo, { body }).then((r) => r.render),
  })
