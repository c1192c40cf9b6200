import { z } from 'zod'
import { defineRoute } from '../define-route'
import { pageOf } from '../users/users.schemas'
import { Render } from '../renders/renders.schemas'
import { Emotion, Intensity, VoiceId } from '../media/voices.schemas'
import { UuidPath } from '../voices/voices.contract'
import { OriginVideoMode } from '../statuses'
import { DocId, MAX_SAMPLES } from './project-document.schemas'
import { BaseVersion, PageText, ProjectAnswer, ProjectIdText } from './projects.schemas'

/**
 * Audio, avatar, origin video and final video of a project (SPEC §7 "Projects and audio").
 * Generation runs as jobs (queue type audio=1, avatar=2); each scene carries the SPEC §4 render
 * status and generation flow, and every step reaches the owner's socket room as
 * `export-output-event` `{ project_id, version, scene_id, kind, status, flow }`.
 */

const ProjectParams = z.object({ projectId: ProjectIdText })

/** SPEC "generate audio (voice, robot, custom)": `numberOfSamples` takes into audioData.generatedLinks. */
export const GenerateAudioBody = z.object({
  version: BaseVersion,
  sceneId: DocId,
  /** voice: the chosen voice; robot: the robot effect; custom: matched to an uploaded sample (`sample_uuid_path`). */
  type: z.enum(['voice', 'robot', 'custom']).default('voice'),
  voice_id: VoiceId.optional(),
  emotion: Emotion.optional(),
  intensity: Intensity.optional(),
  numberOfSamples: z
    .number()
    .int()
    .min(1, `Between 1 and ${MAX_SAMPLES} samples`)
    .max(MAX_SAMPLES, `Between 1 and ${MAX_SAMPLES} samples`)
    .optional(),
  sample_uuid_path: UuidPath.optional(),
})
export type GenerateAudioBody = z.input<typeof GenerateAudioBody>

export const generateAudio = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/generate-audio',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Speak a scene: several takes to choose from',
  params: ProjectParams,
  body: GenerateAudioBody,
  response: ProjectAnswer,
})

export const regenerateSingleAudio = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/re-generate-single-audio',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Replace one take of a scene with a new one',
  params: ProjectParams,
  body: z.object({ version: BaseVersion, sceneId: DocId, takeId: DocId }),
  response: ProjectAnswer,
})

export const selectAudio = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/select-audio',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Pick the take a scene uses (re-times its captions)',
  params: ProjectParams,
  body: z.object({ version: BaseVersion, sceneId: DocId, takeId: DocId }),
  response: ProjectAnswer,
})

/** multipart: fields `version`, `sceneId` and one audio `file` (probed with ffprobe; words and mouth timed from it). */
export const uploadSceneAudio = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/upload-audio',
  auth: 'user',
  requiresEnabled: true,
  multipart: true,
  summary: 'Use my own recording for a scene',
  params: ProjectParams,
  response: ProjectAnswer,
})

/** SPEC "generate avatar (two kinds)": the avatar clip alone (transparent WebM) or over the project background (MP4). */
export const generateAvatar = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/generate-avatar',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Render the avatar of a scene',
  params: ProjectParams,
  body: z.object({
    version: BaseVersion,
    sceneId: DocId,
    kind: z.enum(['avatar', 'avatar_background']).default('avatar'),
  }),
  response: ProjectAnswer,
})

// ─────────────────────────────── Origin / reaction video ───────────────────────────────

export const ORIGIN_NOT_VIDEO_MESSAGE = 'Please upload a video file (mp4, webm or mov).'

/** multipart: one video `file` and field `mode` (SPEC §4 origin=1, reaction=0). Progress: `base-video-upload-event`. */
export const uploadBaseVideo = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/base-video/upload',
  auth: 'user',
  requiresEnabled: true,
  multipart: true,
  summary: 'Upload the base video of a reaction/origin project',
  params: ProjectParams,
  response: ProjectAnswer,
})

/** A direct video URL, fetched by the server through its SSRF-safe client (no private addresses). */
export const baseVideoFromUrl = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/base-video/url',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Fetch the base video from a direct URL',
  params: ProjectParams,
  body: z.object({
    version: BaseVersion,
    mode: z.literal([OriginVideoMode.origin, OriginVideoMode.reaction]),
    url: z.url({ protocol: /^https?$/, error: 'Please enter a direct http(s) link to a video' }).max(2000),
  }),
  response: ProjectAnswer,
})

// ─────────────────────────────── Final video, results, downloads ───────────────────────────────

/** Makes a render (renders pipeline) of the whole project; progress over `final-video-event`. */
export const generateFinalVideo = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/generate-final-video',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Render the whole project to one video',
  params: ProjectParams,
  body: z.object({ version: BaseVersion }),
  response: z.object({ render: Render }),
})

/** SPEC "result videos": the project's final renders, newest first. */
export const projectResultVideos = defineRoute({
  method: 'GET',
  path: '/api/projects/:projectId/result-videos',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Final videos of a project',
  params: ProjectParams,
  query: z.object({ page: PageText.default(1) }),
  response: pageOf(Render),
})

/** SPEC "project result and log {project_id, page}". */
export const projectResult = defineRoute({
  method: 'GET',
  path: '/api/project-result',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Renders of a project with their job logs',
  query: z.object({ project_id: ProjectIdText, page: PageText.default(1) }),
  response: pageOf(
    Render.extend({
      logs: z.array(
        z.object({ id: z.number().int(), job: z.string(), status: z.string(), ms: z.number().nullable() }),
      ),
    }),
  ),
})

/** Binary (application/zip): scene audio, captions as SRT and VTT, and the video. `assets-download-event` on completion. */
export const downloadProjectAssets = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/download-assets/:outputProcessId',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Zip of the scene audio, captions and video of a final render',
  params: z.object({ projectId: ProjectIdText, outputProcessId: z.uuid({ error: 'Video not found' }) }),
})

/** Removes a final render (its progress entry) of the project; a running one is cancelled first. */
export const deleteProjectProgress = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/delete-progress/:progressId',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Delete a final render of the project',
  params: z.object({ projectId: ProjectIdText, progressId: z.uuid({ error: 'Video not found' }) }),
  response: z.object({ deleted: z.literal(true) }),
})
