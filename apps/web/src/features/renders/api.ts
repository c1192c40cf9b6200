import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  cancelRender,
  deleteRender,
  demoAudio,
  demoVideo,
  getRender,
  listRenders,
  quickCreate,
  sharingVideo,
  shortAudio,
  videoResult,
  videoResultLog,
} from '@mouthpiece/contracts/renders/renders.contract'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import type { RouteInput } from '@mouthpiece/contracts/define-route'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import { API_BASE_URL, request } from '../../lib/api'

export const rendersKeys = {
  one: (id: string) => ['renders', 'one', id] as const,
  list: (page: number) => ['renders', 'list', page] as const,
  result: (id: string) => ['renders', 'result', id] as const,
  log: (id: string, log: number) => ['renders', 'log', id, log] as const,
  sharing: (id: string) => ['renders', 'sharing', id] as const,
}

/** Still moving: waiting or rendering. */
export const isOpen = (r: Pick<Render, 'status'> | undefined) =>
  !!r && (r.status === RenderStatus.rendering || r.status === RenderStatus.paused)

/** A server path (`/api/renders/…`) as a link the browser can open. */
export const fileUrl = (path: string | null | undefined, download = false) =>
  path
    ? `${API_BASE_URL}${path}${download ? (path.includes('?') ? '&' : '?') + 'download=1' : ''}`
    : undefined

/** A render I made; polled while it moves (sockets make it faster for signed-in owners). */
export const renderQuery = (id: string) =>
  queryOptions({
    queryKey: rendersKeys.one(id),
    queryFn: ({ signal }) => request(getRender, { params: { id }, signal }),
    refetchInterval: (q) => (isOpen(q.state.data?.render) ? 700 : false),
    staleTime: 0,
  })

export const rendersListQuery = (page: number) =>
  queryOptions({
    queryKey: rendersKeys.list(page),
    queryFn: ({ signal }) => request(listRenders, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  })

export const videoResultQuery = (id: string) =>
  queryOptions({
    queryKey: rendersKeys.result(id),
    queryFn: ({ signal }) => request(videoResult, { params: { id }, signal }),
    refetchInterval: (q) => (isOpen(q.state.data?.render) ? 1000 : false),
  })

export const videoResultLogQuery = (id: string, log: number) =>
  queryOptions({
    queryKey: rendersKeys.log(id, log),
    queryFn: ({ signal }) => request(videoResultLog, { params: { id, log }, signal }),
  })

export const sharingQuery = (id: string) =>
  queryOptions({
    queryKey: rendersKeys.sharing(id),
    queryFn: ({ signal }) => request(sharingVideo, { params: { id }, signal }),
    retry: false,
  })

/** Signed in: quick create (plan limits); signed out: the capped demo. Same answer either way. */
export function useStartVideo() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ signedIn, body }: { signedIn: boolean; body: RouteInput<typeof quickCreate>['body'] }) => {
      if (signedIn) return request(quickCreate, { body })
      const { custom_avatar_id: _custom, video_resolution: _res, ...demo } = body
      return request(demoVideo, { body: demo })
    },
    onSuccess: (res) => client.setQueryData(rendersKeys.one(res.render.id), res),
  })
}

export function useStartDemoVideo() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RouteInput<typeof demoVideo>['body']) => request(demoVideo, { body }),
    onSuccess: (res) => client.setQueryData(rendersKeys.one(res.render.id), res),
  })
}

export function useStartAudio() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ signedIn, body }: { signedIn: boolean; body: RouteInput<typeof shortAudio>['body'] }) =>
      signedIn ? request(shortAudio, { body }) : request(demoAudio, { body }),
    onSuccess: (res) => client.setQueryData(rendersKeys.one(res.render.id), res),
  })
}

export function useCancelRender() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => request(cancelRender, { params: { id } }),
    onSuccess: (res) => client.setQueryData(rendersKeys.one(res.render.id), res),
  })
}

export function useDeleteRender() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => request(deleteRender, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['renders'] }),
  })
}
