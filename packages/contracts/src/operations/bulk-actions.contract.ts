import { z } from 'zod'
import { defineRoute } from '../define-route'
import { FinalVideoFilter } from '../backoffice/final-videos.contract'
import { UserFilter } from '../users/users.contract'

/**
 * An action on everything matching a filter (not only the page on screen), run as a background
 * job: first a dry run tells how many rows it would touch, then the job works through them in
 * batches, audits each change and leaves a report.
 */
export const BULK_USER_ACTIONS = ['disable', 'enable', 'delete'] as const
export const BULK_FINAL_VIDEO_ACTIONS = ['delete'] as const
export const BULK_TARGETS = ['users', 'final_videos'] as const
/** Most rows an admin can tick one by one; beyond that, "select all N matching" sends the filter alone. */
export const BULK_MAX_SELECTED = 500
const selected = <T extends z.ZodType<string>>(id: T) =>
  z
    .array(id)
    .min(1, { error: 'Select at least one row' })
    .max(BULK_MAX_SELECTED, { error: `Select at most ${BULK_MAX_SELECTED} rows, or select all matching` })
    .optional()
/** The filter of a bulk action; `ids` (rows ticked on screen) narrows it to those rows. */
export const BulkUserFilter = UserFilter.extend({
  ids: selected(z.string().regex(/^\d{1,12}$/, { error: 'ids must be user ids' })),
})
export const BulkFinalVideoFilter = FinalVideoFilter.extend({
  ids: selected(z.uuid({ error: 'ids must be video ids' })),
})
export const BulkActionInput = z.discriminatedUnion(
  'target',
  [
    z.object({
      target: z.literal('users'),
      action: z.enum(BULK_USER_ACTIONS, { error: `action must be one of ${BULK_USER_ACTIONS.join(', ')}` }),
      filter: BulkUserFilter,
    }),
    z.object({
      target: z.literal('final_videos'),
      action: z.enum(BULK_FINAL_VIDEO_ACTIONS, {
        error: `action must be one of ${BULK_FINAL_VIDEO_ACTIONS.join(', ')}`,
      }),
      filter: BulkFinalVideoFilter,
    }),
  ],
  { error: `target must be one of ${BULK_TARGETS.join(', ')}` },
)
export type BulkActionInput = z.infer<typeof BulkActionInput>

export const BULK_ACTION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const
export const BulkAction = z.object({
  id: z.string(),
  target: z.string(),
  action: z.string(),
  filter: z.record(z.string(), z.unknown()),
  status: z.enum(BULK_ACTION_STATUSES),
  /** Rows matching when the job started (the dry run's figure may have moved since). */
  total: z.number().int(),
  processed: z.number().int(),
  changed: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Up to 100 failures with the row and the reason. */
  errors: z.array(z.object({ id: z.string(), message: z.string() })),
  created_by: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
})
export type BulkAction = z.infer<typeof BulkAction>

export const previewBulkAction = defineRoute({
  method: 'POST',
  path: '/api/admin/bulk-actions/preview',
  auth: 'admin',
  summary: 'Dry run: how many rows the action would touch',
  body: BulkActionInput,
  response: z.object({ count: z.number().int() }),
})
export const startBulkAction = defineRoute({
  method: 'POST',
  path: '/api/admin/bulk-actions',
  auth: 'admin',
  summary: 'Start a bulk action as a background job',
  body: BulkActionInput.and(
    z.object({
      /** The dry run's count the admin confirmed; more matches than this refuses the run. */
      confirm_count: z.number({ error: 'confirm_count must be the dry run count' }).int().min(0),
    }),
  ),
  response: z.object({ bulk_action: BulkAction }),
})
export const getBulkAction = defineRoute({
  method: 'GET',
  path: '/api/admin/bulk-actions/:id',
  auth: 'admin',
  params: z.object({ id: z.uuid({ error: 'Unknown bulk action' }) }),
  response: z.object({ bulk_action: BulkAction }),
})
export const listBulkActions = defineRoute({
  method: 'GET',
  path: '/api/admin/bulk-actions',
  auth: 'admin',
  response: z.object({ list: z.array(BulkAction) }),
})
