import { FREE_ENTITLEMENTS } from '@mouthpiece/contracts/payments/payments.schemas'
import type { CurrentEntitlements, Resolution } from '@mouthpiece/contracts/payments/payments.schemas'
import type { Queryable } from '../../platform/db/client'
import { AppError } from '../../platform/http/errors'
import type { PlanRow } from './payments.table'
import * as repo from './payments.repo'
import { grantsPlan } from './payments.deps'

const RESOLUTION_RANK: Record<Resolution, number> = { '720p': 1, '1080p': 2 }

/**
 * What a user may do this month: their paid plan's entitlements while it is active (past_due
 * keeps them during the provider's retries), else a running free trial's, else the Free level.
 * Other modules call this to gate features.
 */
export async function getEntitlements(
  db: Queryable,
  userId: number,
  now = new Date(),
): Promise<CurrentEntitlements> {
  const paid = await repo.findLivePaid(db, userId)
  const trial = await repo.findTrial(db, userId)
  const granting = [paid, trial].find((s) => s && grantsPlan(s, now))
  const plan = granting ? await repo.findPlan(db, granting.plan_id) : undefined
  if (!plan) return FREE_ENTITLEMENTS
  return { plan_slug: plan.slug, plan_name: plan.name, ...plan.entitlements }
}

export interface EntitlementNeed {
  resolution?: Resolution
  /** Render minutes already used this month and the minutes the new job needs. */
  renderMinutes?: { used: number; requested: number }
  /** Alerts already played this month and how many more are wanted (default 1). */
  alerts?: { used: number; requested?: number }
}

/**
 * Throws 403 `upgrade_required` with a message naming the plan that would allow it, e.g.
 * 'Your plan allows 720p. Upgrade to Pro for 1080p.'
 */
export async function assertEntitled(
  db: Queryable,
  userId: number,
  need: EntitlementNeed,
): Promise<CurrentEntitlements> {
  const ent = await getEntitlements(db, userId)
  const plans = (await repo.listPlans(db, { activeOnly: true })).filter((p) => !p.is_trial)
  const cheapest = (ok: (p: PlanRow) => boolean) =>
    plans.filter(ok).sort((a, b) => a.price_cents - b.price_cents)[0]
  const upgrade = (plan: PlanRow | undefined, what: string) =>
    plan && plan.slug !== ent.plan_slug ? ` Upgrade to ${plan.name} for ${what}.` : ''
  const deny = (message: string) => new AppError('upgrade_required', message, 403)

  if (need.resolution && RESOLUTION_RANK[need.resolution] > RESOLUTION_RANK[ent.max_resolution]) {
    const res = need.resolution
    const plan = cheapest((p) => RESOLUTION_RANK[p.entitlements.max_resolution] >= RESOLUTION_RANK[res])
    throw deny(`Your plan allows ${ent.max_resolution}.${upgrade(plan, res)}`)
  }
  if (need.renderMinutes) {
    const { used, requested } = need.renderMinutes
    if (used + requested > ent.render_minutes_per_month) {
      const plan = cheapest((p) => p.entitlements.render_minutes_per_month >= used + requested)
      const left = Math.max(0, ent.render_minutes_per_month - used)
      throw deny(
        `Your plan includes ${ent.render_minutes_per_month} render minutes a month and ${left} are left.${upgrade(plan, `${plan?.entitlements.render_minutes_per_month ?? 0} minutes a month`)}`,
      )
    }
  }
  if (need.alerts) {
    const wanted = need.alerts.used + (need.alerts.requested ?? 1)
    if (wanted > ent.alerts_per_month) {
      const plan = cheapest((p) => p.entitlements.alerts_per_month >= wanted)
      throw deny(
        `Your plan includes ${ent.alerts_per_month} alerts a month.${upgrade(plan, `${plan?.entitlements.alerts_per_month ?? 0} alerts a month`)}`,
      )
    }
  }
  return ent
}
