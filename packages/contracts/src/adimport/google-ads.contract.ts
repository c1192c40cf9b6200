import { z } from 'zod'
import { defineRoute } from '../define-route'
import { AdRow, AdTotals, DateRange, GoogleCustomer, ImportSummary } from './adimport.schemas'

// SPEC §7 "Search-ad platform": get-account, save-dev-token, accessible and linked customers,
// campaign, ad-groups, ads-in-ad-group, download-assets (blob). Field names `id`, `google_account_id`.
const CustomerId = z.string().regex(/^\d{10}$/, 'A Google Ads customer id has 10 digits')
const Acting = z.object({ id: CustomerId, login_customer_id: CustomerId.optional() })

export const googleAdsAccount = defineRoute({
  method: 'GET',
  path: '/api/google-ads/get-account',
  auth: 'user',
  requiresEnabled: true,
  summary: 'The linked Google account and whether a developer token is saved',
  response: z.object({
    google_account_id: z.number().int().nullable(),
    google_account_name: z.string().nullable(),
    dev_token_saved: z.boolean(),
  }),
})
export const saveDevToken = defineRoute({
  method: 'POST',
  path: '/api/google-ads/save-dev-token',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Save the Google Ads developer token (stored sealed)',
  body: z.object({
    developer_token: z.string().trim().min(10, 'A developer token has at least 10 characters').max(100),
  }),
  response: z.object({ dev_token_saved: z.literal(true) }),
})
export const accessibleCustomers = defineRoute({
  method: 'GET',
  path: '/api/google-ads/accessible-customers',
  auth: 'user',
  requiresEnabled: true,
  summary: 'customers:listAccessibleCustomers with names',
  response: z.object({ customers: z.array(GoogleCustomer) }),
})
export const linkedCustomers = defineRoute({
  method: 'GET',
  path: '/api/google-ads/linked-customers',
  auth: 'user',
  requiresEnabled: true,
  summary: "A manager's client hierarchy (customer_client)",
  query: z.object({ id: CustomerId }),
  response: z.object({ customers: z.array(GoogleCustomer) }),
})
export const googleCampaigns = defineRoute({
  method: 'GET',
  path: '/api/google-ads/campaign',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Imports the last 30 days and answers the campaigns',
  query: Acting.extend(DateRange.shape),
  response: z.object({ campaigns: z.array(AdTotals), import: ImportSummary, currency: z.string() }),
})
export const googleAdGroups = defineRoute({
  method: 'GET',
  path: '/api/google-ads/ad-groups',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Ad groups of a campaign (from the last import)',
  query: z.object({ id: CustomerId, campaign_id: z.string().regex(/^\d+$/) }),
  response: z.object({ ad_groups: z.array(AdTotals) }),
})
export const googleAdsInAdGroup = defineRoute({
  method: 'GET',
  path: '/api/google-ads/ads-in-ad-group',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Ads of an ad group, by day',
  query: z.object({ id: CustomerId, ad_group_id: z.string().regex(/^\d+$/) }),
  response: z.object({ ads: z.array(AdTotals), rows: z.array(AdRow) }),
})
/** Blob: the imported rows as CSV (the same header as Meta's). */
export const googleDownloadAssets = defineRoute({
  method: 'GET',
  path: '/api/google-ads/download-assets',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Imported rows of a customer as CSV',
  query: z.object({ id: CustomerId }),
})
