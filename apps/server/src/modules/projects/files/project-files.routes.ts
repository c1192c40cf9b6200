import fs from 'node:fs'
import { randomUUID } from 'node:crypto'
import { projectFile, uploadAssetFile } from '@mouthpiece/contracts/projects/projects.contract'
import type { HttpContext } from '../../../platform/context'
import { AppError } from '../../../platform/http/errors'
import { sendStoredFile } from '../../../platform/storage/send-stored-file'
import { ownedProject } from '../projects.service'
import { projectFileKey, projectFileUrl } from '../audio/scene-audio'
import { recognise } from './project-uploads'
import { UPLOAD_ROUTE_LIMIT, withUpload } from './with-upload'

export const ASSET_NOT_MEDIA_MESSAGE = 'Please upload a picture, a video or an audio file.'

/** A project's stored files: asset uploads (recognised by content) and reading any file back (owner only). */
export function registerProjectFileRoutes(ctx: HttpContext) {
  const { route } = ctx
  const uploadLimit = UPLOAD_ROUTE_LIMIT
  route(
    uploadAssetFile,
    async ({ actor, params, req }) => {
      await ownedProject(ctx, actor.user.id, params.projectId)
      return withUpload(ctx, req, async (upload) => {
        const what = await recognise(upload.file)
        if (!what)
          throw new AppError('not_media', ASSET_NOT_MEDIA_MESSAGE, 422, { file: [ASSET_NOT_MEDIA_MESSAGE] })
        const file = `asset_${randomUUID()}.${what.kind === 'image' ? what.format : what.kind === 'video' ? 'video' : 'audio'}`
        await ctx.storage.put(
          projectFileKey(params.projectId, file),
          fs.createReadStream(upload.file),
          what.kind === 'image' ? `image/${what.format}` : `${what.kind}/mp4`,
        )
        return { file, url: projectFileUrl(params.projectId, file), kind: what.kind, duration: what.duration }
      })
    },
    uploadLimit,
  )
  route(projectFile, async ({ actor, params, req, reply }) => {
    await ownedProject(ctx, actor.user.id, params.projectId)
    return sendStoredFile(req, reply, ctx.storage, projectFileKey(params.projectId, params.file), {
      cacheControl: 'private, max-age=86400',
    })
  })
}
