import { z } from 'zod'
import { defineId } from '../ids'
import { defineRoute } from '../define-route'
import { pageOf, PageQuery } from '../users/users.schemas'
import {
  DemoAudioBody,
  DemoVideoBody,
  InfluencerVideo,
  QuickCreateBody,
  Render,
  RenderId,
  RenderLog,
  SharingVideo,
  ShortAudioBody,
} from './renders.schemas'

/** Per-IP limit of the signed-out demo calls (each makes a render). */
export const DEMO_RATE_LIMIT = { max: 8, timeWindowMs: 10 * 60_000 } as const
/** Stored render files are named `<prefix><render id>.<ext>` (SPEC §9 asset id prefixes). */
export const RenderFileName = z
  .string()
  .regex(/^(video_id_|audio_id_)[0-9a-f-]{36}\.(mp4|webm|jpg|png|vtt|srt|mp3|wav)$/, 'File not found')

const RenderAnswer = z.object({ render: Render })

// ─────────────────────────────── Creating (SPEC §7 quick create, short audio, demo) ───────────────────────────────

export const quickCreate = defineRoute({
  method: 'POST',
  path: '/api/quick-create',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Make a talking-avatar video from a line of text',
  body: QuickCreateBody,
  response: RenderAnswer,
})

export const shortAudio = defineRoute({
  method: 'POST',
  path: '/api/short-audio',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Make a short spoken audio file from a line of text',
  body: ShortAudioBody,
  response: RenderAnswer,
})

/** Signed out: a short video from a line (or an uploaded recording), rate-limited per IP. */
export const demoVideo = defineRoute({
  method: 'POST',
  path: '/api/demo/ai-video',
  auth: 'public',
  summary: 'Demo: a short talking-avatar video, signed out',
  body: DemoVideoBody,
  response: RenderAnswer,
})

export const demoAudio = defineRoute({
  method: 'POST',
  path: '/api/demo/ai-audio',
  auth: 'public',
  summary: 'Demo: a short spoken audio file, signed out',
  body: DemoAudioBody,
  response: RenderAnswer,
})

/** multipart/form-data with one image `file`: a background for the demo video. */
export const uploadDemoBackground = defineRoute({
  method: 'POST',
  path: '/api/demo/background',
  auth: 'public',
  multipart: true,
  summary: 'Upload a background picture for the demo',
  response: z.object({ background: z.object({ id: z.string(), url: z.string() }) }),
})

/** Binary (JPEG). */
export const demoBackgroundFile = defineRoute({
  method: 'GET',
  path: '/api/demo/background/:id',
  auth: 'public',
  summary: 'An uploaded demo background (JPEG)',
  params: z.object({ id: z.uuid({ error: 'Background not found' }) }),
})

// ─────────────────────────────── Following and managing a render ───────────────────────────────

/** The owner's view (signed-in owner, or the visitor who made a demo render). Poll it, or listen to sockets. */
export const getRender = defineRoute({
  method: 'GET',
  path: '/api/renders/:id',
  auth: 'public',
  summary: 'A render I made: statuses, progress and files',
  params: z.object({ id: RenderId }),
  response: RenderAnswer,
})

export const listRenders = defineRoute({
  method: 'GET',
  path: '/api/renders',
  auth: 'user',
  summary: 'My renders, newest first (result videos)',
  query: PageQuery,
  response: pageOf(Render),
})

export const cancelRender = defineRoute({
  method: 'POST',
  path: '/api/renders/:id/cancel',
  auth: 'public',
  summary: 'Stop a render that has not finished',
  params: z.object({ id: RenderId }),
  response: RenderAnswer,
})

/** SPEC "delete render queue": removes the render, its jobs and its files. */
export const deleteRender = defineRoute({
  method: 'POST',
  path: '/api/renders/:id/delete',
  auth: 'public',
  summary: 'Delete a render and its files',
  params: z.object({ id: RenderId }),
  response: z.object({ deleted: z.literal(true) }),
})

/** Binary with Range support; `?download=1` asks the browser to save it. Open by link, like the share page. */
export const renderFile = defineRoute({
  method: 'GET',
  path: '/api/renders/:id/files/:file',
  auth: 'public',
  summary: 'A finished file of a render (video, poster, audio, captions)',
  params: z.object({ id: RenderId, file: RenderFileName }),
  query: z.object({ download: z.enum(['1', 'true']).optional() }),
})

// ─────────────────────────────── Results, logs and sharing ───────────────────────────────

export const videoResult = defineRoute({
  method: 'GET',
  path: '/api/video-result/:id',
  auth: 'user',
  summary: 'My render with the log of every job attempt',
  params: z.object({ id: RenderId }),
  response: z.object({ render: Render, logs: z.array(RenderLog.omit({ entries: true })) }),
})

export const videoResultLog = defineRoute({
  method: 'GET',
  path: '/api/video-result/:id/log/:log',
  auth: 'user',
  summary: 'One job attempt of my render, with stage timings',
  params: z.object({ id: RenderId, log: defineId('Log not found').text }),
  response: z.object({ render: Render, log: RenderLog }),
})

/** SPEC "sharing video and data": public by link. */
export const sharingVideo = defineRoute({
  method: 'GET',
  path: '/api/video-sharing/:id',
  auth: 'public',
  summary: 'A shared video, for anyone with the link',
  params: z.object({ id: RenderId }),
  response: z.object({ video: SharingVideo }),
})

/** SPEC "influencer videos": one short intro video per influencer, made on first request. */
export const influencerVideos = defineRoute({
  method: 'GET',
  path: '/api/influencer-videos',
  auth: 'public',
  summary: 'An intro video of every influencer',
  response: z.object({ videos: z.array(InfluencerVideo) }),
})
