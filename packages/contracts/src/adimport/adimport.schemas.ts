import { z } from 'zod'

/** SPEC §7 "Search-ad platform" and "Social ad platform": the normalised rows both import into. */
export const AdPlatform = z.enum(['google', 'meta'])
export type AdPlatform = z.infer<typeof AdPlatform>

/** One CSV header for both platforms (the same columns the pages show). */
export const AD_ROW_COLUMNS = [
  'platform',
  'account_id',
  'account_name',
  'campaign_id',
  'campaign_name',
  'ad_group_id',
  'ad_group_name',
  'ad_id',
  'ad_name',
  'date',
  'impressions',
  'clicks',
  'spend',
  'currency',
  'conversions',
] as const

export const AdRow = z.object({
  platform: AdPlatform,
  account_id: z.string(),
  account_name: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  ad_group_id: z.string(),
  ad_group_name: z.string(),
  ad_id: z.string(),
  ad_name: z.string(),
  date: z.string(),
  impressions: z.number(),
  clicks: z.number(),
  /** In the account currency's whole units (Google micros ÷ 10⁶, Meta's decimal strings). */
  spend: z.number(),
  currency: z.string(),
  conversions: z.number(),
})
export type AdRow = z.infer<typeof AdRow>

/** An imported level (campaign, ad group/ad set, ad) summed over the range. */
export const AdTotals = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string().nullable(),
  impressions: z.number(),
  clicks: z.number(),
  spend: z.number(),
  currency: z.string(),
  conversions: z.number(),
  ctr: z.number(),
})

export const ImportSummary = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'completed', 'failed']),
  rows: z.number().int(),
  inserted: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  message: z.string().nullable(),
  finished_at: z.string().nullable(),
})
export type ImportSummary = z.infer<typeof ImportSummary>

export const AdAccount = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string().nullable(),
  status: z.string().nullable(),
  /** Meta: amount spent, already converted from the minor unit. */
  amount_spent: z.number().nullable(),
  connected: z.boolean(),
  last_import: ImportSummary.nullable(),
})

export const GoogleCustomer = z.object({
  id: z.string(),
  name: z.string(),
  manager: z.boolean(),
  level: z.number().int(),
  currency: z.string().nullable(),
  /** The manager to send as login-customer-id when acting on this client; null = directly reachable. */
  login_customer_id: z.string().nullable(),
})

export const DateRange = z.object({
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
    .optional(),
  until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
    .optional(),
})
