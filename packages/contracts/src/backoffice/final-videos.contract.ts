import { z } from 'zod'
import { defineRoute } from '../define-route'
import { DateBound, listPage, listQuery, SearchText } from '../lists'
import { RenderFiles, RenderId, RenderSource } from '../renders/renders.schemas'
import { UserIdText } from '../users/users.schemas'

/**
 * SPEC §2 "final-videos (videos management)", §7 "Final videos {page}": every finished video,
 * who made it, play, download, delete — and delete everything matching a filter as a bulk job.
 */
export const FinalVideoFilter = z.object({
  /** A title, the spoken text, or the maker's username or email. */
  keySearch: SearchText,
  source: RenderSource.optional(),
  user_id: UserIdText.optional(),
  created_from: DateBound,
  created_to: DateBound,
})
export type FinalVideoFilter = z.infer<typeof FinalVideoFilter>
export const FINAL_VIDEO_SORTS = ['created_at', 'title'] as const
const FinalVideosQuery = listQuery(FINAL_VIDEO_SORTS, 10).extend(FinalVideoFilter.shape)

export const FinalVideo = z.object({
  id: z.string(),
  title: z.string(),
  source: RenderSource,
  duration: z.number().nullable(),
  video_resolution: z.string(),
  /** Who made it: a user, or a visitor (demo) with no account. */
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  files: RenderFiles,
  share_path: z.string(),
  created_at: z.string(),
})
export type FinalVideo = z.infer<typeof FinalVideo>

export const adminListFinalVideos = defineRoute({
  method: 'GET',
  path: '/api/admin/final-videos',
  auth: 'admin',
  query: FinalVideosQuery,
  response: listPage(FinalVideo),
})
export const adminExportFinalVideos = defineRoute({
  method: 'GET',
  path: '/api/admin/final-videos/export',
  auth: 'admin',
  summary: 'Every finished video matching the filter, as CSV (streamed)',
  query: FinalVideosQuery.omit({ page: true, per_page: true }),
})
export const adminDeleteFinalVideo = defineRoute({
  method: 'POST',
  path: '/api/admin/final-videos/:id/delete',
  auth: 'admin',
  summary: 'Delete a finished video and its files (audited)',
  params: z.object({ id: RenderId }),
  response: z.object({ deleted: z.literal(true) }),
})
