import { queryOptions } from '@tanstack/react-query'
import { listSampleOutputVideos } from '@mouthpiece/contracts/landing/landing.contract'
import { request } from '../../lib/api'

/** SPEC §7 "sample output videos": real renders an operator picked; none means no section. */
export const sampleVideosQuery = queryOptions({
  queryKey: ['landing', 'sample-videos'] as const,
  queryFn: ({ signal }) => request(listSampleOutputVideos, { signal }),
  staleTime: 5 * 60_000,
})
