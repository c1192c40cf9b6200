/** SPEC §3 channel choices. */
export const CHANNEL_PLATFORMS = ['youtube', 'tiktok', 'twitch'] as const
export type ChannelPlatform = (typeof CHANNEL_PLATFORMS)[number]

/**
 * SPEC §5: a video-platform (YouTube) channel link is an optional protocol, then the short-link
 * host (youtu.be) or the main host (youtube.com, optionally www. or m.), then /channel/… or /user/….
 */
export const YOUTUBE_CHANNEL_URL =
  /^(?:https?:\/\/)?(?:(?:www\.|m\.)?youtube\.com|youtu\.be)\/(?:channel|user)\/[A-Za-z0-9_.-]+\/?(?:[?#]\S*)?$/i

export const INVALID_YOUTUBE_CHANNEL_MESSAGE =
  'Please enter a YouTube channel link like youtube.com/channel/… or youtube.com/user/…'

/** The one channel-URL rule, used by the survey form and the server alike. Other platforms are always valid. */
export function isValidChannelUrl(platform: ChannelPlatform, url: string): boolean {
  if (platform !== 'youtube') return true
  return YOUTUBE_CHANNEL_URL.test(url.trim())
}
