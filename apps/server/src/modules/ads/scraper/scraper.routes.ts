import * as r from '@mouthpiece/contracts/ads/scraper.contract'
import type { HttpContext } from '../../../platform/context'
import * as scrape from './scrape.service'

export function registerScraperRoutes(ctx: HttpContext) {
  const { route } = ctx
  route(r.scrapeBrand, async ({ actor, body }) => ({
    task: await scrape.startScrape(ctx, actor.user.id, body.url, { adProjectId: body.ad_project_id }),
  }))
  route(r.getScrapeTask, async ({ actor, params, reply }) => {
    void reply.header('cache-control', 'no-store')
    return { task: await scrape.getTask(ctx, actor.user.id, params.id) }
  })
  route(r.retryExtraction, async ({ actor, params }) => ({
    task: await scrape.retryScrape(ctx, actor.user.id, params.id),
  }))
}
