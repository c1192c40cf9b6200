import { z } from 'zod'
import { defineRoute } from '../define-route'
import { PageQuery, pageOf } from '../users/users.schemas'
import { CustomerSummary, CustomerTrackingBody, SummarySort, TRACKING_CATEGORIES, TrackedEvent } from './tracking.schemas'

/** SPEC §7 "customer-tracking": records one event for the signed-in user or the anonymous browser. */
export const customerTracking = defineRoute({
  method: 'POST', path: '/api/customer-tracking', auth: 'public', summary: 'Record a tracking event (SPEC §9 codes)',
  body: CustomerTrackingBody,
  response: z.object({ ok: z.literal(true) }),
})

const SummaryQuery = PageQuery.extend({ sort: SummarySort })
const CustomerParams = z.object({ id: z.string().regex(/^(\d{1,12}|[0-9a-fA-F-]{36})$/, 'Invalid customer id') })
const CustomerDetail = z.object({ customer: CustomerSummary, events: pageOf(TrackedEvent) })

/** "analysis events": the event codes and labels the screens show. */
export const adminAnalysisEvents = defineRoute({
  method: 'GET', path: '/api/admin/analysis-events', auth: 'admin', summary: 'Known tracking events with their totals',
  response: z.object({
    events: z.array(z.object({ category: z.enum(TRACKING_CATEGORIES), code: z.number().int(), name: z.string(), label: z.string(), total: z.number().int() })),
  }),
})

// Usage data: the product events (userLogin 1 … refresh full editor 39), per customer.
export const adminUsageData = defineRoute({
  method: 'GET', path: '/api/admin/usage-data', auth: 'admin', summary: 'Usage events counted per customer',
  query: SummaryQuery, response: pageOf(CustomerSummary),
})
export const adminUsageDataItem = defineRoute({
  method: 'GET', path: '/api/admin/usage-data/:id', auth: 'admin', summary: "One customer's usage events",
  params: CustomerParams, query: PageQuery, response: CustomerDetail,
})
/** CSV download (blob). */
export const adminExportUsageData = defineRoute({
  method: 'GET', path: '/api/admin/usage-data/export', auth: 'admin', summary: 'Usage data per customer as CSV',
})

// Customer tracking: the payment funnel steps (5–7), per customer.
export const adminCustomerTracking = defineRoute({
  method: 'GET', path: '/api/admin/customer-tracking', auth: 'admin', summary: 'Payment steps counted per customer',
  query: SummaryQuery, response: pageOf(CustomerSummary),
})
export const adminCustomerTrackingItem = defineRoute({
  method: 'GET', path: '/api/admin/customer-tracking/:id', auth: 'admin', summary: "One customer's payment steps",
  params: CustomerParams, query: PageQuery, response: CustomerDetail,
})
/** CSV download (blob). */
export const adminExportCustomerTracking = defineRoute({
  method: 'GET', path: '/api/admin/customer-tracking/export', auth: 'admin', summary: 'Customer tracking per customer as CSV',
})

/**
 * SPEC §7 "blob exports for … usage files": every stored file users' usage produced (renders,
 * voice uploads, alert audio, avatar stills…), one CSV row each, so storage can be accounted per user.
 */
export const adminExportUsageFiles = defineRoute({
  method: 'GET', path: '/api/admin/export-usage-files', auth: 'admin', summary: 'Stored files per user as CSV',
})
