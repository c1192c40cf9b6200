import { z } from 'zod'
import { defineId } from '../ids'
import { defineRoute } from '../define-route'
import { listPage, listQuery } from '../lists'

/**
 * SPEC §7 admin "Image search: POST search; GET progress {page}; POST retry" (/admin/search-images).
 * A search runs as a job over the product's own image library (ad assets, cut-out characters, brand
 * logos and images, by name, brand and owner) and, when a stock-image API is configured, its results.
 */
export const IMAGE_SEARCH_NOT_FOUND = 'Image search not found'
const searchId = defineId(IMAGE_SEARCH_NOT_FOUND)
export const ImageSearchIdText = searchId.text

export const IMAGE_SEARCH_STATUSES = ['queued', 'running', 'done', 'failed'] as const
export const ImageSearchStatus = z.enum(IMAGE_SEARCH_STATUSES)
export const IMAGE_SOURCES = ['ad_asset', 'character', 'brand_logo', 'brand_image', 'stock'] as const
export const ImageSource = z.enum(IMAGE_SOURCES)

export const ImageHit = z.object({
  source: ImageSource,
  /** The row (asset, logo, image) or the stock photo's id. */
  ref: z.string(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Library hits: the owner and the brand; stock hits: the photographer. */
  owner: z.string().nullable(),
  brand: z.string().nullable(),
  /** Stock hits: the photo's address at the provider. */
  url: z.string().nullable(),
})
export type ImageHit = z.infer<typeof ImageHit>

export const ImageSearch = z.object({
  id: z.number().int(),
  query: z.string(),
  status: ImageSearchStatus,
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  /** Whether the configured stock-image API was asked too. */
  stock: z.boolean(),
  results: z.array(ImageHit),
  attempts: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ImageSearch = z.infer<typeof ImageSearch>

export const SearchImagesBody = z.object({
  query: z
    .string({ error: 'Please enter what to search for' })
    .trim()
    .min(2, 'Search for at least 2 characters')
    .max(100, 'The search is at most 100 characters'),
})

export const searchImages = defineRoute({
  method: 'POST',
  path: '/api/admin/search-images',
  auth: 'admin',
  summary: 'Search the image library (and the stock-image API when configured)',
  body: SearchImagesBody,
  response: z.object({ search: ImageSearch }),
})
export const imageSearchProgress = defineRoute({
  method: 'GET',
  path: '/api/admin/search-images/progress',
  auth: 'admin',
  summary: 'Image searches, newest first, with their progress and results',
  query: listQuery(['created_at', 'id'], 10),
  response: listPage(ImageSearch),
})
export const retryImageSearch = defineRoute({
  method: 'POST',
  path: '/api/admin/search-images/:id/retry',
  auth: 'admin',
  summary: 'Run a failed image search again',
  params: z.object({ id: ImageSearchIdText }),
  response: z.object({ search: ImageSearch }),
})
