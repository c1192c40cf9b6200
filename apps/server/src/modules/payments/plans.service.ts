import type { SubscriptionPlan } from '@mouthpiece/contracts/payments/payments.schemas'
import type { adminCreatePlan, adminUpdatePlan } from '@mouthpiece/contracts/payments/payments.contract'
import type { RouteBody } from '@mouthpiece/contracts/define-route'
import type { Platform } from '../../platform/context'
import type { Queryable } from '../../platform/db/client'
import { AppError, fieldError, notFound } from '../../platform/http/errors'
import type { PlanRow } from './payments.table'
import * as repo from './payments.repo'

/**
 * The seeded plans (docs/decisions/0004-payments-provider-plans-entitlements.md). Alerts per month follow the SPEC §9 alert
 * pricing tiers: Creator's price is the 300-alert tier ($59), Pro's the 850-alert tier ($145);
 * render minutes and the resolution are what separates them for video.
 */
export const SEEDED_PLANS: repo.NewPlan[] = [
  {
    slug: 'free-trial',
    name: 'Free Trial',
    price_cents: 0,
    trial_days: 14,
    is_trial: true,
    sort_order: 0,
    description: 'Try Mouthpiece for 14 days, no card needed.',
    entitlements: { render_minutes_per_month: 30, max_resolution: '1080p', alerts_per_month: 50 },
    // The entitlement lines (minutes, resolution, alerts) are drawn from `entitlements` (entitlementLines).
    features: ['14 days free, no card needed'],
  },
  {
    slug: 'creator',
    name: 'Creator',
    price_cents: 5_900,
    sort_order: 1,
    description: 'For creators publishing every week.',
    // 1080p: a paid plan never gives less than the free trial (issue 24).
    entitlements: { render_minutes_per_month: 120, max_resolution: '1080p', alerts_per_month: 300 },
    features: [],
  },
  {
    slug: 'pro',
    name: 'Pro',
    price_cents: 14_500,
    sort_order: 2,
    description: 'For full-time streamers and teams.',
    entitlements: { render_minutes_per_month: 600, max_resolution: '1080p', alerts_per_month: 850 },
    features: ['Priority rendering'],
  },
]

/** Start-up seeding: adds missing plans, never overwrites an admin's edits. */
export async function seedPlans({ db }: Pick<Platform, 'db'>) {
  await repo.insertMissingPlans(db, SEEDED_PLANS)
}

export function presentPlan(row: PlanRow): SubscriptionPlan {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price_cents: row.price_cents,
    currency: row.currency,
    interval: 'month',
    trial_days: row.trial_days,
    is_trial: row.is_trial,
    features: row.features,
    entitlements: row.entitlements,
    is_active: row.is_active,
    sort_order: row.sort_order,
  }
}

export async function listPlans(db: Queryable, opts: { activeOnly: boolean }): Promise<SubscriptionPlan[]> {
  return (await repo.listPlans(db, opts)).map(presentPlan)
}

/** A plan is a trial exactly when it has trial days; a trial is free. */
function checkTrialRules(plan: { price_cents: number; trial_days: number }) {
  if (plan.trial_days > 0 && plan.price_cents !== 0)
    throw fieldError('price_cents', 'A free trial plan must cost 0')
  if (plan.trial_days === 0 && plan.price_cents === 0)
    throw fieldError('price_cents', 'A paid plan must cost more than 0')
}

/** One plan as the admin sees it, or undefined. */
export async function getPlan(db: Queryable, id: number): Promise<SubscriptionPlan | undefined> {
  const row = await repo.findPlan(db, id)
  return row ? presentPlan(row) : undefined
}

export async function createPlan(
  db: Queryable,
  input: RouteBody<typeof adminCreatePlan>,
): Promise<SubscriptionPlan> {
  const plan = { description: '', trial_days: 0, features: [], is_active: true, sort_order: 0, ...input }
  checkTrialRules(plan)
  const row = await repo.insertPlan(db, { ...plan, is_trial: plan.trial_days > 0 })
  if (!row) throw fieldError('slug', 'A plan with this slug already exists')
  return presentPlan(row)
}

/**
 * Edits a plan. A new price gets a new Stripe Price on next use (Prices are immutable); people
 * already subscribed keep paying what they signed up for.
 */
export async function updatePlan(
  db: Queryable,
  id: number,
  input: RouteBody<typeof adminUpdatePlan>,
): Promise<SubscriptionPlan> {
  const current = await repo.findPlan(db, id)
  if (!current) throw notFound('Subscription plan')
  const next = { ...current, ...input }
  checkTrialRules(next)
  if (current.is_trial !== next.trial_days > 0)
    throw new AppError('validation', 'A plan cannot switch between free trial and paid', 422)
  const priceChanged = next.price_cents !== current.price_cents || next.currency !== current.currency
  const row = await repo.updatePlan(db, id, { ...input, ...(priceChanged ? { stripe_price_id: null } : {}) })
  if (!row) throw notFound('Subscription plan')
  return presentPlan(row)
}
