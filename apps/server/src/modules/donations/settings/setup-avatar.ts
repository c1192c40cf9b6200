/**
 * A setup's avatar, resolved on the server. A client chooses one (DonationAvatarChoice: an
 * influencer or creator by slug, one of its own custom avatars by id, or a drawn look) and never
 * sends a look that names a stored file. The stored DonationAvatar is resolved from the chosen
 * entity, checking the caller may use it, and resolved again wherever a setup is shown or drawn
 * (settings, overlay, tip page, previews, tip videos): a photo is always the current picture of an
 * avatar the setup's owner owns, or of a creator they may use — never a key copied from a request,
 * also for setups saved before this rule.
 */
import type { DonationAvatar, DonationAvatarChoice } from '@mouthpiece/contracts/donations/donations.schemas'
import { drawnLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { Storage } from '../../../platform/storage/storage'
import { chooseAvatar } from '../../avatars'
import type { DonationsDeps } from '../donations.deps'

type Db = DonationsDeps['db']
type Choice = { influencer_id: string | null; custom_avatar_id: number | null; look: DonationAvatar['look'] }

/** What a request chose, as stored: 404 "Avatar not found" for an avatar the caller may not use. */
export async function resolveChoice(
  db: Db,
  userId: number,
  choice: DonationAvatarChoice | Choice,
): Promise<DonationAvatar> {
  if (choice.custom_avatar_id != null) {
    const custom = await chooseAvatar(db, userId, { custom_avatar_id: choice.custom_avatar_id })
    return { influencer_id: null, custom_avatar_id: custom.custom_avatar_id, look: custom.look }
  }
  if (choice.influencer_id) {
    const chosen = await chooseAvatar(db, userId, { influencer_id: choice.influencer_id })
    // A creator added by an admin is not among the presets the overlay draws: its look travels with the setup.
    return { influencer_id: chosen.influencer_id, custom_avatar_id: null, look: chosen.look }
  }
  return { influencer_id: null, custom_avatar_id: null, look: choice.look ? drawnLook(choice.look) : null }
}

/** A stored setup's avatar as it is now; an avatar that is gone (or was never the owner's) leaves its drawn stand-in. */
export async function currentAvatar(db: Db, userId: number, stored: DonationAvatar): Promise<DonationAvatar> {
  const fallback = {
    influencer_id: null,
    custom_avatar_id: null,
    look: stored.look ? drawnLook(stored.look) : null,
  }
  if (stored.custom_avatar_id == null && !stored.influencer_id) return fallback
  return resolveChoice(db, userId, {
    influencer_id: stored.influencer_id,
    custom_avatar_id: stored.custom_avatar_id ?? null,
    look: null,
  }).catch(() => fallback)
}

/** For pages without a session (the OBS overlay, the public tip page): the pictures go out as signed links. */
export async function signedAvatar(
  storage: Storage,
  avatar: DonationAvatar,
  expiresInSeconds: number,
): Promise<DonationAvatar> {
  const photo = avatar.look?.photo
  if (!avatar.look || !photo) return avatar
  const sign = (key: string) => storage.url(key, { expiresInSeconds })
  const bg = photo.background
  const background = bg?.mode === 'image' ? { ...bg, src: await sign(bg.key) } : bg
  return {
    ...avatar,
    look: {
      ...avatar.look,
      photo: { ...photo, src: await sign(photo.key), ...(background ? { background } : {}) },
    },
  }
}
