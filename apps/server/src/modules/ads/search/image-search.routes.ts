import { imageSearchProgress, retryImageSearch, searchImages } from '@mouthpiece/contracts/ads/image-search'
import type { HttpContext } from '../../../platform/context'
import { auditActorOf, recordAudit } from '../../audit'
import { listSearches, retrySearch, startSearch } from './image-search.service'

/** SPEC §7 admin "Image search: POST search; GET progress {page}; POST retry". */
export function registerImageSearchRoutes(ctx: HttpContext) {
  const { route, db } = ctx
  route(searchImages, async ({ body, actor }) => {
    const search = await startSearch(ctx, body.query)
    await recordAudit(db, auditActorOf(actor), 'ads.search-images', {
      meta: { search_id: search.id, query: body.query },
    })
    return { search }
  })
  route(imageSearchProgress, async ({ query }) => listSearches(ctx, query))
  route(retryImageSearch, async ({ params, actor }) => {
    const search = await retrySearch(ctx, params.id)
    await recordAudit(db, auditActorOf(actor), 'ads.search-images.retry', { meta: { search_id: search.id } })
    return { search }
  })
}
