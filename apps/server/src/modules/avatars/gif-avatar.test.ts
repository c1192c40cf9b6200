import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type { GifAvatar } from '@mouthpiece/contracts/avatars/gif-avatar.contract'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { rendersClient } from '../renders/testing'

/** page-for-test/gif-avatar through HTTP: drawn by packages/avatar, encoded by ffmpeg, kept per user. */
describe('GIF avatars', () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>
  let me: { token: string; id: number }
  const storedGifs = async (userId: number) =>
    (await t.storage.list(`avatars/${userId}/`)).filter((o) => o.key.endsWith('.gif'))

  beforeAll(async () => {
    t = await createTestApp()
    client = rendersClient(t)
    me = await client.register('giffer')
  })
  afterAll(async () => t.close())

  it('draws an influencer as a looping GIF with the gif_avatar_ id prefix, only its maker can open it', async () => {
    const res = await client.call('POST', '/api/gif-avatar', me, {
      influencer_id: 'streamer',
      seconds: 2,
      size: 128,
      emotion: 'Happy',
    })
    expect(res.statusCode, res.body).toBe(200)
    const gif = res.json<{ gif: GifAvatar }>().gif
    expect(gif.id).toMatch(/^gif_avatar_[0-9a-f]{32}$/)
    expect(gif).toMatchObject({ url: `/api/gif-avatar/${gif.id}`, size: 128, frames: 24, seconds: 2 })
    const file = await client.call('GET', gif.url, me)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/gif')
    expect(file.rawPayload.subarray(0, 6).toString('latin1')).toBe('GIF89a')
    expect(file.rawPayload.length).toBe(gif.bytes)
    const meta = await sharp(file.rawPayload, { pages: -1 }).metadata()
    expect(meta).toMatchObject({ format: 'gif', width: 128, pages: 24, loop: 0 })
    // The avatar moves: not every frame is the same picture.
    const frames = await sharp(file.rawPayload, { pages: -1 }).raw().toBuffer()
    const frameBytes = frames.length / 24
    expect(frames.subarray(0, frameBytes).equals(frames.subarray(frameBytes * 12, frameBytes * 13))).toBe(
      false,
    )

    const other = await client.register('peeker')
    expect((await client.call('GET', gif.url, other)).statusCode).toBe(404)
    expect((await client.call('GET', gif.url)).statusCode).toBe(401)
  })

  it('lasts as long as the sentence it says (within the cap)', async () => {
    // The file's first speech also starts the speech engine: on a loaded machine the speech gate
    // may answer "busy" (503, Retry-After) as it would to a user, who tries again.
    let res = await client.call('POST', '/api/gif-avatar', me, {
      text: 'Thanks for the follow, welcome to the stream everyone!',
      seconds: 1,
      size: 128,
    })
    for (let tries = 1; res.statusCode === 503 && tries < 3; tries++) {
      await new Promise((r) => setTimeout(r, Number(res.headers['retry-after'] ?? 1) * 1000))
      res = await client.call('POST', '/api/gif-avatar', me, {
        text: 'Thanks for the follow, welcome to the stream everyone!',
        seconds: 1,
        size: 128,
      })
    }
    expect(res.statusCode, res.body).toBe(200)
    const gif = res.json<{ gif: GifAvatar }>().gif
    expect(gif.seconds).toBeGreaterThan(1.5)
    expect(gif.seconds).toBeLessThanOrEqual(6)
  })

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = (await storedGifs(me.id)).length
    const bad: Array<[object, number, string]> = [
      [{ size: 100 }, 400, 'size must be one of 128, 256, 384'],
      [{ seconds: 30 }, 400, 'A GIF lasts at most 6 seconds'],
      [{ text: 'x'.repeat(201) }, 400, 'The text must be at most 200 characters'],
      [
        { influencer_id: 'streamer', custom_avatar_id: 1 },
        400,
        'Choose an influencer or a custom avatar, not both',
      ],
      [{ influencer_id: 'nobody' }, 404, 'Avatar not found'],
      [{ custom_avatar_id: 999999 }, 404, 'Avatar not found'],
    ]
    for (const [payload, status, message] of bad) {
      const res = await client.call('POST', '/api/gif-avatar', me, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(status)
      expect(res.json<{ message: string }>().message).toBe(message)
    }
    expect((await client.call('GET', '/api/gif-avatar/not-an-id', me)).json()).toMatchObject({
      message: 'Invalid GIF avatar id',
    })
    expect((await storedGifs(me.id)).length).toBe(before)
  })
})
