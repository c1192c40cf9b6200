import { ONBOARDING_STEPS } from '@mouthpiece/contracts/backoffice/onboarding.contract'
import type {
  AdminOnboardingStep,
  ChecklistStep,
  OnboardingStepKey,
} from '@mouthpiece/contracts/backoffice/onboarding.contract'
import type { OnboardingDeps } from './onboarding.deps'
import { audited } from '../audit'
import type { AuditActor } from '../audit'
import * as repo from './onboarding.repo'
import type { OnboardingStepRow } from './onboarding.table'

const known = (r: OnboardingStepRow): r is OnboardingStepRow & { key: OnboardingStepKey } =>
  r.key in ONBOARDING_STEPS
const texts = (r: OnboardingStepRow) => ({ title: r.title, body: r.body, cta_label: r.cta_label })

export async function seedOnboarding(deps: OnboardingDeps) {
  await repo.seedSteps(deps.db)
}

/** The signed-in user's checklist: the enabled steps in the admin's order, each done or not. */
export async function checklist(deps: OnboardingDeps, userId: number) {
  const [rows, done] = await Promise.all([repo.listSteps(deps.db), repo.doneFor(deps.db, userId)])
  const steps: ChecklistStep[] = rows
    .filter(known)
    .filter((r) => r.enabled)
    .map((r) => ({ key: r.key, link: ONBOARDING_STEPS[r.key].link, ...texts(r), done: done[r.key] }))
  return { steps, done: steps.filter((s) => s.done).length, total: steps.length }
}

export async function adminView(deps: OnboardingDeps) {
  const rows = (await repo.listSteps(deps.db)).filter(known)
  const counts = await repo.completionCounts(
    deps.db,
    rows.filter((r) => r.enabled).map((r) => r.key),
  )
  const steps: AdminOnboardingStep[] = rows.map((r) => ({
    key: r.key,
    link: ONBOARDING_STEPS[r.key].link,
    ...texts(r),
    enabled: r.enabled,
    completed: counts[r.key],
    rate: counts.users ? counts[r.key] / counts.users : 0,
  }))
  return { steps, users: counts.users, all_done: counts.all_done }
}

export async function save(
  deps: OnboardingDeps,
  actor: AuditActor,
  steps: Array<{ key: OnboardingStepKey; title: string; body: string; cta_label: string; enabled: boolean }>,
) {
  await deps.db.transaction(async (tx) => {
    const before = (await repo.listSteps(tx)).map((r) => ({ key: r.key, ...texts(r), enabled: r.enabled }))
    await audited(
      tx,
      actor,
      'onboarding.save',
      { target: { type: 'onboarding', id: 'checklist' }, before, after: steps },
      () => repo.saveSteps(tx, steps),
    )
  })
  return adminView(deps)
}
