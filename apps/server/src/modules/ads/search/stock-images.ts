import { z } from 'zod'
import type { ImageHit } from '@mouthpiece/contracts/ads/image-search'
import type { AdsConfig } from '../ads.config'
import { upstreamFetch } from '../../../platform/http/upstream'

const TIMEOUT_MS = 10_000
const PER_PAGE = 24

/** The part of Pexels' `GET /v1/search` answer we read. */
const StockAnswer = z.object({
  photos: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      width: z.number().int(),
      height: z.number().int(),
      alt: z.string().nullish(),
      photographer: z.string().nullish(),
      url: z.string().nullish(),
    }),
  ),
})

/** Whether a stock-image API is configured (the search asks it only then). */
export const stockConfigured = (config: AdsConfig) => Boolean(config.ADS_STOCK_IMAGES_URL)

/**
 * Stock photos for a query from the configured API (Pexels' wire shape: `Authorization: <key>`,
 * `query`, `per_page`). A refusal or an unreadable answer is an error with the provider's status,
 * so the search fails with a reason and can be retried.
 */
export async function searchStock(
  config: AdsConfig,
  query: string,
  signal?: AbortSignal,
): Promise<ImageHit[]> {
  const url = new URL('v1/search', config.ADS_STOCK_IMAGES_URL!.replace(/\/?$/, '/'))
  url.searchParams.set('query', query)
  url.searchParams.set('per_page', String(PER_PAGE))
  const timeout = AbortSignal.timeout(TIMEOUT_MS)
  const res = await upstreamFetch(url, {
    headers: config.ADS_STOCK_IMAGES_KEY ? { authorization: config.ADS_STOCK_IMAGES_KEY } : {},
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  })
  if (!res.ok) throw new Error(`The stock-image service answered ${res.status}.`)
  const parsed = StockAnswer.safeParse(await res.json().catch(() => null))
  if (!parsed.success) throw new Error('The stock-image service sent an answer we could not read.')
  return parsed.data.photos.map((p) => ({
    source: 'stock',
    ref: String(p.id),
    name: p.alt || `Stock photo ${p.id}`,
    width: p.width,
    height: p.height,
    owner: p.photographer ?? null,
    brand: null,
    url: p.url ?? null,
  }))
}
