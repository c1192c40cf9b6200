import type { DefaultPrompt } from '@mouthpiece/contracts/avatars/creators.contract'
import type { Db, Queryable } from '../../../platform/db/client'
import { auditedChange } from '../../audit'
import type { AdminAuditActor } from '../../audit'
import * as repo from './creators.repo'

/** SPEC §2 default-prompts: the look prompts the avatar editor offers, in the admin's order. */
export async function defaultPrompts(db: Queryable): Promise<DefaultPrompt[]> {
  const rows = await repo.listDefaultPrompts(db)
  return rows.map((r) => ({ label: r.label, prompt: r.prompt }))
}

/** Replaces the whole list (it is short and edited as one form). */
export async function saveDefaultPrompts(
  db: Db,
  actor: AdminAuditActor,
  prompts: DefaultPrompt[],
): Promise<DefaultPrompt[]> {
  await auditedChange(
    db,
    actor,
    'creators.default-prompts',
    { before: (tx) => defaultPrompts(tx) },
    async (tx) => {
      await repo.replaceDefaultPrompts(tx, prompts)
      return prompts
    },
  )
  return defaultPrompts(db)
}
