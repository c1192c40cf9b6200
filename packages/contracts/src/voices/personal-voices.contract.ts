import { z } from 'zod'
import { defineRoute } from '../define-route'
import { defineId } from '../ids'
import { VOICE_MATCH_LABEL } from '../media/voices.schemas'
import { UuidPath } from './voices.contract'

/**
 * Personal voices (voice cloning): a user's own voice from a sample of at least 6 s that they say
 * is theirs. Offline it is "voice match (offline)"; with the neural provider configured, a clone.
 * Pickers use it as the voice id `personal:<id>`.
 */

export const MIN_CLONE_SAMPLE_SECONDS = 6
export const CONSENT_TEXT = 'This is my own voice, or I have the speaker’s permission to clone it.'
export const CONSENT_REQUIRED_MESSAGE = 'Please confirm this is your own voice.'
export const sampleTooShortMessage = (seconds: number) =>
  `Your sample is ${seconds.toFixed(1)} s long. Please record or upload at least ${MIN_CLONE_SAMPLE_SECONDS} seconds of speech.`
export const NEURAL_CLONE_LABEL = 'neural clone'
export { VOICE_MATCH_LABEL }

/** A personal voice's id in a path. */
export const PersonalVoiceId = defineId('Voice not found').text
export const personalVoiceId = (id: number) => `personal:${id}`

export const PersonalVoice = z.object({
  id: z.number().int(),
  /** What pickers send as `voice_id`. */
  voice_id: z.string(),
  name: z.string(),
  kind: z.enum(['match', 'neural']),
  /** "voice match (offline)" or "neural clone". */
  label: z.string(),
  base_voice_id: z.string(),
  sample_seconds: z.number(),
  median_f0: z.number(),
  consent_at: z.string(),
  created_at: z.string(),
})
export type PersonalVoice = z.infer<typeof PersonalVoice>

const VoiceName = z
  .string()
  .trim()
  .min(1, 'Please name your voice')
  .max(60, 'The name must be at most 60 characters')

export const listPersonalVoices = defineRoute({
  method: 'GET',
  path: '/api/personal-voices',
  auth: 'user',
  summary: 'My personal (cloned) voices',
  response: z.object({ voices: z.array(PersonalVoice) }),
})

export const createPersonalVoice = defineRoute({
  method: 'POST',
  path: '/api/personal-voices',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Make a personal voice from an uploaded sample I own the voice of',
  body: z.object({
    name: VoiceName.default('My voice'),
    sample_uuid_path: UuidPath,
    consent: z.boolean().refine((v) => v, CONSENT_REQUIRED_MESSAGE),
  }),
  response: z.object({ voice: PersonalVoice }),
})

export const renamePersonalVoice = defineRoute({
  method: 'POST',
  path: '/api/personal-voices/:id/update',
  auth: 'user',
  summary: 'Rename a personal voice',
  params: z.object({ id: PersonalVoiceId }),
  body: z.object({ name: VoiceName }),
  response: z.object({ voice: PersonalVoice }),
})

export const deletePersonalVoice = defineRoute({
  method: 'POST',
  path: '/api/personal-voices/:id/delete',
  auth: 'user',
  summary: 'Delete a personal voice',
  params: z.object({ id: PersonalVoiceId }),
  response: z.object({ deleted: z.literal(true) }),
})
