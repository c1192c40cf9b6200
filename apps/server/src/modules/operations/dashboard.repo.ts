import { sql } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'

/**
 * The dashboard's figures in one round trip. A read model over other modules' tables (users,
 * renders, alerts, payments, bulk actions): counting is all it does, so plain SQL reads best.
 * "Today" is the UTC day, as the rest of the back office counts it.
 */
export async function dashboardFigures(db: Queryable) {
  const result = await db.execute(sql`
    with today as (select date_trunc('day', now() at time zone 'utc') at time zone 'utc' as start)
    select
      (select count(*) from users)::int as users_total,
      (select count(*) from users, today where created_at >= today.start)::int as users_today,
      (select count(*) from users where not is_enabled)::int as users_disabled,
      (select count(*) from renders, today where created_at >= today.start)::int as renders_today,
      (select count(*) from renders where status = 1 and job_status = 1)::int as renders_queued,
      (select count(*) from renders where status = 1 and job_status = 2)::int as renders_rendering,
      (select count(*) from renders where status = 4 and updated_at > now() - interval '24 hours')::int as renders_failed,
      (select count(*) from alert_events, today where played_at >= today.start)::int as alerts_spoken,
      (select count(*) from alert_events where status = 'failed' and updated_at > now() - interval '24 hours')::int as alerts_failed,
      (select coalesce(sum(amount_cents), 0) from payments, today where status = 'succeeded' and created_at >= today.start)::int as revenue_today,
      (select coalesce(sum(amount_cents), 0) from payments where status = 'succeeded' and created_at > now() - interval '30 days')::int as revenue_30d,
      (select count(*) from bulk_actions where status in ('queued', 'running'))::int as bulk_running
    from today`)
  const { rows } = result as { rows: Array<Record<string, number>> }
  const r = rows[0]!
  return {
    users: { total: r.users_total!, today: r.users_today!, disabled: r.users_disabled! },
    renders: {
      today: r.renders_today!,
      queued: r.renders_queued!,
      rendering: r.renders_rendering!,
      failed_24h: r.renders_failed!,
    },
    alerts: { spoken_today: r.alerts_spoken!, failed_24h: r.alerts_failed! },
    revenue: { today_cents: r.revenue_today!, last_30_days_cents: r.revenue_30d! },
    bulk_actions_running: r.bulk_running!,
  }
}
