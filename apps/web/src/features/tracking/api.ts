import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  adminAnalysisEvents,
  adminCustomerTracking,
  adminCustomerTrackingItem,
  adminExportCustomerTracking,
  adminExportUsageData,
  adminExportUsageFiles,
  adminUsageData,
  adminUsageDataItem,
  customerTracking,
} from '@mouthpiece/contracts/tracking/tracking.contract'
import type { TrackingCategory } from '@mouthpiece/contracts/tracking/tracking.schemas'
import { api, request } from '../../lib/api'
import { downloadFile } from '../../lib/download'
import { anonymousId } from './anonymous-id'

/**
 * Records a SPEC §9 event, fire and forget: tracking never gets in the way of what the person is
 * doing, so failures are ignored. Signed-in calls are counted for the user, others for this browser.
 */
export function track(
  event: number,
  opts: { category?: TrackingCategory; data?: Record<string, unknown> } = {},
): void {
  void api(customerTracking, {
    body: { event, category: opts.category ?? 'usage', data: opts.data ?? {}, anonymous_id: anonymousId() },
  }).catch(() => undefined)
}

export const trackingKeys = {
  events: ['tracking', 'events'] as const,
  summaries: (category: TrackingCategory, page: number, sort: string) =>
    ['tracking', category, 'summaries', page, sort] as const,
  customer: (category: TrackingCategory, id: string, page: number) =>
    ['tracking', category, 'customer', id, page] as const,
}

export const analysisEventsQuery = queryOptions({
  queryKey: trackingKeys.events,
  queryFn: ({ signal }) => request(adminAnalysisEvents, { signal }),
})

export const customerSummariesQuery = (category: TrackingCategory, page: number, sort: string) =>
  queryOptions({
    queryKey: trackingKeys.summaries(category, page, sort),
    queryFn: ({ signal }) =>
      request(category === 'usage' ? adminUsageData : adminCustomerTracking, {
        query: { page, sort },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const customerDetailQuery = (category: TrackingCategory, id: string, page: number) =>
  queryOptions({
    queryKey: trackingKeys.customer(category, id, page),
    queryFn: ({ signal }) =>
      request(category === 'usage' ? adminUsageDataItem : adminCustomerTrackingItem, {
        params: { id },
        query: { page },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const downloadTrackingCsv = (category: TrackingCategory) =>
  category === 'usage'
    ? downloadFile(adminExportUsageData, 'usage-data.csv')
    : downloadFile(adminExportCustomerTracking, 'customer-tracking.csv')

/** Every stored file users' usage produced, one row each (SPEC §7 "usage files"). */
export const downloadUsageFilesCsv = () => downloadFile(adminExportUsageFiles, 'usage-files.csv')
