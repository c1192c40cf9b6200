import { and, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm'
import type { AnyColumn } from 'drizzle-orm'
import type { ImageHit, ImageSearch } from '@mouthpiece/contracts/ads/image-search'
import { IMAGE_SEARCH_NOT_FOUND } from '@mouthpiece/contracts/ads/image-search'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import type { AdsDeps } from '../ads.deps'
import type { Queryable } from '../../../platform/db/client'
import { escapeLike, listPage } from '../../../platform/db/list-query'
import type { ListSpec } from '../../../platform/db/list-query'
import { AppError } from '../../../platform/http/errors'
import { users } from '../../users/users.table'
import { loadAdsConfig } from '../ads.config'
import { ensureImageSearchQueue, IMAGE_SEARCH_QUEUE } from '../ads.queues'
import { adBrandImages, adBrandLogos, adBrands } from '../brands/brands.table'
import { adAssets } from '../images/ad-images.table'
import { adImageSearches } from './image-search.table'
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
    async (tx) =>
      (
        await tx
          .insert(adImageSearches)
          .values({ query, stock: stockConfigured(loadAdsConfig()) })
          .returning()
      )[0]!,
  )
}

export async function retrySearch(deps: AdsDeps, id: number): Promise<ImageSearch> {
  const [row] = await deps.db.select().from(adImageSearches).where(eq(adImageSearches.id, id))
  if (!row) throw notFound()
  if (row.status !== 'failed') throw new AppError('validation', 'Only a failed search can be retried.', 409)
  return queue(
    deps,
    async (tx) =>
      (
        await tx
          .update(adImageSearches)
          .set({
            status: 'queued',
            progress: 0,
            error: null,
            results: [],
            stock: stockConfigured(loadAdsConfig()),
            updated_at: new Date(),
          })
          .where(and(eq(adImageSearches.id, id), eq(adImageSearches.status, 'failed')))
          .returning()
      )[0] ?? row,
  )
}

const searchFields = getTableColumns(adImageSearches)
const searchSpec: ListSpec<typeof searchFields> = {
  table: adImageSearches,
  fields: searchFields,
  id: adImageSearches.id,
  defaultSort: 'created_at',
  sortable: { created_at: adImageSearches.created_at, id: adImageSearches.id },
}

export async function listSearches(
  deps: Pick<AdsDeps, 'db'>,
  q: { page: number; per_page: number; sort?: string; dir?: 'asc' | 'desc' },
) {
  const page = await listPage(deps.db, searchSpec, {
    sort: q.sort,
    dir: q.dir,
    page: q.page,
    perPage: q.per_page,
  })
  return { ...page, list: page.list.map(presentSearch) }
}

const owner = (userId: AnyColumn) =>
  sql<string>`(select ${users.username} from ${users} where ${users.id} = ${userId})`
const ownerMatches = (userId: AnyColumn, term: string) =>
  sql`${userId} in (select ${users.id} from ${users} where ${users.username} ilike ${term})`

/** The product's own pictures matching the query: uploads and their cut-outs by name or owner, brand logos and images by brand, its text, where they came from, or owner. */
export async function searchLibrary(db: Queryable, query: string): Promise<ImageHit[]> {
  const term = `%${escapeLike(query)}%`
  const assets = await db
    .select({
      id: adAssets.id,
      name: adAssets.name,
      width: adAssets.width,
      height: adAssets.height,
      characters: adAssets.characters,
      owner: owner(adAssets.user_id),
    })
    .from(adAssets)
    .where(or(ilike(adAssets.name, term), ownerMatches(adAssets.user_id, term)))
    .orderBy(sql`${adAssets.id} desc`)
    .limit(LIBRARY_LIMIT)
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
    const rows = await db
      .select({
        id: table.id,
        width: table.width,
        height: table.height,
        detail: table.source_detail,
        brand: adBrands.name,
        owner: owner(adBrands.user_id),
      })
      .from(table)
      .innerJoin(adBrands, eq(adBrands.id, table.brand_id))
      .where(
        or(
          ilike(adBrands.name, term),
          ilike(adBrands.description, term),
          ilike(table.source_detail, term),
          ownerMatches(adBrands.user_id, term),
        ),
      )
      .orderBy(sql`${table.created_at} desc`)
      .limit(LIBRARY_LIMIT)
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
  const [row] = await deps.db
    .update(adImageSearches)
    .set({ ...values, updated_at: new Date() })
    .where(eq(adImageSearches.id, id))
    .returning()
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
  const [row] = await deps.db.select().from(adImageSearches).where(eq(adImageSearches.id, id))
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
