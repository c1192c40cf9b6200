import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  adminDeleteCategory,
  adminListSentences,
  adminSaveCategory,
  adminUpdateSentences,
  generateSentence,
  listSentenceCategories,
} from '@mouthpiece/contracts/sentences/sentences.contract'
import type { RouteBody } from '@mouthpiece/contracts/define-route'
import { request } from '../../lib/api'

export const sentencesKeys = {
  public: ['sentences', 'categories'] as const,
  admin: ['sentences', 'admin'] as const,
}

/** SPEC §7 "sentence categories": the shown ones, in order. */
export const sentenceCategoriesQuery = queryOptions({
  queryKey: sentencesKeys.public,
  queryFn: ({ signal }) => request(listSentenceCategories, { signal }),
  staleTime: 5 * 60_000,
})

/** SPEC §7 "generate-sentence": a new random line each call (not cached). */
export function useGenerateSentence() {
  return useMutation({
    mutationFn: (query: { category: string; exclude?: string }) => request(generateSentence, { query }),
  })
}

export const adminSentencesQuery = queryOptions({
  queryKey: sentencesKeys.admin,
  queryFn: ({ signal }) => request(adminListSentences, { signal }),
})

/** After any admin change the admin list and the visitors' list are reloaded. */
function useReload() {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: sentencesKeys.admin }),
      client.invalidateQueries({ queryKey: sentencesKeys.public }),
    ])
}

export function useSaveCategory() {
  const reload = useReload()
  return useMutation({
    mutationFn: (body: RouteBody<typeof adminSaveCategory>) => request(adminSaveCategory, { body }),
    onSuccess: reload,
  })
}

export function useUpdateSentences() {
  const reload = useReload()
  return useMutation({
    mutationFn: (body: RouteBody<typeof adminUpdateSentences>) => request(adminUpdateSentences, { body }),
    onSuccess: reload,
  })
}

export function useDeleteCategory() {
  const reload = useReload()
  return useMutation({
    mutationFn: (categoryId: number) => request(adminDeleteCategory, { body: { category_id: categoryId } }),
    onSuccess: reload,
  })
}
