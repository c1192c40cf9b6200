import { z } from 'zod'
import { PaymentStep, TrackingEvent } from '../constants'

/**
 * SPEC §9 tracking codes come in two sets that share numbers (5 is both projectExported and
 * enterPaymentInformation), so every event carries its set: `usage` or `payment`.
 */
export const TRACKING_CATEGORIES = ['usage', 'payment'] as const
export type TrackingCategory = (typeof TRACKING_CATEGORIES)[number]

export interface TrackingEventInfo {
  category: TrackingCategory
  code: number
  name: string
  label: string
}

const usageLabels: Record<keyof typeof TrackingEvent, string> = {
  userLogin: 'Logins',
  quickCreatesMade: 'Quick creates made',
  quickCreatesDownloaded: 'Quick creates downloaded',
  projectCreated: 'Projects created',
  projectExported: 'Projects exported',
  projectDownloaded: 'Projects downloaded',
  avatarCreated: 'Avatars created',
  avatarSaved: 'Avatars saved',
  dialogCreated: 'Dialogs created',
  refreshQuickCreate: 'Quick create refreshes',
  refreshFullEditor: 'Full editor refreshes',
}
const paymentLabels: Record<keyof typeof PaymentStep, string> = {
  enterPaymentInformation: 'Entered payment information',
  clickFreeTrial: 'Clicked free trial',
  visitPage: 'Visited payment page',
}

/** Every known event, in code order per set. */
export const TRACKING_EVENTS: readonly TrackingEventInfo[] = [
  ...Object.entries(TrackingEvent).map(([name, code]) => ({
    category: 'usage' as const,
    code,
    name,
    label: usageLabels[name as keyof typeof TrackingEvent],
  })),
  ...Object.entries(PaymentStep).map(([name, code]) => ({
    category: 'payment' as const,
    code,
    name,
    label: paymentLabels[name as keyof typeof PaymentStep],
  })),
].sort((a, b) => (a.category === b.category ? a.code - b.code : a.category === 'usage' ? -1 : 1))

export const eventsOf = (category: TrackingCategory) => TRACKING_EVENTS.filter((e) => e.category === category)
export const isKnownEvent = (category: TrackingCategory, code: number) =>
  TRACKING_EVENTS.some((e) => e.category === category && e.code === code)

export const TRACKING_DATA_MAX_BYTES = 4096
export const UNKNOWN_EVENT_MESSAGE = 'Unknown tracking event'
export const ANONYMOUS_ID_REQUIRED_MESSAGE = 'anonymous_id is required when not signed in'

/** SPEC §7 "customer-tracking {event code, data}". */
export const CustomerTrackingBody = z
  .object({
    event: z.coerce.number({ error: UNKNOWN_EVENT_MESSAGE }).int(UNKNOWN_EVENT_MESSAGE),
    category: z.enum(TRACKING_CATEGORIES, { error: 'category must be usage or payment' }).default('usage'),
    data: z
      .record(z.string(), z.unknown())
      .refine(
        (d) => JSON.stringify(d).length <= TRACKING_DATA_MAX_BYTES,
        `data must be at most ${TRACKING_DATA_MAX_BYTES} bytes`,
      )
      .default({}),
    /** The browser's own random id, so visitors are counted before they sign in. */
    anonymous_id: z.uuid({ error: 'anonymous_id must be a UUID' }).optional(),
  })
  .superRefine((b, ctx) => {
    if (!isKnownEvent(b.category, b.event))
      ctx.addIssue({ code: 'custom', path: ['event'], message: UNKNOWN_EVENT_MESSAGE })
  })
export type CustomerTrackingBody = z.input<typeof CustomerTrackingBody>

/** One customer (a user, or an anonymous browser) and how often they did each event of a set. */
export const CustomerSummary = z.object({
  /** The user id, or the anonymous id for visitors who never signed in. */
  id: z.string(),
  kind: z.enum(['user', 'anonymous']),
  user: z.object({ id: z.number().int(), username: z.string(), email: z.string() }).nullable(),
  /** Event code → count. */
  counts: z.record(z.string(), z.number().int()),
  total: z.number().int(),
  first_at: z.string(),
  last_at: z.string(),
})
export type CustomerSummary = z.infer<typeof CustomerSummary>

export const TrackedEvent = z.object({
  id: z.number().int(),
  category: z.enum(TRACKING_CATEGORIES),
  event: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
})
export type TrackedEvent = z.infer<typeof TrackedEvent>

/** "sorted analysis data": most recent first, most events first, or most of one event first. */
export const SummarySort = z
  .string()
  .regex(/^(recent|total|event:\d{1,3})$/, 'sort must be recent, total or event:<code>')
  .default('recent')
