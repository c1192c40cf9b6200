import {
  adminAddSampleOutputVideo,
  adminDeleteSampleOutputVideo,
  listSampleOutputVideos,
} from '@mouthpiece/contracts/landing/landing.contract'
import type { SampleVideo } from '@mouthpiece/contracts/landing/landing.contract'
import type { HttpContext } from '../../platform/context'
import { notFound } from '../../platform/http/errors'
import type { SampleVideoRow } from './landing.table'
import * as repo from './landing.repo'

const present = ({ id, title, video_url, poster_url, order }: SampleVideoRow): SampleVideo => ({
  id,
  title,
  video_url,
  poster_url,
  order,
})

/**
 * SPEC §7 "sample output videos": the landing page shows only videos an operator added here, so the
 * section is empty (and hidden) until real renders exist.
 */
export function registerLandingRoutes({ route, db }: HttpContext) {
  route(listSampleOutputVideos, async () => ({ videos: (await repo.listSampleVideos(db)).map(present) }))
  route(adminAddSampleOutputVideo, async ({ body }) => ({
    video: present(
      await repo.insertSampleVideo(db, {
        title: body.title,
        video_url: body.video_url,
        poster_url: body.poster_url ?? null,
        order: body.order,
      }),
    ),
  }))
  route(adminDeleteSampleOutputVideo, async ({ body }) => {
    if (!(await repo.deleteSampleVideo(db, body.id))) throw notFound('Video')
    return { ok: true as const }
  })
}
