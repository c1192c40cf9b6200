import {
  adminGetOnboarding,
  adminSaveOnboarding,
  getOnboarding,
} from '@mouthpiece/contracts/backoffice/onboarding.contract'
import type { HttpContext } from '../../platform/context'
import { auditActorOf } from '../audit'
import * as onboarding from './onboarding.service'

/** The dashboard checklist and its admin screen. */
export function registerOnboardingRoutes(ctx: HttpContext) {
  const { route } = ctx
  route(getOnboarding, async ({ actor }) => onboarding.checklist(ctx, actor.user.id))
  route(adminGetOnboarding, async () => onboarding.adminView(ctx))
  route(adminSaveOnboarding, async ({ body, actor }) => onboarding.save(ctx, auditActorOf(actor), body.steps))
}
