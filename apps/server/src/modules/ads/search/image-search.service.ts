import type { ImageHit, ImageSearch } from '@mouthpiece/contracts/ads/image-search'
import { IMAGE_SEARCH_NOT_FOUND } from '@mouthpiece/contracts/ads/image-search'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import type { AdsDeps } from '../ads.deps'
import type { Queryable } from '../../../platform/db/client'
import { escapeLike, listPage } from '../../../platform/db/list-query'
import { AppError } from '../../../platform/http/errors'
import { loadAdsConfig } from '../ads.config'
import { adBrandImages, adBrandLogos } from '../brands/brands.table'
import { ensureImageSearchQueue, IMAGE_SEARCH_QUEUE } from '../ads.queues'
import * as repo from './image-search.repo'
import type { AdImageSearchRow } from './image-search.table'
import { searchStock, stockConfigured } from './stock-images'

/** Library hits per kind: a search is for finding, not for listing the whole library. */
const LIBRARY_LIMIT = 60

export const presentSearch = (r: AdImageSearchRow): ImageSearch => ({
  id: r.id,
  query: r.query,
  status: r.status,
  progress: r.progress,
  error: r.error,
  stock: r.stock,
  results: r.results,
  attempts: r.attempts,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

const notFound = () => new AppError('not_found', IMAGE_SEARCH_NOT_FOUND, 404)

async function queue(
  deps: AdsDeps,
  write: (tx: Queryable) => Promise<AdImageSearchRow>,
): Promise<ImageSearch> {
  await ensureImageSearchQueue(deps)
  return presentSearch(
    await deps.db.transaction(async (tx) => {
      const row = await write(tx)
      await deps.queue.send(IMAGE_SEARCH_QUEUE, { searchId: row.id }, { tx })
      return row
    }),
  )
}

export function startSearch(deps: AdsDeps, query: string): Promise<ImageSearch> {
  return queue(
    deps,
    async (tx) => await repo.insertSearch(tx, { query, stock: stockConfigured(loadAdsConfig()) }),
  )
}

export async function retrySearch(deps: AdsDeps, id: number): Promise<ImageSearch> {
  const row = await repo.findSearch(deps.db, id)
  if (!row) throw notFound()
  if (row.status !== 'failed') throw new AppError('validation', 'Only a failed search can be retried.', 409)
  return queue(
    deps,
    async (tx) =>
      (await repo.requeueFailed(tx, id, {
        status: 'queued',
        progress: 0,
        error: null,
        results: [],
        stock: stockConfigured(loadAdsConfig()),
        updated_at: new Date(),
      })) ?? row,
  )
}

export async function listSearches(
  deps: Pick<AdsDeps, 'db'>,
  q: { page: number; per_page: number; sort?: string; dir?: 'asc' | 'desc' },
) {
  const page = await listPage(deps.db, repo.searchSpec, {
    sort: q.sort,
    dir: q.dir,
    page: q.page,
    perPage: q.per_page,
  })
  return { ...page, list: page.list.map(presentSearch) }
}

/** The product's own pictures matching the query: uploads and their cut-outs by name or owner, brand logos and images by brand, its text, where they came from, or owner. */
export async function searchLibrary(db: Queryable, query: string): Promise<ImageHit[]> {
  const term = `%${escapeLike(query)}%`
  const assets = await repo.libraryAssets(db, term, LIBRARY_LIMIT)
  const hits: ImageHit[] = []
  for (const a of assets) {
    hits.push({
      source: 'ad_asset',
      ref: String(a.id),
      name: a.name,
      width: a.width,
      height: a.height,
      owner: a.owner,
      brand: null,
      url: null,
    })
    for (const c of a.characters)
      hits.push({
        source: 'character',
        ref: `${a.id}:${c.id}`,
        name: `${a.name} · cut-out`,
        width: c.width,
        height: c.height,
        owner: a.owner,
        brand: null,
        url: null,
      })
  }
  for (const [table, source] of [
    [adBrandLogos, 'brand_logo'],
    [adBrandImages, 'brand_image'],
  ] as const) {
    const rows = await repo.brandPictures(db, table, term, LIBRARY_LIMIT)
    for (const r of rows)
      hits.push({
        source,
        ref: r.id,
        name: `${r.brand} ${source === 'brand_logo' ? 'logo' : 'image'}`,
        width: r.width,
        height: r.height,
        owner: r.owner,
        brand: r.brand,
        url: null,
      })
  }
  return hits
}

/** Moves a search on and tells the admins' pages (`ad-project-event`, type "image-search", the admins' room). */
async function patch(deps: Pick<AdsDeps, 'db' | 'realtime'>, id: number, values: Partial<AdImageSearchRow>) {
  const row = await repo.updateSearch(deps.db, id, { ...values, updated_at: new Date() })
  if (row)
    await deps.realtime
      .emitToAdmins(RealtimeEvent.adProject, { type: 'image-search', search: presentSearch(row) })
      .catch(() => undefined)
}

/** The job: library first (offline), then the stock API when configured; a stock failure fails the search with its reason. */
export async function runSearch(
  deps: Pick<AdsDeps, 'db' | 'realtime'>,
  id: number,
  signal?: AbortSignal,
): Promise<void> {
  const row = await repo.findSearch(deps.db, id)
  if (!row || row.status !== 'queued') return
  await patch(deps, id, { status: 'running', progress: 10, attempts: row.attempts + 1 })
  try {
    const library = await searchLibrary(deps.db, row.query)
    await patch(deps, id, { progress: row.stock ? 50 : 90, results: library })
    const stock = row.stock ? await searchStock(loadAdsConfig(), row.query, signal) : []
    await patch(deps, id, { status: 'done', progress: 100, results: [...library, ...stock] })
  } catch (e) {
    await patch(deps, id, {
      status: 'failed',
      progress: 100,
      error: e instanceof Error ? e.message : 'The search failed. Please try again.',
    })
  }
}
