import { z } from 'zod'
import { defineRoute } from '../define-route'
import { VoiceTagCategory } from './voice-profiles.contract'

/**
 * The voice library: every voice the caller may speak with, for every picker (Quick Create, the
 * editor, alert settings and setups, ads). The caller's personal voices first, then the voice
 * profiles and creators' voices, then the engine voices — a curated set per language first, the
 * rest behind "more voices" (docs/decisions/0057-voice-library.md).
 */

export const LIBRARY_GROUPS = ['personal', 'profile', 'creator', 'engine'] as const
export const LibraryGroup = z.enum(LIBRARY_GROUPS)
export type LibraryGroup = z.infer<typeof LibraryGroup>
/** What each group is called in a picker. */
export const LIBRARY_GROUP_LABELS: Record<LibraryGroup, string> = {
  personal: 'My voices',
  profile: 'Voice profiles',
  creator: "Creators' voices",
  engine: 'Built-in voices',
}

export const LibraryTag = z.object({ category: VoiceTagCategory, name: z.string() })
export type LibraryTag = z.infer<typeof LibraryTag>

export const LibraryVoice = z.object({
  /** What a picker sends as `voice_id` (`personal:<id>`, `profile:<id>`, an engine voice id). */
  id: z.string(),
  name: z.string(),
  group: LibraryGroup,
  /** One line under the name: "voice match (offline)", "English (Scotland)", a profile's description. */
  detail: z.string(),
  tags: z.array(LibraryTag),
  /** Shown at once; false: only behind "more voices". */
  curated: z.boolean(),
  /** A stored sample to play; null: the picker speaks a line with the voice (POST /api/voices/preview). */
  sample_url: z.string().nullable(),
})
export type LibraryVoice = z.infer<typeof LibraryVoice>

export const voiceLibrary = defineRoute({
  method: 'GET',
  path: '/api/voices/library',
  auth: 'public',
  summary:
    "Every voice the caller may use: their own first, then profiles and creators' voices, then engine voices",
  response: z.object({ voices: z.array(LibraryVoice), default_id: z.string() }),
})
