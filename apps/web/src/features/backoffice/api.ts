import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  adminGetProjectSetting,
  adminListProjects,
  adminSendProjectsCsv,
  adminUpdateProjectSetting,
} from '@mouthpiece/contracts/backoffice/admin-projects.contract'
import {
  adminDeleteFinalVideo,
  adminListFinalVideos,
} from '@mouthpiece/contracts/backoffice/final-videos.contract'
import {
  adminGetOnboarding,
  adminSaveOnboarding,
  getOnboarding,
} from '@mouthpiece/contracts/backoffice/onboarding.contract'
import {
  adminGetBadWords,
  adminGetProfanitySetting,
  adminGetWhiteList,
  adminSetBadWords,
  adminSetProfanitySetting,
  adminSetWhiteList,
  baseProfanityBlacklist,
} from '@mouthpiece/contracts/donations/moderation.contract'
import type { RouteBody, RouteInput } from '@mouthpiece/contracts/define-route'
import { request } from '../../lib/api'

export const backofficeKeys = {
  projects: (query: object) => ['admin', 'projects', query] as const,
  projectSetting: (id: number) => ['admin', 'projects', 'setting', id] as const,
  finalVideos: (query: object) => ['admin', 'final-videos', query] as const,
  onboarding: ['admin', 'onboarding'] as const,
  checklist: ['onboarding'] as const,
}

export const adminProjectsQuery = (query: RouteInput<typeof adminListProjects>['query']) =>
  queryOptions({
    queryKey: backofficeKeys.projects(query),
    queryFn: ({ signal }) => request(adminListProjects, { query, signal }),
    placeholderData: keepPreviousData,
  })

export const projectSettingQuery = (id: number) =>
  queryOptions({
    queryKey: backofficeKeys.projectSetting(id),
    queryFn: ({ signal }) =>
      request(adminGetProjectSetting, { params: { projectId: id }, signal }).then((r) => r.project),
  })

export function useSaveProjectSetting(id: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RouteBody<typeof adminUpdateProjectSetting>) =>
      request(adminUpdateProjectSetting, { params: { projectId: id }, body }).then((r) => r.project),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'projects'] }),
  })
}

export const useSendProjectsCsv = () =>
  useMutation({
    mutationFn: (body: RouteBody<typeof adminSendProjectsCsv>) => request(adminSendProjectsCsv, { body }),
  })

export const finalVideosQuery = (query: RouteInput<typeof adminListFinalVideos>['query']) =>
  queryOptions({
    queryKey: backofficeKeys.finalVideos(query),
    queryFn: ({ signal }) => request(adminListFinalVideos, { query, signal }),
    placeholderData: keepPreviousData,
  })

export function useDeleteFinalVideo() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => request(adminDeleteFinalVideo, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'final-videos'] }),
  })
}

export const adminOnboardingQuery = queryOptions({
  queryKey: backofficeKeys.onboarding,
  queryFn: ({ signal }) => request(adminGetOnboarding, { signal }),
})

export function useSaveOnboarding() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RouteBody<typeof adminSaveOnboarding>) => request(adminSaveOnboarding, { body }),
    onSuccess: (data) => client.setQueryData(backofficeKeys.onboarding, data),
  })
}

export const checklistQuery = queryOptions({
  queryKey: backofficeKeys.checklist,
  queryFn: ({ signal }) => request(getOnboarding, { signal }),
})

export const profanityKeys = { all: ['admin', 'profanity'] as const, base: ['profanity', 'base'] as const }

export const profanityQuery = queryOptions({
  queryKey: profanityKeys.all,
  queryFn: async ({ signal }) => {
    const [bad, white, setting] = await Promise.all([
      request(adminGetBadWords, { signal }),
      request(adminGetWhiteList, { signal }),
      request(adminGetProfanitySetting, { signal }),
    ])
    return {
      bad: bad.words,
      white: white.words,
      setting: { enabled: setting.enabled, max_chars: setting.max_chars },
    }
  },
})
export const baseBlacklistQuery = queryOptions({
  queryKey: profanityKeys.base,
  queryFn: ({ signal }) => request(baseProfanityBlacklist, { signal }).then((r) => r.words),
})

function useProfanityMutation<B>(send: (body: B) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      client
        .invalidateQueries({ queryKey: ['profanity'] })
        .then(() => client.invalidateQueries({ queryKey: profanityKeys.all })),
  })
}
export const useSaveBadWords = () =>
  useProfanityMutation((words: string[]) => request(adminSetBadWords, { body: { words } }))
export const useSaveWhiteList = () =>
  useProfanityMutation((words: string[]) => request(adminSetWhiteList, { body: { words } }))
export const useSaveProfanitySetting = () =>
  useProfanityMutation((body: RouteBody<typeof adminSetProfanitySetting>) =>
    request(adminSetProfanitySetting, { body }),
  )
