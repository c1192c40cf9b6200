import { z } from 'zod'
import { defineRoute } from '../define-route'

/** The /admin dashboard's live figures; each links into the list behind it. */
export const AdminFigures = z.object({
  users: z.object({ total: z.number().int(), today: z.number().int(), disabled: z.number().int() }),
  renders: z.object({
    today: z.number().int(),
    queued: z.number().int(),
    rendering: z.number().int(),
    failed_24h: z.number().int(),
  }),
  alerts: z.object({ spoken_today: z.number().int(), failed_24h: z.number().int() }),
  revenue: z.object({ today_cents: z.number().int(), last_30_days_cents: z.number().int() }),
  bulk_actions_running: z.number().int(),
  workers: z.object({ desired: z.number().int(), running: z.number().int() }).nullable(),
  generated_at: z.string(),
})
export type AdminFigures = z.infer<typeof AdminFigures>

export const adminDashboard = defineRoute({
  method: 'GET',
  path: '/api/admin/dashboard',
  auth: 'admin',
  summary: 'Live figures for the admin dashboard',
  response: AdminFigures,
})
