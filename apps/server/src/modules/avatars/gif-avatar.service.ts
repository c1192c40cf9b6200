import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ASSET_ID_PREFIX } from '@mouthpiece/contracts/constants'
import { GIF_AVATAR_FPS, GIF_AVATAR_MAX_SECONDS } from '@mouthpiece/contracts/avatars/gif-avatar.contract'
import type { GifAvatar, GifAvatarBody } from '@mouthpiece/contracts/avatars/gif-avatar.contract'
import type { z } from 'zod'
import { admission } from '../../platform/admission/admission'
import { notFound } from '../../platform/http/errors'
import { inBackground, renderAvatarGif, speak } from '../../platform/media'
import { chooseAvatar, photoBytesOf } from './avatars.service'
import type { AvatarsDeps } from './avatars.deps'

/** Per user, so one user's id never opens another's GIF. */
const gifKey = (userId: number, id: string) => `avatars/${userId}/${id}.gif`

/**
 * page-for-test/gif-avatar: the chosen avatar (influencer or own custom avatar) animated by the
 * same drawing code as renders and the overlay, saying `text` (mouth shapes from our speech engine;
 * the GIF itself is silent) or idling, encoded as a looping GIF and stored as `gif_avatar_<hex>`.
 */
export async function makeGifAvatar(
  deps: AvatarsDeps,
  userId: number,
  body: z.output<typeof GifAvatarBody>,
): Promise<GifAvatar> {
  const avatar = await chooseAvatar(deps.db, userId, body)
  const emotion = body.emotion ?? avatar.emotion
  const spoken = body.text
    ? await admission('speech').run((signal) =>
        speak({ text: body.text, voiceId: avatar.voice_id, emotion, intensity: 0.8 }, signal),
      )
    : undefined
  // Long enough for the whole sentence, within the GIF's cap (a longer one is cut).
  const seconds = spoken
    ? Math.min(Math.max(body.seconds, Math.ceil(spoken.duration * 10) / 10 + 0.3), GIF_AVATAR_MAX_SECONDS)
    : body.seconds
  const avatarImage = await photoBytesOf(deps, avatar.look)
  const id = `${ASSET_ID_PREFIX.gifAvatar}${randomUUID().replace(/-/g, '')}`
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gif-avatar-'))
  try {
    const outFile = path.join(dir, `${id}.gif`)
    const { frames } = await admission('images').run((signal) =>
      inBackground(() =>
        renderAvatarGif({
          look: avatar.look,
          avatarImage,
          emotion,
          cues: spoken?.cues ?? [],
          wordStarts: spoken?.words.map((w) => w.start) ?? [],
          size: body.size,
          fps: GIF_AVATAR_FPS,
          seconds,
          outFile,
          signal,
        }),
      ),
    )
    const gif = await readFile(outFile)
    await deps.storage.put(gifKey(userId, id), gif, 'image/gif')
    return { id, url: `/api/gif-avatar/${id}`, size: body.size, frames, seconds, bytes: gif.length }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export async function openGifAvatar(deps: AvatarsDeps, userId: number, id: string) {
  const key = gifKey(userId, id)
  if (!(await deps.storage.stat(key))) throw notFound('GIF')
  return (await deps.storage.get(key)).body
}
