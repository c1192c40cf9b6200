import { and, asc, count, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import {
  LIVE_STATUSES,
  paymentCustomers,
  paymentMethods,
  payments,
  processedWebhookEvents,
  subscriptionPlans,
  subscriptions,
} from './payments.table'
import type { MethodRow, PaymentRow, PlanRow, SubscriptionRow } from './payments.table'

// Plans
export async function listPlans(q: Queryable, opts: { activeOnly: boolean }): Promise<PlanRow[]> {
  return q
    .select()
    .from(subscriptionPlans)
    .where(opts.activeOnly ? eq(subscriptionPlans.is_active, true) : undefined)
    .orderBy(asc(subscriptionPlans.sort_order), asc(subscriptionPlans.price_cents), asc(subscriptionPlans.id))
}
export async function findPlan(q: Queryable, id: number): Promise<PlanRow | undefined> {
  const [row] = await q.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).limit(1)
  return row
}
export type NewPlan = typeof subscriptionPlans.$inferInsert
/** Inserts plans whose slug is not there yet; existing plans keep their admin edits. */
export async function insertMissingPlans(q: Queryable, plans: NewPlan[]): Promise<void> {
  if (plans.length)
    await q.insert(subscriptionPlans).values(plans).onConflictDoNothing({ target: subscriptionPlans.slug })
}
export async function insertPlan(q: Queryable, plan: NewPlan): Promise<PlanRow | undefined> {
  const [row] = await q
    .insert(subscriptionPlans)
    .values(plan)
    .onConflictDoNothing({ target: subscriptionPlans.slug })
    .returning()
  return row
}
export async function updatePlan(
  q: Queryable,
  id: number,
  changes: Partial<NewPlan>,
): Promise<PlanRow | undefined> {
  const [row] = await q
    .update(subscriptionPlans)
    .set({ ...changes, updated_at: sql`now()` })
    .where(eq(subscriptionPlans.id, id))
    .returning()
  return row
}
/** Remembers the Stripe Price, unless the plan's price changed meanwhile. */
export async function setPlanPrice(
  q: Queryable,
  id: number,
  priceCents: number,
  priceId: string,
): Promise<void> {
  await q
    .update(subscriptionPlans)
    .set({ stripe_price_id: priceId })
    .where(and(eq(subscriptionPlans.id, id), eq(subscriptionPlans.price_cents, priceCents)))
}

// Customers
export async function findCustomerId(
  q: Queryable,
  userId: number,
  provider: string,
): Promise<string | undefined> {
  const [row] = await q
    .select({ id: paymentCustomers.provider_customer_id })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.user_id, userId), eq(paymentCustomers.provider, provider)))
    .limit(1)
  return row?.id
}
export async function insertCustomer(
  q: Queryable,
  userId: number,
  provider: string,
  customerId: string,
): Promise<string> {
  await q
    .insert(paymentCustomers)
    .values({ user_id: userId, provider, provider_customer_id: customerId })
    .onConflictDoNothing()
  return (await findCustomerId(q, userId, provider)) ?? customerId
}

// Cards
export async function findMethod(
  q: Queryable,
  userId: number,
  provider: string,
): Promise<MethodRow | undefined> {
  const [row] = await q
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.user_id, userId), eq(paymentMethods.provider, provider)))
    .limit(1)
  return row
}
/** Swaps the card on file; answers the new row and the one it replaced. */
export async function replaceMethod(
  q: Queryable,
  row: typeof paymentMethods.$inferInsert,
): Promise<{ method: MethodRow; replaced: MethodRow | undefined }> {
  const [replaced] = await q
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.user_id, row.user_id), eq(paymentMethods.provider, row.provider)))
    .returning()
  const [method] = await q.insert(paymentMethods).values(row).returning()
  return { method: method!, replaced }
}
export async function deleteMethod(q: Queryable, id: number): Promise<void> {
  await q.delete(paymentMethods).where(eq(paymentMethods.id, id))
}

// Subscriptions
const live = inArray(subscriptions.status, [...LIVE_STATUSES])

/** The user's live paid subscription (at most one, by index), locked when asked. */
export async function findLivePaid(
  q: Queryable,
  userId: number,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = q
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.user_id, userId), ne(subscriptions.provider, 'local'), live))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}
export async function findTrial(
  q: Queryable,
  userId: number,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = q
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.user_id, userId), eq(subscriptions.provider, 'local')))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}
export async function findByProviderId(
  q: Queryable,
  provider: string,
  providerId: string,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = q
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.provider_subscription_id, providerId)))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}
export async function findSubscription(
  q: Queryable,
  id: number,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = q.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}
export async function countSubscriptions(q: Queryable, userId: number, planId: number): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.user_id, userId), eq(subscriptions.plan_id, planId)))
  return row?.n ?? 0
}
export async function insertSubscription(
  q: Queryable,
  row: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [inserted] = await q.insert(subscriptions).values(row).returning()
  return inserted!
}
export type SubscriptionChanges = Partial<
  Omit<typeof subscriptions.$inferInsert, 'id' | 'user_id' | 'created_at'>
>
export async function updateSubscription(
  q: Queryable,
  id: number,
  changes: SubscriptionChanges,
): Promise<SubscriptionRow> {
  const [row] = await q
    .update(subscriptions)
    .set({ ...changes, updated_at: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning()
  return row!
}
/** Free trials whose end has passed. */
export async function findEndedTrials(q: Queryable, now: Date): Promise<SubscriptionRow[]> {
  return q
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'local'),
        eq(subscriptions.status, 'trialing'),
        lte(subscriptions.current_period_end, now),
      ),
    )
    .limit(500)
}

// History
/** Records one attempt's outcome once; answers the row, or undefined when it was already there. */
export async function insertPaymentOnce(
  q: Queryable,
  row: typeof payments.$inferInsert,
): Promise<PaymentRow | undefined> {
  const [inserted] = await q
    .insert(payments)
    .values(row)
    .onConflictDoNothing({ target: payments.dedupe_key })
    .returning()
  return inserted
}
export async function findPaymentByKey(q: Queryable, dedupeKey: string): Promise<PaymentRow | undefined> {
  const [row] = await q.select().from(payments).where(eq(payments.dedupe_key, dedupeKey)).limit(1)
  return row
}
export async function listPayments(q: Queryable, userId: number, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(payments)
      .where(eq(payments.user_id, userId))
      .orderBy(desc(payments.created_at), desc(payments.id))
      .limit(limit)
      .offset(offset),
    q.select({ n: count() }).from(payments).where(eq(payments.user_id, userId)),
  ])
  return { rows, total: total?.n ?? 0 }
}

// Webhooks
/** True the first time an event id is seen; false for every redelivery. */
export async function markEventProcessed(
  q: Queryable,
  eventId: string,
  provider: string,
  type: string,
): Promise<boolean> {
  const rows = await q
    .insert(processedWebhookEvents)
    .values({ event_id: eventId, provider, type })
    .onConflictDoNothing()
    .returning()
  return rows.length > 0
}
