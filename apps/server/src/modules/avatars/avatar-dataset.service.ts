import { eq, sql } from 'drizzle-orm'
import { LookPrompt } from '@mouthpiece/contracts/media/avatar.schemas'
import { AVATAR_DATASET_PER_PAGE } from '@mouthpiece/contracts/avatars/avatar-dataset.contract'
import type { AvatarDatasetItem } from '@mouthpiece/contracts/avatars/avatar-dataset.contract'
import { escapeLike, listPage } from '../../platform/db/list-query'
import type { ListSpec, RowOf } from '../../platform/db/list-query'
import { audited } from '../audit'
import type { AuditActor } from '../audit'
import { lookForPrompt } from '../../platform/media'
import { users } from '../users/users.table'
import * as repo from './avatars.repo'
import { customAvatars } from './avatars.table'
import type { CustomAvatarRow } from './avatars.table'
import { avatarNotFound, customPreview, stillOf, storePreview } from './avatars.service'
import type { AvatarsDeps } from './avatars.deps'

const owner = (col: 'username' | 'email') =>
  sql<string>`coalesce((select u.${sql.raw(col)} from ${users} u where u.id = ${customAvatars}."user_id"), '')`

const fields = {
  id: customAvatars.id,
  name: customAvatars.name,
  user_id: customAvatars.user_id,
  prompt: customAvatars.prompt,
  look: customAvatars.look,
  variation: customAvatars.variation,
  created_at: customAvatars.created_at,
  updated_at: customAvatars.updated_at,
  username: owner('username').as('username'),
  email: owner('email').as('email'),
}
const spec: ListSpec<typeof fields> = {
  table: customAvatars,
  fields,
  id: customAvatars.id,
  sortable: { created_at: customAvatars.created_at },
  defaultSort: 'created_at',
}

function present(r: RowOf<typeof fields>): AvatarDatasetItem {
  return {
    id: r.id,
    name: r.name,
    user_id: r.user_id,
    username: r.username,
    email: r.email,
    prompt: r.prompt,
    variation: r.variation,
    kind: r.look.photo ? 'photo' : 'cartoon',
    preview_url: `/api/admin/avatar-dataset/${r.id}/preview.png?v=${r.variation}-${r.updated_at.getTime()}`,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }
}

/** SPEC §7 admin "avatar dataset {page, keySearch}": every user's custom avatars, newest first. */
export async function listDataset(deps: Pick<AvatarsDeps, 'db'>, q: { page: number; keySearch?: string }) {
  const k = q.keySearch?.trim()
  const like = k ? `%${escapeLike(k)}%` : undefined
  // Owners are found first (an index-backed search of users), then their avatars by user id.
  const where = like
    ? sql`(${customAvatars.name} ilike ${like} or ${customAvatars.user_id} in (select u.id from ${users} u where u.username ilike ${like} or u.email ilike ${like}))`
    : undefined
  const page = await listPage(deps.db, spec, {
    where,
    page: q.page,
    perPage: AVATAR_DATASET_PER_PAGE,
    dir: 'desc',
  })
  return { list: page.list.map(present), total: page.total, lastPage: page.lastPage }
}

async function findRow(deps: Pick<AvatarsDeps, 'db'>, id: number) {
  const [row] = await deps.db.select(fields).from(customAvatars).where(eq(customAvatars.id, id))
  if (!row) throw avatarNotFound()
  return row
}

/**
 * SPEC §7 admin "update dataset": the admin renames a user's avatar or changes its look prompt
 * (redrawn as the owner's own edit would be, the photo kept), with the audit entry in the same
 * transaction. Not counted as the owner's avatarSaved: the owner did not do it.
 */
export async function updateDataset(
  deps: AvatarsDeps,
  actor: AuditActor,
  body: { id: number; name?: string; prompt?: LookPrompt },
) {
  const current = await findRow(deps, body.id)
  const prompt = body.prompt ? LookPrompt.parse(body.prompt) : undefined
  const look = prompt ? { ...lookForPrompt(prompt, 0), photo: current.look.photo } : undefined
  // Drawn before the transaction: a busy server (503) changes nothing.
  const png = look ? await stillOf(deps, look) : undefined
  const before = { name: current.name, prompt: current.prompt }
  const afterOf = (row: CustomAvatarRow) => ({ name: row.name, prompt: row.prompt })
  const updated = await deps.db.transaction((tx) =>
    audited(
      tx,
      actor,
      'avatars.dataset-update',
      { target: { type: 'custom_avatar', id: body.id }, before, afterOf },
      async () => {
        const row = await repo.updateCustomAvatar(tx, current.user_id, body.id, {
          ...(body.name ? { name: body.name } : {}),
          ...(prompt ? { prompt, variation: 0, look } : {}),
        })
        if (!row) throw avatarNotFound()
        return row
      },
    ),
  )
  if (png) await storePreview(deps, updated, png)
  return present(await findRow(deps, body.id))
}

export async function datasetPreview(deps: AvatarsDeps, id: number) {
  const row = await findRow(deps, id)
  return customPreview(deps, row.user_id, id)
}
