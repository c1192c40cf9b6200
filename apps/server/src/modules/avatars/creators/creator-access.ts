import type { CreatorAccess } from '@mouthpiece/contracts/avatars/creators.contract'
import type { Queryable } from '../../../platform/db/client'
import { getEntitlements } from '../../payments'
import type { InfluencerRow } from '../avatars.table'

/**
 * Who may see and use a creator (SPEC §2 creator-management "permission"): everyone when it names
 * no plan and no user; otherwise users on a named plan and users named one by one.
 */
const open = (a: CreatorAccess) => a.plans.length === 0 && a.user_ids.length === 0

/** Whether a user (null: a visitor) may see and use an influencer: everyone when unrestricted, else by plan or by name. */
export async function mayUse(
  db: Queryable,
  userId: number | null,
  row: Pick<InfluencerRow, 'access'>,
  planSlug?: string,
): Promise<boolean> {
  if (open(row.access)) return true
  if (userId === null) return false
  if (row.access.user_ids.includes(userId)) return true
  const plan = planSlug ?? (await getEntitlements(db, userId)).plan_slug
  return row.access.plans.includes(plan)
}

/** The influencers this user may pick (the plan is looked up once). */
export async function visibleTo<T extends Pick<InfluencerRow, 'access'>>(
  db: Queryable,
  userId: number | null,
  rows: T[],
): Promise<T[]> {
  if (rows.every((r) => open(r.access))) return rows
  const plan = userId === null ? undefined : (await getEntitlements(db, userId)).plan_slug
  const out: T[] = []
  for (const r of rows) if (await mayUse(db, userId, r, plan ?? '')) out.push(r)
  return out
}
