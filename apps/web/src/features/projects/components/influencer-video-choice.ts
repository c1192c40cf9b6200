import { OriginVideoMode } from '@mouthpiece/contracts/statuses'

/** SPEC §3 "Influencer video choice": original flag, videoReaction flag, file or videoUrl. */
export interface InfluencerVideoChoice {
  original: boolean
  videoReaction: boolean
  file: File | null
  videoUrl: string
}

export const EMPTY_CHOICE: InfluencerVideoChoice = {
  original: false,
  videoReaction: false,
  file: null,
  videoUrl: '',
}
export const REACTION_FILE_ACCEPT = 'video/*'

// SPEC §4: Original and Video Reaction exclude each other; so do a file and a URL.
export const setOriginal = (c: InfluencerVideoChoice, on: boolean): InfluencerVideoChoice => ({
  ...c,
  original: on,
  videoReaction: on ? false : c.videoReaction,
})
export const setVideoReaction = (c: InfluencerVideoChoice, on: boolean): InfluencerVideoChoice => ({
  ...c,
  videoReaction: on,
  original: on ? false : c.original,
})
export const setFile = (c: InfluencerVideoChoice, file: File | null): InfluencerVideoChoice => ({
  ...c,
  file,
  videoUrl: file ? '' : c.videoUrl,
})
export const setVideoUrl = (c: InfluencerVideoChoice, videoUrl: string): InfluencerVideoChoice => ({
  ...c,
  videoUrl,
  file: videoUrl ? null : c.file,
})

/** SPEC §5: the reaction file must be a video. */
export const isVideoFile = (file: File) => file.type.startsWith('video/')

export function isVideoUrl(value: string): boolean {
  try {
    const url = new URL(value.trim())
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** Continue is enabled only for Original, or Video Reaction plus a file or a URL. */
export function canContinue(c: InfluencerVideoChoice): boolean {
  if (c.original) return true
  return c.videoReaction && (c.file !== null || isVideoUrl(c.videoUrl))
}

/** The origin-video mode the project stores (SPEC §4: none=1000, origin=1, reaction=0). */
export function originVideoMode(
  c: InfluencerVideoChoice,
): (typeof OriginVideoMode)[keyof typeof OriginVideoMode] {
  if (c.original) return OriginVideoMode.origin
  if (c.videoReaction) return OriginVideoMode.reaction
  return OriginVideoMode.none
}
