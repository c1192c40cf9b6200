import { asc, count, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { ONBOARDING_STEP_KEYS, ONBOARDING_STEPS } from '@mouthpiece/contracts/backoffice/onboarding.contract'
import type { OnboardingStepKey } from '@mouthpiece/contracts/backoffice/onboarding.contract'
import type { Queryable } from '../../platform/db/client'
import { allUserIds } from '../users'
import { onboardingSteps } from './onboarding.table'
import type { OnboardingStepRow } from './onboarding.table'

/**
 * When a step is done, as SQL over the user's own data with `uid` the user's id column: a
 * connected platform account, a finished video, an alert avatar set up, a project, a custom avatar.
 */
const DONE: Record<OnboardingStepKey, (uid: SQL) => SQL> = {
  connect_channel: (uid) => sql`exists (select 1 from connected_accounts c where c.user_id = ${uid})`,
  first_video: (uid) =>
    sql`exists (select 1 from renders r where r.user_id = ${uid} and r.kind = 'video' and r.status = 3)`,
  setup_alerts: (uid) => sql`exists (select 1 from avatar_setups a where a.user_id = ${uid})`,
  create_project: (uid) => sql`exists (select 1 from projects p where p.user_id = ${uid})`,
  custom_avatar: (uid) => sql`exists (select 1 from custom_avatars ca where ca.user_id = ${uid})`,
}

export async function listSteps(db: Queryable): Promise<OnboardingStepRow[]> {
  return db.select().from(onboardingSteps).orderBy(asc(onboardingSteps.position))
}

/** Inserts any step the table lacks with the default texts (a new step in code shows up at the end). */
export async function seedSteps(db: Queryable): Promise<void> {
  await db
    .insert(onboardingSteps)
    .values(
      ONBOARDING_STEP_KEYS.map((key, i) => ({
        key,
        position: i + 1,
        title: ONBOARDING_STEPS[key].title,
        body: ONBOARDING_STEPS[key].body,
        cta_label: ONBOARDING_STEPS[key].cta_label,
      })),
    )
    .onConflictDoNothing()
}

/** Which steps one user has done. */
export async function doneFor(db: Queryable, userId: number): Promise<Record<OnboardingStepKey, boolean>> {
  const uid = sql`${userId}::int`
  const cols = Object.fromEntries(ONBOARDING_STEP_KEYS.map((k) => [k, DONE[k](uid).mapWith(Boolean)]))
  const [row] = await db.select(cols).from(sql`(select 1) one`)
  return row as Record<OnboardingStepKey, boolean>
}

/** For each step, how many users have done it; plus all users and those who did every enabled step. */
export async function completionCounts(db: Queryable, enabled: OnboardingStepKey[]) {
  const uid = sql`u.id`
  const cols: Record<string, SQL.Aliased<number>> = Object.fromEntries(
    ONBOARDING_STEP_KEYS.map((k) => [
      k,
      sql<number>`count(*) filter (where ${DONE[k](uid)})`.mapWith(Number).as(k),
    ]),
  )
  const all = enabled.length
    ? sql.join(
        enabled.map((k) => DONE[k](uid)),
        sql` and `,
      )
    : sql`false`
  const [row] = await db
    .select({
      ...cols,
      users: count(),
      all_done: sql<number>`count(*) filter (where ${all})`.mapWith(Number),
    })
    .from(sql`(${allUserIds()}) u`)
  return row as unknown as Record<OnboardingStepKey, number> & { users: number; all_done: number }
}

export async function saveSteps(
  db: Queryable,
  steps: Array<{ key: OnboardingStepKey; title: string; body: string; cta_label: string; enabled: boolean }>,
) {
  for (const [i, s] of steps.entries()) {
    await db
      .insert(onboardingSteps)
      .values({ ...s, position: i + 1 })
      .onConflictDoUpdate({
        target: onboardingSteps.key,
        set: {
          title: s.title,
          body: s.body,
          cta_label: s.cta_label,
          enabled: s.enabled,
          position: i + 1,
          updated_at: new Date(),
        },
      })
  }
}
