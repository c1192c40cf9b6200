import { z } from 'zod'
import { defineRoute } from '../define-route'
import { pageOf, PageNumber, UserId } from '../users/users.schemas'
import { AdProjectId } from './projects.schemas'
import { ScrapeTask, ScrapeTaskAnswer, ScrapeTaskId, SiteUrl } from './scraper.schemas'

/**
 * SPEC "scrape a brand from a site" (scraper task) and `POST api/ads/retry-extraction/{id}`. The
 * task runs as a job; progress goes over the socket (`ad-project-event`, type "scrape").
 */
const user = { auth: 'user', requiresEnabled: true } as const

export const scrapeBrand = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/scrape',
  ...user,
  summary: 'Read a brand kit from a site (a scraper task)',
  body: z.object({ url: SiteUrl, ad_project_id: AdProjectId.optional() }),
  response: ScrapeTaskAnswer,
})
export const getScrapeTask = defineRoute({
  method: 'GET',
  path: '/api/ads/scrape-tasks/:id',
  ...user,
  summary: 'One of my scrape tasks',
  params: z.object({ id: ScrapeTaskId }),
  response: ScrapeTaskAnswer,
})
export const retryExtraction = defineRoute({
  method: 'POST',
  path: '/api/ads/retry-extraction/:id',
  ...user,
  summary: 'Run a failed scrape again',
  params: z.object({ id: ScrapeTaskId }),
  response: ScrapeTaskAnswer,
})

// SPEC §7 admin "scraper: POST handle, GET tasks {page}".
export const adminScrapeHandle = defineRoute({
  method: 'POST',
  path: '/api/admin/site-scraper/handle',
  auth: 'admin',
  summary: "Scrape a site into a user's brands",
  body: z.object({ url: SiteUrl, user_id: UserId }),
  response: ScrapeTaskAnswer,
})
export const adminScrapeTasks = defineRoute({
  method: 'GET',
  path: '/api/admin/site-scraper/tasks',
  auth: 'admin',
  summary: 'Every scrape task, newest first',
  query: z.object({ page: PageNumber.default(1) }),
  response: pageOf(ScrapeTask.extend({ username: z.string().nullable() })),
})
export const adminRetryScrape = defineRoute({
  method: 'POST',
  path: '/api/admin/site-scraper/tasks/:id/retry',
  auth: 'admin',
  summary: 'Run a failed scrape again',
  params: z.object({ id: ScrapeTaskId }),
  response: ScrapeTaskAnswer,
})
