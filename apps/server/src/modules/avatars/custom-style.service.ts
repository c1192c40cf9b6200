import sharp from 'sharp'
import type { CustomAvatar } from '@mouthpiece/contracts/avatars/avatars.contract'
import {
  CUSTOM_STYLE_MISSING_MESSAGE,
  CUSTOM_STYLE_NOT_IMAGE_MESSAGE,
  CUSTOM_STYLE_PHOTO_MESSAGE,
} from '@mouthpiece/contracts/avatars/avatars.contract'
import { AppError, fieldError } from '../../platform/http/errors'
import { pictureColourNames } from '../../platform/media'
import { avatarNotFound, update } from './avatars.service'
import type { AvatarsDeps } from './avatars.deps'
import * as repo from './avatars.repo'

/**
 * SPEC §7 "custom style upload": a drawn avatar takes the colours a picture mostly shows as the
 * colour field of its look prompt (so the prompt the user edits says what happened) and is drawn
 * again through the ordinary update. Read small: colours, not detail, matter.
 */
export async function styleFromPicture(
  deps: AvatarsDeps,
  userId: number,
  id: number,
  picture: Buffer | undefined,
): Promise<{ avatar: CustomAvatar; colours: string[] }> {
  const current = await repo.findCustomAvatar(deps.db, userId, id)
  if (!current) throw avatarNotFound()
  if (current.look.photo) throw new AppError('photo_avatar', CUSTOM_STYLE_PHOTO_MESSAGE, 409)
  if (!picture) throw fieldError('file', CUSTOM_STYLE_MISSING_MESSAGE)
  const pixels = await sharp(picture, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(64, 64, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer()
    .catch(() => {
      throw fieldError('file', CUSTOM_STYLE_NOT_IMAGE_MESSAGE)
    })
  const colours = pictureColourNames(pixels)
  if (!colours.length) throw fieldError('file', CUSTOM_STYLE_NOT_IMAGE_MESSAGE)
  const avatar = await update(deps, userId, id, {
    prompt: { ...current.prompt, color: colours.join(' and ') },
  })
  return { avatar, colours }
}
