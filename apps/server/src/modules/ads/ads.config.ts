import { z } from 'zod'
import { parseEnv } from '../../platform/config'

/** The ads module's own settings (environment, like platform/config.ts). */
const AdsEnv = z.object({
  /** How long a site's page may take to answer a brand scrape. */
  ADS_SCRAPE_PAGE_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(10_000),
  /** The whole scrape (page, stylesheets, icons, fonts). */
  ADS_SCRAPE_BUDGET_MS: z.coerce.number().int().min(1000).max(120_000).default(25_000),
  /** A stock-image API speaking Pexels' search shape (`GET {url}/v1/search`); unset: library only. */
  ADS_STOCK_IMAGES_URL: z.url().optional(),
  ADS_STOCK_IMAGES_KEY: z.string().min(1).optional(),
})
export type AdsConfig = z.infer<typeof AdsEnv>
export const loadAdsConfig = (env: NodeJS.ProcessEnv = process.env): AdsConfig => parseEnv(AdsEnv, env)
