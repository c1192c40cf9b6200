import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  adminGetDefaultPrompts,
  adminSaveDefaultPrompts,
  listDefaultPrompts,
} from '@mouthpiece/contracts/avatars/creators.contract'
import type { DefaultPrompt } from '@mouthpiece/contracts/avatars/creators.contract'
import { request } from '../../lib/api'

/** The avatar editor's "Start from" prompts (public) and the admin's editor of them. */
export const defaultPromptsQuery = queryOptions({
  queryKey: ['default-prompts', 'public'],
  queryFn: ({ signal }) => request(listDefaultPrompts, { signal }),
  staleTime: 5 * 60_000,
})
export const adminDefaultPromptsQuery = queryOptions({
  queryKey: ['default-prompts', 'admin'],
  queryFn: ({ signal }) => request(adminGetDefaultPrompts, { signal }).then((r) => r.prompts),
})

export function useSaveDefaultPrompts() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (prompts: DefaultPrompt[]) =>
      request(adminSaveDefaultPrompts, { body: { prompts } }).then((r) => r.prompts),
    onSuccess: () => client.invalidateQueries({ queryKey: ['default-prompts'] }),
  })
}
