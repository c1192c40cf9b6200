import { z } from 'zod'

export const SCRAPE_TASK_NOT_FOUND = 'Scrape task not found'
export const ScrapeTaskId = z.string().uuid(SCRAPE_TASK_NOT_FOUND)
export const SiteUrl = z
  .string({ error: 'Please enter the address of the brand’s site' })
  .trim()
  .min(1, 'Please enter the address of the brand’s site')
  .max(2000, 'The address is too long')
  // People type "acme.com": read it as https.
  .transform((v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`))

export const ScrapeStatus = z.enum(['queued', 'running', 'completed', 'failed'])
export const ScrapeTask = z.object({
  id: z.string(),
  url: z.string(),
  status: ScrapeStatus,
  progress: z.number().int(),
  stage: z.string(),
  error: z.string().nullable(),
  warnings: z.array(z.string()),
  brand_id: z.number().int().nullable(),
  ad_project_id: z.number().int().nullable(),
  attempts: z.number().int(),
  duration_ms: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ScrapeTask = z.infer<typeof ScrapeTask>
export const ScrapeTaskAnswer = z.object({ task: ScrapeTask })
