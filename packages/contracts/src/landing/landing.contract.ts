import { z } from 'zod'
import { defineId } from '../ids'
import { defineRoute } from '../define-route'

/** A finished video an operator picked to show on the landing page. */
export const SampleVideo = z.object({
  id: z.number().int(),
  title: z.string(),
  video_url: z.string(),
  poster_url: z.string().nullable(),
  order: z.number().int(),
})
export type SampleVideo = z.infer<typeof SampleVideo>

/** http(s) links, or a path on this server (e.g. a stored file under /api/files/…). */
const MediaUrl = z
  .string({ error: 'Please enter a link' })
  .trim()
  .max(2000)
  .regex(/^(https?:\/\/\S+|\/[^\s/]\S*)$/, 'Please enter an http(s) link or a path on this server')

/** SPEC §7 "sample output videos". */
export const listSampleOutputVideos = defineRoute({
  method: 'GET',
  path: '/api/sample-output-videos',
  auth: 'public',
  summary: 'Sample videos shown on the landing page',
  response: z.object({ videos: z.array(SampleVideo) }),
})
export const adminAddSampleOutputVideo = defineRoute({
  method: 'POST',
  path: '/api/admin/sample-output-videos',
  auth: 'admin',
  summary: 'Show a finished video on the landing page',
  body: z.object({
    title: z.string({ error: 'Please enter a title' }).trim().min(1, 'Please enter a title').max(120),
    video_url: MediaUrl,
    poster_url: MediaUrl.optional(),
    order: z.coerce.number().int().min(0).max(100_000).default(1),
  }),
  response: z.object({ video: SampleVideo }),
})
export const adminDeleteSampleOutputVideo = defineRoute({
  method: 'POST',
  path: '/api/admin/sample-output-videos/delete',
  auth: 'admin',
  summary: 'Take a video off the landing page',
  body: z.object({ id: defineId('Invalid video id').json }),
  response: z.object({ ok: z.literal(true) }),
})
