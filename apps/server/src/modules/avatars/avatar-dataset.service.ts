import { LookPrompt } from '@mouthpiece/contracts/media/avatar.schemas'
import { AVATAR_DATASET_PER_PAGE } from '@mouthpiece/contracts/avatars/avatar-dataset.contract'
import type { AvatarDatasetItem } from '@mouthpiece/contracts/avatars/avatar-dataset.contract'
import { escapeLike, listPage } from '../../platform/db/list-query'
import type { RowOf } from '../../platform/db/list-query'
import { audited } from '../audit'
import type { AuditActor } from '../audit'
import { lookForPrompt } from '../../platform/media'
import * as repo from './avatars.repo'
import type { datasetFields as fields } from './avatar-dataset.repo'
import { datasetSpec as spec, datasetWhere, findDatasetRow } from './avatar-dataset.repo'
import type { CustomAvatarRow } from './avatars.table'
import { avatarNotFound, customPreview, stillOf, storePreview } from './avatars.service'
import type { AvatarsDeps } from './avatars.deps'

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
  const where = like ? datasetWhere(like) : undefined
  const page = await listPage(deps.db, spec, {
    where,
    page: q.page,
    perPage: AVATAR_DATASET_PER_PAGE,
    dir: 'desc',
  })
  return { list: page.list.map(present), total: page.total, lastPage: page.lastPage }
}

async function findRow(deps: Pick<AvatarsDeps, 'db'>, id: number) {
  const row = await findDatasetRow(deps.db, id)
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
