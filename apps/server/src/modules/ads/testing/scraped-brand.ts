import { expect } from 'vitest'
import type { ScrapeTask } from '@mouthpiece/contracts/ads/scraper.schemas'
import type { rendersClient } from '../../renders/testing'

type Client = ReturnType<typeof rendersClient>
type Caller = Awaited<ReturnType<Client['register']>>

/** Reads a brand from `url` through the API as the user would and waits for the task: the new brand's id. */
export async function scrapedBrand(client: Client, me: Caller, url: string): Promise<number> {
  const scrape = await client.call('POST', '/api/ads/brands/scrape', me, { url })
  expect(scrape.statusCode, scrape.body).toBe(200)
  let task = scrape.json<{ task: ScrapeTask }>().task
  for (let i = 0; i < 200 && task.status !== 'completed' && task.status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 100))
    task = (await client.call('GET', `/api/ads/scrape-tasks/${task.id}`, me)).json<{ task: ScrapeTask }>()
      .task
  }
  expect(task.status, JSON.stringify(task)).toBe('completed')
  return task.brand_id!
}
