import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  audioProgress,
  checkAudio,
  listAudioProcesses,
  listVoices,
  previewVoice,
  removeAudio,
} from '@mouthpiece/contracts/voices/voices.contract'
import {
  createPersonalVoice,
  deletePersonalVoice,
  listPersonalVoices,
  renamePersonalVoice,
} from '@mouthpiece/contracts/voices/personal-voices.contract'
import { voiceLibrary } from '@mouthpiece/contracts/voices/voice-library.contract'
import type { RouteInput } from '@mouthpiece/contracts/define-route'
import { request } from '../../lib/api'

export const voicesKeys = {
  voices: ['voices', 'list'] as const,
  processes: (page: number) => ['voices', 'processes', page] as const,
  process: (uuid: string) => ['voices', 'process', uuid] as const,
  progress: ['voices', 'progress'] as const,
}

/** Every built-in voice, featured first; they change only with a server upgrade. */
export const voicesQuery = queryOptions({
  queryKey: voicesKeys.voices,
  queryFn: ({ signal }) => request(listVoices, { signal }),
  staleTime: 60 * 60_000,
})

/** Every voice the caller may use, for every picker: their own first (refetched when they change). */
export const voiceLibraryQuery = queryOptions({
  queryKey: ['voices', 'library'] as const,
  queryFn: ({ signal }) => request(voiceLibrary, { signal }),
  staleTime: 60_000,
})

export function usePreviewVoice() {
  return useMutation({
    mutationFn: (body: RouteInput<typeof previewVoice>['body']) => request(previewVoice, { body }),
  })
}

/** My uploaded audio files; pages with a file still processing refresh themselves. */
export const audioProcessesQuery = (page: number) =>
  queryOptions({
    queryKey: voicesKeys.processes(page),
    queryFn: ({ signal }) => request(listAudioProcesses, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((p) => p.status === 1) ? 1000 : false),
  })

/** One upload until it is ready (or failed). */
export const audioCheckQuery = (uuid: string) =>
  queryOptions({
    queryKey: voicesKeys.process(uuid),
    queryFn: ({ signal }) => request(checkAudio, { query: { uuid_path: uuid }, signal }),
    refetchInterval: (q) => (q.state.data && q.state.data.process.status !== 1 ? false : 700),
  })

export const audioProgressQuery = queryOptions({
  queryKey: voicesKeys.progress,
  queryFn: ({ signal }) => request(audioProgress, { signal }),
  refetchInterval: 2000,
})

export function useRemoveAudio() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (uuid: string) => request(removeAudio, { body: { uuid_path: uuid } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['voices'] }),
  })
}

export const personalVoicesQuery = queryOptions({
  queryKey: ['voices', 'personal'] as const,
  queryFn: ({ signal }) => request(listPersonalVoices, { signal }),
})

function usePersonalReload() {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['voices', 'personal'] }),
      client.invalidateQueries({ queryKey: ['voices', 'library'] }),
    ])
}
export function useCreatePersonalVoice() {
  const reload = usePersonalReload()
  return useMutation({
    mutationFn: (body: RouteInput<typeof createPersonalVoice>['body']) =>
      request(createPersonalVoice, { body }),
    onSuccess: reload,
  })
}
export function useRenamePersonalVoice() {
  const reload = usePersonalReload()
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      request(renamePersonalVoice, { params: { id }, body: { name } }),
    onSuccess: reload,
  })
}
export function useDeletePersonalVoice() {
  const reload = usePersonalReload()
  return useMutation({
    mutationFn: (id: number) => request(deletePersonalVoice, { params: { id } }),
    onSuccess: reload,
  })
}
