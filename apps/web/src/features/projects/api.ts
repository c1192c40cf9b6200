import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  checkProjectName,
  createProject,
  deleteProject,
  duplicateProject,
  getProject,
  listProjects,
  updateProject,
} from '@mouthpiece/contracts/projects/projects.contract'
import {
  downloadProjectAssets,
  generateFinalVideo,
} from '@mouthpiece/contracts/projects/project-media.contract'
import { VERSION_CONFLICT_CODE } from '@mouthpiece/contracts/projects/projects.schemas'
import type { CreateProjectBody } from '@mouthpiece/contracts/projects/projects.schemas'
import { api, ApiError, isSuccess, request } from '../../lib/api'
import { downloadFile } from '../../lib/download'

export const projectsKeys = {
  all: ['projects'] as const,
  list: (page: number, keyword: string) => ['projects', 'list', page, keyword] as const,
  one: (id: number) => ['projects', 'one', id] as const,
}

export const projectsListQuery = (page: number, keyword: string) =>
  queryOptions({
    queryKey: projectsKeys.list(page, keyword),
    queryFn: ({ signal }) =>
      request(listProjects, { query: { page, keyword: keyword || undefined }, signal }),
    placeholderData: keepPreviousData,
  })

export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: projectsKeys.one(id),
    queryFn: ({ signal }) => request(getProject, { params: { id }, signal }),
    // The editor owns the document once open: no background refetch may overwrite unsaved edits.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  })

export function useCreateProject() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreateProjectBody) => {
      const check = await request(checkProjectName, { body: { name: body.name } })
      if (!check.available) throw new Error(check.message ?? 'You already have a project with this name')
      return request(createProject, { body })
    },
    onSuccess: () => client.invalidateQueries({ queryKey: projectsKeys.all }),
  })
}

export function useRenameProject() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, name, version }: { id: number; name: string; version: number }) => {
      const check = await request(checkProjectName, { body: { name, exclude_id: id } })
      if (!check.available) throw new Error(check.message ?? 'You already have a project with this name')
      // A name is not part of the scenes: if the project moved on since the list was read (a take
      // finished, another tab saved), the rename still means the same, so it goes onto the current version.
      const answer = await api(updateProject, { params: { id }, body: { version, name } })
      if (isSuccess(answer)) return answer
      const current = Number(answer.errors?.version?.[0])
      if (answer.code !== VERSION_CONFLICT_CODE || !Number.isInteger(current)) throw new ApiError(answer)
      return request(updateProject, { params: { id }, body: { version: current, name } })
    },
    onSuccess: () => client.invalidateQueries({ queryKey: projectsKeys.all }),
  })
}

export function useDuplicateProject() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => request(duplicateProject, { params: { projectId: id }, body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectsKeys.all }),
  })
}

export function useDeleteProject() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => request(deleteProject, { params: { projectId: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectsKeys.all }),
  })
}

export const startFinalVideo = (id: number, version: number) =>
  request(generateFinalVideo, { params: { projectId: id }, body: { version } })

export const downloadAssets = (projectId: number, renderId: string) =>
  downloadFile(downloadProjectAssets, `project-${projectId}-assets.zip`, undefined, {
    projectId,
    outputProcessId: renderId,
  })
