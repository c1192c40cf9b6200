import { z } from 'zod'
import { defineRoute } from '../define-route'
import { BackgroundPresetId } from '../renders/renders.schemas'

/**
 * SPEC §6/§7 public "text and video background" calls: a ready background suggested for a line of
 * text (`{sentence}`), and a ready background as a short looping video (`{id}`), for anyone.
 */

export const TEXT_BACKGROUND_MAX_CHARS = 1000
const SentenceText = z
  .string({ error: 'Please enter a sentence' })
  .trim()
  .min(1, 'Please enter a sentence')
  .max(TEXT_BACKGROUND_MAX_CHARS, `Please enter at most ${TEXT_BACKGROUND_MAX_CHARS} characters`)

export const SuggestedBackground = z.object({
  id: BackgroundPresetId,
  label: z.string(),
  colors: z.tuple([z.string(), z.string()]),
  /** The ready background as a video (GET video background). */
  video_url: z.string(),
  /** The words that decided it; empty when none matched and the default was chosen. */
  matched: z.array(z.string()),
})
export type SuggestedBackground = z.infer<typeof SuggestedBackground>

export const textBackground = defineRoute({
  method: 'GET',
  path: '/api/text-background',
  auth: 'public',
  summary: 'A ready background that suits a line of text',
  query: z.object({ sentence: SentenceText }),
  response: z.object({ background: SuggestedBackground }),
})

/** Binary (video/mp4, Range): a ready background as a 6-second loop, made on first request. */
export const videoBackground = defineRoute({
  method: 'GET',
  path: '/api/video-background/:id',
  auth: 'public',
  summary: 'A ready background as a short looping video',
  /** Checked by the handler: an unknown id is 404 'Background not found'. */
  params: z.object({ id: z.string().max(40) }),
})
