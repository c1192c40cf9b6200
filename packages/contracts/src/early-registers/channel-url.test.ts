import { describe, expect, it } from 'vitest'
import { isValidChannelUrl } from './channel-url'

describe('channel URL rule (SPEC §5)', () => {
  it.each([
    'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
    'http://youtube.com/user/streamerjane',
    'youtube.com/channel/UCabc-123',
    'www.youtube.com/user/jane.doe/',
    'm.youtube.com/channel/UCabc',
    'youtu.be/channel/UCabc',
    'https://youtu.be/user/jane',
    'https://www.youtube.com/channel/UCabc?sub_confirmation=1',
  ])('accepts the YouTube channel link %s', (url) => {
    expect(isValidChannelUrl('youtube', url)).toBe(true)
  })

  it.each([
    '',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/@janestreams',
    'https://youtube.com/channel/',
    'https://www.youtube.com.evil.example/channel/UCabc',
    'https://notyoutube.com/channel/UCabc',
    'ftp://youtube.com/channel/UCabc',
    'https://twitch.tv/jane',
    'youtube.com/c/jane',
  ])('rejects %s for YouTube', (url) => {
    expect(isValidChannelUrl('youtube', url)).toBe(false)
  })

  it('treats every other platform as always valid', () => {
    expect(isValidChannelUrl('twitch', 'anything at all')).toBe(true)
    expect(isValidChannelUrl('tiktok', '')).toBe(true)
  })
})
