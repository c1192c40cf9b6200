import { queryOptions } from '@tanstack/react-query'
import { getAdAsset, getAdCanvas, listAdImageGenerations } from '@mouthpiece/contracts/ads/images'
import { request } from '../../../lib/api'

export const adImagesKeys = {
  asset: (id: number) => ['ads', 'asset', id] as const,
  /** Every project's lists (invalidate after a rename, select, more, delete or canvas edit). */
  allGenerations: ['ads', 'image-generations'] as const,
  generations: (projectId?: number) => ['ads', 'image-generations', projectId ?? 0] as const,
  canvas: (id: number, placement: string) => ['ads', 'canvas', id, placement] as const,
}

/** Polls while the extraction runs. */
export const assetQuery = (id: number) =>
  queryOptions({
    queryKey: adImagesKeys.asset(id),
    queryFn: ({ signal }) => request(getAdAsset, { params: { id }, signal }),
    refetchInterval: (q) => (q.state.data?.asset.status === 'extracting' ? 500 : false),
  })

/** Polls while any generation is queued or running. */
export const generationsQuery = (projectId?: number) =>
  queryOptions({
    queryKey: adImagesKeys.generations(projectId),
    queryFn: ({ signal }) =>
      request(listAdImageGenerations, { query: projectId ? { project_id: projectId } : {}, signal }),
    refetchInterval: (q) =>
      q.state.data?.generations.some((g) => g.status === 'queued' || g.status === 'generating') ? 700 : false,
  })

export const canvasQuery = (id: number, placement: string) =>
  queryOptions({
    queryKey: adImagesKeys.canvas(id, placement),
    queryFn: ({ signal }) => request(getAdCanvas, { params: { id, placement: placement as never }, signal }),
  })
