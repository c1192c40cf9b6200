import {
  baseVideoFromUrl,
  deleteProjectProgress,
  downloadProjectAssets,
  generateAvatar,
  generateFinalVideo,
  projectResult,
  projectResultVideos,
  uploadBaseVideo,
} from '@mouthpiece/contracts/projects/project-media.contract'
import type { HttpContext } from '../../../platform/context'
import { AppError } from '../../../platform/http/errors'
import * as final from './project-final.service'
import * as origin from './project-origin.service'
import * as avatar from './project-avatar.service'
import { UPLOAD_ROUTE_LIMIT, withUpload } from '../files/with-upload'

/** Avatar, base video and final video routes of projects (SPEC §7 "Projects and audio"). */
export function registerProjectOutputRoutes(ctx: HttpContext) {
  const { route } = ctx

  avatar.listenToAvatarRenders(ctx)
  route(generateAvatar, async ({ actor, params, body }) => ({
    project: await avatar.generateAvatar(ctx, actor.user.id, params.projectId, body),
  }))
  route(generateFinalVideo, async ({ actor, params, body }) =>
    final.generateFinalVideo(ctx, actor.user.id, params.projectId, body.version),
  )
  route(projectResultVideos, async ({ actor, params, query }) =>
    final.listResults(ctx, actor.user.id, params.projectId, query.page),
  )
  route(projectResult, async ({ actor, query }) =>
    final.projectResult(ctx, actor.user.id, query.project_id, query.page),
  )
  route(downloadProjectAssets, async ({ actor, params, reply }) => {
    const { zip, name } = await final.downloadAssets(
      ctx,
      actor.user.id,
      params.projectId,
      params.outputProcessId,
    )
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(zip)
  })
  route(deleteProjectProgress, async ({ actor, params }) => {
    await final.deleteProgress(ctx, actor.user.id, params.projectId, params.progressId)
    return { deleted: true as const }
  })

  route(
    uploadBaseVideo,
    async ({ actor, params, req }) => ({
      project: await withUpload(ctx, req, async (upload) => {
        const version = Number(upload.fields.version)
        if (!Number.isInteger(version))
          throw new AppError('validation', 'Please send the project version you edited', 400, {
            version: ['Required'],
          })
        return origin.setBaseVideo(
          ctx,
          actor.user.id,
          params.projectId,
          version,
          origin.parseMode(upload.fields.mode),
          upload.file,
        )
      }),
    }),
    UPLOAD_ROUTE_LIMIT,
  )
  route(baseVideoFromUrl, async ({ actor, params, body }) => ({
    project: await origin.baseVideoFromUrl(ctx, actor.user.id, params.projectId, body),
  }))
}
