import { textBackground, videoBackground } from '@mouthpiece/contracts/projects/public-backgrounds.contract'
import type { HttpContext } from '../../../platform/context'
import { sendStoredFile } from '../../../platform/storage/send-stored-file'
import { suggestBackground, videoBackgroundKey } from './public-backgrounds'

/** SPEC's public text background `{sentence}` and video background `{id}`. */
export function registerPublicBackgroundRoutes(ctx: HttpContext) {
  ctx.route(textBackground, async ({ query }) => ({ background: suggestBackground(query.sentence) }))
  ctx.route(videoBackground, async ({ params, req, reply }) =>
    sendStoredFile(req, reply, ctx.storage, await videoBackgroundKey(ctx.storage, params.id), {
      cacheControl: 'public, max-age=86400',
    }),
  )
}
