import { QueryClient } from '@tanstack/react-query'

/** The page's one query cache; route loaders and components share it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  })
}

export const queryClient = createQueryClient()

/** Cache keys of the two sessions; the API client resets them when the server answers 401. */
export const authKeys = {
  me: ['auth', 'me'] as const,
  admin: ['auth', 'admin'] as const,
}
