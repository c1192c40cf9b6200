import {
  generateAudio,
  regenerateSingleAudio,
  selectAudio,
  uploadSceneAudio,
} from '@mouthpiece/contracts/projects/project-media.contract'
import type { HttpContext } from '../../../platform/context'
import { mediaError } from '../../voices'
import { UPLOAD_ROUTE_LIMIT, withUpload } from '../files/with-upload'
import { TrackingEvent } from '@mouthpiece/contracts/constants'
import { recordEvent } from '../../tracking'
import * as audio from './project-audio.service'

/** Scene audio: generate takes, re-generate one, pick one, use my own recording. */
export function registerProjectAudioRoutes(ctx: HttpContext) {
  const { route } = ctx
  const media = <T>(p: Promise<T>) =>
    p.catch((e: unknown) => {
      throw mediaError(e)
    })
  const uploadLimit = UPLOAD_ROUTE_LIMIT
  route(generateAudio, async ({ actor, params, body }) => ({
    project: await audio.generateAudio(ctx, actor.user.id, params.projectId, body),
  }))
  route(regenerateSingleAudio, async ({ actor, params, body }) => {
    const project = await audio.regenerateSingle(ctx, actor.user.id, params.projectId, body)
    // SPEC §9 "refresh full editor" (39): a take spoken again in the editor, as 38 is a new line in quick create.
    await recordEvent(ctx, {
      category: 'usage',
      event: TrackingEvent.refreshFullEditor,
      userId: actor.user.id,
      data: { project_id: params.projectId, scene_id: body.sceneId },
    })
    return { project }
  })
  route(selectAudio, async ({ actor, params, body }) => ({
    project: await audio.selectTake(ctx, actor.user.id, params.projectId, body),
  }))
  route(
    uploadSceneAudio,
    async ({ actor, params, req }) => ({
      project: await withUpload(ctx, req, (upload) =>
        media(audio.uploadSceneAudio(ctx, actor.user.id, params.projectId, upload)),
      ),
    }),
    uploadLimit,
  )
}
