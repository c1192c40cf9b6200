import { z } from 'zod'
import { defineRoute } from '../define-route'
import { AudioFileFormat, Render } from '../renders/renders.schemas'
import { AdProjectIdText } from './projects.schemas'

/**
 * SPEC §7 Ads "audio generations": the ad copy read in the brand's voice and speed as an audio
 * file (a voice-over for a radio, podcast or pre-roll spot), with its captions. Each is an
 * ordinary render of kind audio; the page lists them beside the project's videos.
 */
export const AdAudioGeneration = z.object({
  id: z.string(),
  ad_project_id: z.number().int(),
  voice_id: z.string(),
  text: z.string(),
  render: Render.nullable(),
  created_at: z.string(),
})
export type AdAudioGeneration = z.infer<typeof AdAudioGeneration>

export const CreateAdAudioBody = z.object({
  /** What to read; the project's copy when left out. */
  text: z.string().trim().max(1000, 'Please enter between 1 and 1000 characters').optional(),
  audio_format: AudioFileFormat.default('mp3'),
})

export const createAdAudio = defineRoute({
  method: 'POST',
  path: '/api/ads/projects/:id/audios',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Read the ad copy in the brand voice as an audio file (a render)',
  params: z.object({ id: AdProjectIdText }),
  body: CreateAdAudioBody,
  response: z.object({ generation: AdAudioGeneration }),
})
export const listAdAudios = defineRoute({
  method: 'GET',
  path: '/api/ads/projects/:id/audios',
  auth: 'user',
  requiresEnabled: true,
  summary: "A project's voice-overs, newest first",
  params: z.object({ id: AdProjectIdText }),
  response: z.object({ generations: z.array(AdAudioGeneration) }),
})
