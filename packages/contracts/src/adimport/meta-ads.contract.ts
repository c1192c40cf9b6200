import { z } from 'zod'
import { defineRoute } from '../define-route'
import { boundedText, defineId } from '../ids'
import { pageOf } from '../users/users.schemas'
import { AdAccount, AdRow, AdTotals, DateRange, ImportSummary } from './adimport.schemas'

// SPEC §7 "Social ad platform". Unauthenticated by our own token: each call carries `token`, the
// key our OAuth callback handed to this browser for its Meta connection (the Meta token itself never
// leaves the server), and only that connection's data is ever answered.
const Token = z.string().regex(/^mk_[A-Za-z0-9_-]{20,}$/, 'Please connect Meta again')
const ActId = z.string().regex(/^act_\d+$/, 'Invalid ad account id')
const WithToken = z.object({ token: Token })

export const metaConnect = defineRoute({
  method: 'GET',
  path: '/api/meta/connect',
  auth: 'public',
  summary: 'Facebook Login for Business: where to send the browser',
  query: z.object({ redirect_uri: z.string().max(500).optional() }),
  response: z.object({ url: z.string() }),
})
export const metaCallback = defineRoute({
  method: 'GET',
  path: '/api/meta/callback',
  auth: 'public',
  query: z.object({
    code: z.string().optional(),
    state: z.string().optional(),
    error: z.string().optional(),
  }),
})
export const metaMe = defineRoute({
  method: 'POST',
  path: '/api/meta/me',
  auth: 'public',
  summary: 'The Meta user and their ad accounts',
  body: WithToken.extend({ ads_account_id: ActId.optional() }),
  response: z.object({ id: z.string(), name: z.string(), ad_accounts: z.array(AdAccount) }),
})
export const metaBusinesses = defineRoute({
  method: 'GET',
  path: '/api/meta/businesses',
  auth: 'public',
  summary: "The Meta user's businesses",
  query: WithToken.extend({ ads_account_id: ActId.optional() }),
  response: z.object({ businesses: z.array(z.object({ id: z.string(), name: z.string() })) }),
})
export const metaBusinessAdAccounts = defineRoute({
  method: 'GET',
  path: '/api/meta/business-ad-accounts',
  auth: 'public',
  summary: "A business's own ad accounts",
  query: WithToken.extend({
    ads_account_id: ActId.optional(),
    business_id: z.string().regex(/^\d+$/, 'Invalid business id'),
  }),
  response: z.object({ ad_accounts: z.array(AdAccount) }),
})
const Campaign = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  effective_status: z.string().nullable(),
  objective: z.string().nullable(),
  daily_budget: z.number().nullable(),
})
export const metaCampaigns = defineRoute({
  method: 'POST',
  path: '/api/meta/ads-campaigns',
  auth: 'public',
  summary: 'Campaigns of an ad account',
  body: WithToken.extend({ ads_account_id: ActId }),
  response: z.object({ campaigns: z.array(Campaign) }),
})
export const metaAdsets = defineRoute({
  method: 'POST',
  path: '/api/meta/adsets',
  auth: 'public',
  summary: 'Ad sets of an ad account',
  body: WithToken.extend({ ads_account_id: ActId }),
  response: z.object({
    adsets: z.array(Campaign.omit({ objective: true }).extend({ campaign_id: z.string() })),
  }),
})
export const metaInsights = defineRoute({
  method: 'POST',
  path: '/api/meta/ads-insights',
  auth: 'public',
  summary: 'Imports daily ad insights and answers them with what changed',
  body: WithToken.extend({ ads_account_id: ActId }).extend(DateRange.shape),
  response: z.object({
    import: ImportSummary,
    campaigns: z.array(AdTotals),
    rows: z.array(AdRow),
    total_rows: z.number().int(),
  }),
})
export const metaConnectAdAccount = defineRoute({
  method: 'POST',
  path: '/api/meta/connect-ad-account',
  auth: 'public',
  summary: 'Track an ad account (shown in data tracking)',
  body: WithToken.extend({ id: ActId }),
  response: z.object({ ad_account: AdAccount }),
})
export const metaDisconnectAdAccount = defineRoute({
  method: 'POST',
  path: '/api/meta/disconnect-ad-account',
  auth: 'public',
  summary: 'Stop tracking an ad account and drop its rows',
  body: WithToken.extend({ id: ActId }),
  response: z.object({ ok: z.literal(true) }),
})
export const metaTracked = defineRoute({
  method: 'GET',
  path: '/api/meta/tracked-ad-accounts',
  auth: 'public',
  summary: 'Tracked ad accounts of this connection with their last import',
  query: WithToken,
  response: z.object({ ad_accounts: z.array(AdAccount) }),
})
/** Blob: the ad account's imported rows as CSV. */
export const metaDownloadAdData = defineRoute({
  method: 'POST',
  path: '/api/meta/download-ad-data',
  auth: 'public',
  summary: 'Imported rows of an ad account as CSV',
  body: WithToken.extend({ id: ActId }),
})

// SPEC §7 admin: social ad accounts {page}; blob ad data download.
export const adminMetaAccounts = defineRoute({
  method: 'GET',
  path: '/api/admin/meta-accounts',
  auth: 'admin',
  summary: 'Connected social ad accounts',
  query: z.object({ page: boundedText(1, 100_000, 'page must be a whole number from 1').default(1) }),
  response: pageOf(
    AdAccount.extend({
      db_id: z.number().int(),
      meta_user: z.string(),
      username: z.string().nullable(),
      rows: z.number().int(),
    }),
  ),
})
export const adminMetaAdData = defineRoute({
  method: 'GET',
  path: '/api/admin/meta-accounts/download',
  auth: 'admin',
  summary: 'An ad account’s imported rows as CSV',
  query: z.object({ id: defineId('Account not found').text }),
})
