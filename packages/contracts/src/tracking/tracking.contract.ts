import { z } from 'zod'
import { wholeNumberText } from '../ids'
import { defineRoute } from '../define-route'
import { PageQuery, pageOf } from '../users/users.schemas'
import {
  CustomerSummary,
  CustomerTrackingBody,
  SummarySort,
  TRACKING_CATEGORIES,
  TrackedEvent,
} from './tracking.schemas'

/** SPEC §7 "customer-tracking": records one event for the signed-in user or the anonymous browser. */
export const customerTracking = defineRoute({
  method: 'POST',
  path: '/api/customer-tracking',
  auth: 'public',
  summary: 'Record a tracking event (SPEC §9 codes)',
  body: CustomerTrackingBody,
  response: z.object({ ok: z.literal(true) }),
})

const SummaryQuery = PageQuery.extend({ sort: SummarySort })
const CustomerParams = z.object({
  id: z.string().regex(/^(\d{1,12}|[0-9a-fA-F-]{36})$/, 'Invalid customer id'),
})
const CustomerDetail = z.object({ customer: CustomerSummary, events: pageOf(TrackedEvent) })

/** "analysis events": the event codes and labels the screens show. */
export const adminAnalysisEvents = defineRoute({
  method: 'GET',
  path: '/api/admin/analysis-events',
  auth: 'admin',
  summary: 'Known tracking events with their totals',
  response: z.object({
    events: z.array(
      z.object({
        category: z.enum(TRACKING_CATEGORIES),
        code: z.number().int(),
        name: z.string(),
        label: z.string(),
        total: z.number().int(),
      }),
    ),
  }),
})

// Usage data: the product events (userLogin 1 … refresh full editor 39), per customer.
export const adminUsageData = defineRoute({
  method: 'GET',
  path: '/api/admin/usage-data',
  auth: 'admin',
  summary: 'Usage events counted per customer',
  query: SummaryQuery,
  response: pageOf(CustomerSummary),
})
export const adminUsageDataItem = defineRoute({
  method: 'GET',
  path: '/api/admin/usage-data/:id',
  auth: 'admin',
  summary: "One customer's usage events",
  params: CustomerParams,
  query: PageQuery,
  response: CustomerDetail,
})
/** CSV download (blob). */
export const adminExportUsageData = defineRoute({
  method: 'GET',
  path: '/api/admin/usage-data/export',
  auth: 'admin',
  summary: 'Usage data per customer as CSV',
})

// Customer tracking: the payment funnel steps (5–7), per customer.
export const adminCustomerTracking = defineRoute({
  method: 'GET',
  path: '/api/admin/customer-tracking',
  auth: 'admin',
  summary: 'Payment steps counted per customer',
  query: SummaryQuery,
  response: pageOf(CustomerSummary),
})
export const adminCustomerTrackingItem = defineRoute({
  method: 'GET',
  path: '/api/admin/customer-tracking/:id',
  auth: 'admin',
  summary: "One customer's payment steps",
  params: CustomerParams,
  query: PageQuery,
  response: CustomerDetail,
})
/** CSV download (blob). */
export const adminExportCustomerTracking = defineRoute({
  method: 'GET',
  path: '/api/admin/customer-tracking/export',
  auth: 'admin',
  summary: 'Customer tracking per customer as CSV',
})

/**
 * SPEC §7 "blob exports for … usage files": every stored file users' usage produced (renders,
 * voice uploads, alert audio, avatar stills…), one CSV row each, so storage can be accounted per user.
 */
export const adminExportUsageFiles = defineRoute({
  method: 'GET',
  path: '/api/admin/export-usage-files',
  auth: 'admin',
  summary: 'Stored files per user as CSV',
})

// The signed-in user's own view of what is tracked about them (SPEC §7 user calls).
export const TrackingInfoEvent = z.object({
  category: z.enum(TRACKING_CATEGORIES),
  code: z.number().int(),
  name: z.string(),
  label: z.string(),
  count: z.number().int(),
  last_at: z.string().nullable(),
})
/** SPEC §7 "tracking-info": every SPEC §9 event with how often it was recorded for me, and when last. */
export const trackingInfo = defineRoute({
  method: 'GET',
  path: '/api/tracking-info',
  auth: 'user',
  summary: 'What is tracked about me: each event counted',
  response: z.object({
    events: z.array(TrackingInfoEvent),
    total: z.number().int(),
    first_at: z.string().nullable(),
    last_at: z.string().nullable(),
  }),
})

export const ANALYSIS_MAX_DAYS = 365
/** SPEC §7 "user analysis data": my events per day (UTC) over the last `days`, one entry per day. */
export const userAnalysisData = defineRoute({
  method: 'GET',
  path: '/api/user-analysis-data',
  auth: 'user',
  summary: 'My tracked events per day',
  query: z.object({
    days: wholeNumberText(
      z
        .number()
        .int()
        .min(1, 'days must be at least 1')
        .max(ANALYSIS_MAX_DAYS, `days must be at most ${ANALYSIS_MAX_DAYS}`),
      'days must be a whole number',
    ).default(30),
    category: z.enum(TRACKING_CATEGORIES, { error: 'category must be usage or payment' }).default('usage'),
  }),
  response: z.object({
    category: z.enum(TRACKING_CATEGORIES),
    from: z.string(),
    to: z.string(),
    /** Event code → count, per day and over the whole range. */
    days: z.array(
      z.object({ date: z.string(), counts: z.record(z.string(), z.number().int()), total: z.number().int() }),
    ),
    totals: z.record(z.string(), z.number().int()),
  }),
})
