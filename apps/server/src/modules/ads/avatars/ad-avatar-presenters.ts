/**
 * Ad avatars as presenters (SPEC §4 ad audio flow, selectAvatar): what users may pick — active ad
 * avatars with a talking photo — and the avatar a render speaks with when one is picked.
 */
import type { AdAvatarChoice } from '@mouthpiece/contracts/ads/avatars.contract'
import { AD_AVATAR_NOT_FOUND } from '@mouthpiece/contracts/ads/avatars.contract'
import type { Queryable } from '../../../platform/db/client'
import { AppError } from '../../../platform/http/errors'
import { chooseAvatar } from '../../avatars'
import type { ChosenAvatar } from '../../avatars'
import { findPickable, listPickable } from './ad-avatars.repo'
import type { AdAvatarRow } from './ad-avatars.table'

export async function listPickableAdAvatars(db: Queryable): Promise<AdAvatarChoice[]> {
  const rows = await listPickable(db)
  return rows.map((a) => ({
    id: a.id,
    name: a.name,
    description: a.description,
    voice_id: a.voice_id,
    photo_url: a.presenter!.look.photo!.src,
  }))
}

/** A pickable ad avatar; hidden ones and pictures without a talking photo are "not found" to users. */
export async function findPickableAdAvatar(
  db: Queryable,
  id: number,
): Promise<AdAvatarRow & { presenter: NonNullable<AdAvatarRow['presenter']> }> {
  const row = await findPickable(db, id)
  if (!row?.presenter?.look.photo)
    throw new AppError('not_found', AD_AVATAR_NOT_FOUND, 404, { ad_avatar_id: [AD_AVATAR_NOT_FOUND] })
  return row as AdAvatarRow & { presenter: NonNullable<AdAvatarRow['presenter']> }
}

/** The render's avatar: the talking photo, in the admin's chosen voice or else the default influencer's. */
export async function chooseAdAvatar(db: Queryable, userId: number, id: number): Promise<ChosenAvatar> {
  const row = await findPickableAdAvatar(db, id)
  const voice = row.voice_id ?? (await chooseAvatar(db, userId, {})).voice_id
  return {
    influencer_id: null,
    custom_avatar_id: null,
    name: row.name,
    look: row.presenter.look,
    voice_id: voice,
    emotion: 'Neutral',
  }
}
