import type { BulkAction, BulkActionInput } from '@mouthpiece/contracts/operations/bulk-actions.contract'
import type { Queryable } from '../../platform/db/client'
import { deleteFinalVideoIn } from '../backoffice'
import { countFinalVideos, nextFinalVideoIds, removeRenderFiles } from '../renders'
import type { OperationsDeps } from './operations.deps'
import { AppError, notFound } from '../../platform/http/errors'
import { recordAudit } from '../audit'
import type { AdminAuditActor } from '../audit'
import {
  afterEnabledChange,
  changeUser,
  countUsersMatching,
  deleteUser,
  findUserById,
  nextUserIdsMatching,
} from '../users'
import * as repo from './bulk-actions.repo'
import { BULK_QUEUE } from './operations.queues'
import type { BulkActionRow } from './operations.table'

type AdminActor = AdminAuditActor

/** Rows per transaction-sized step; the progress bar moves once per batch. */
export const BULK_BATCH = 100

export function presentBulkAction(row: BulkActionRow): BulkAction {
  return {
    id: row.id,
    target: row.target,
    action: row.action,
    filter: row.filter,
    status: row.status,
    total: row.total,
    processed: row.processed,
    changed: row.changed,
    skipped: row.skipped,
    failed: row.failed,
    errors: row.errors,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  }
}

/**
 * What a bulk action can act on. Each target counts and lists (keyset by id) the rows its filter
 * matches with the same SQL as its admin list, and applies the action to one row in its own
 * transaction with the audit entry.
 */
interface BulkTarget {
  noun: string
  count: (db: Queryable, filter: Record<string, unknown>) => Promise<number>
  nextIds: (
    db: Queryable,
    filter: Record<string, unknown>,
    cursor: string | null,
    limit: number,
  ) => Promise<string[]>
  apply: (
    deps: OperationsDeps,
    row: BulkActionRow,
    actor: AdminActor,
    id: string,
  ) => Promise<'changed' | 'skipped'>
}

const TARGETS: Record<BulkActionInput['target'], BulkTarget> = {
  users: {
    noun: 'users',
    count: (db, f) => countUsersMatching(db, f),
    nextIds: async (db, f, cursor, limit) =>
      (await nextUserIdsMatching(db, f, cursor === null ? null : Number(cursor), limit)).map(String),
    apply: (deps, row, actor, id) => applyToUser(deps, row, actor, Number(id)),
  },
  final_videos: {
    noun: 'videos',
    count: (db, f) => countFinalVideos(db, f),
    nextIds: (db, f, cursor, limit) => nextFinalVideoIds(db, f, cursor, limit),
    apply: async (deps, row, actor, id) => {
      const deleted = await deps.db.transaction((tx) =>
        deleteFinalVideoIn(tx, actor, id, { bulk_action_id: row.id }),
      )
      if (!deleted) return 'skipped' // deleted since the batch was read
      await removeRenderFiles(deps.storage, deleted.id, deleted.files)
      return 'changed'
    },
  },
}

/** The dry run: how many rows the filter matches now. Nothing changes. */
export async function preview(deps: OperationsDeps, input: BulkActionInput): Promise<number> {
  return TARGETS[input.target].count(deps.db, input.filter)
}

/**
 * Starts the job. The admin confirmed the dry run's count; if the filter now matches more rows
 * than that, the run is refused (the admin would act on rows they never saw counted).
 */
export async function start(
  deps: OperationsDeps,
  actor: AdminActor,
  input: BulkActionInput & { confirm_count: number },
): Promise<BulkAction> {
  const target = TARGETS[input.target]
  const row = await deps.db.transaction(async (tx) => {
    const total = await target.count(tx, input.filter)
    if (total === 0) throw new AppError('bulk_nothing', `No ${target.noun} match this filter.`, 422)
    if (total > input.confirm_count)
      throw new AppError(
        'bulk_count_changed',
        `The filter now matches ${total} ${target.noun}, more than the ${input.confirm_count} you confirmed. Run the dry run again.`,
        409,
      )
    const created = await repo.insertBulkAction(tx, {
      target: input.target,
      action: input.action,
      filter: input.filter,
      total,
      created_by_id: actor.id,
      created_by: actor.name,
    })
    await recordAudit(tx, actor, `bulk-actions.${input.target}.${input.action}`, {
      target: { type: 'bulk_action', id: created.id },
      meta: { filter: input.filter, total },
    })
    await deps.queue.send(BULK_QUEUE, { id: created.id }, { tx, singletonKey: created.id })
    return created
  })
  return presentBulkAction(row)
}

export async function get(deps: OperationsDeps, id: string): Promise<BulkAction> {
  const row = await repo.findBulkAction(deps.db, id)
  if (!row) throw notFound('Bulk action')
  return presentBulkAction(row)
}

/** Whether a user already is what the action would make them (then it is skipped, not re-audited). */
async function applyToUser(
  deps: OperationsDeps,
  row: BulkActionRow,
  actor: AdminActor,
  userId: number,
): Promise<'changed' | 'skipped'> {
  const meta = { bulk_action_id: row.id }
  const outcome = await deps.db.transaction(async (tx) => {
    const current = await findUserById(tx, userId)
    if (!current) return 'skipped' as const // deleted since the batch was read
    if (row.action === 'delete') {
      await deleteUser(deps, tx, actor, userId, meta)
      return 'changed' as const
    }
    const enable = row.action === 'enable'
    if (current.is_enabled === enable) return 'skipped' as const
    return { before: current, after: await changeUser(tx, actor, userId, { is_enabled: enable }, meta) }
  })
  if (typeof outcome === 'string') return outcome
  await afterEnabledChange(deps, outcome.before.is_enabled, outcome.after)
  return 'changed'
}

/**
 * The job: works through the matching users in id order, one transaction per user (the change
 * and its audit entry), recording progress and the cursor after each batch. A retried job (crash,
 * redeploy) continues after the cursor; rows already changed are skipped, so nothing is done twice.
 */
export async function run(deps: OperationsDeps, id: string): Promise<void> {
  const row = await repo.findBulkAction(deps.db, id)
  if (!row || row.status === 'completed' || row.status === 'failed') return
  await repo.markRunning(deps.db, id)
  const actor: AdminActor = { kind: 'admin', id: row.created_by_id, name: row.created_by }
  const target = TARGETS[row.target as BulkActionInput['target']]
  if (!target) return repo.finish(deps.db, id, 'failed')
  let cursor = row.cursor
  for (;;) {
    const ids = await target.nextIds(deps.db, row.filter, cursor, BULK_BATCH)
    if (ids.length === 0) break
    const batch = {
      processed: 0,
      changed: 0,
      skipped: 0,
      errors: [] as Array<{ id: string; message: string }>,
      cursor: ids[ids.length - 1]!,
    }
    for (const rowId of ids) {
      batch.processed++
      try {
        batch[await target.apply(deps, row, actor, rowId)]++
      } catch (err) {
        batch.errors.push({ id: rowId, message: err instanceof Error ? err.message : String(err) })
      }
    }
    await repo.addProgress(deps.db, id, batch)
    cursor = batch.cursor
  }
  await repo.finish(deps.db, id, 'completed')
}
