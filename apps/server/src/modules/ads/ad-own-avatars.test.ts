import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdGeneration } from '@mouthpiece/contracts/ads/videos.contract'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { rendersClient } from '../renders/testing'

describe("ad videos presented by the user's own avatar", () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>

  beforeAll(async () => {
    t = await createTestApp()
    client = rendersClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it("my avatar presents my ad; another user's avatar is not found and nothing is made", async () => {
    const owner = await client.register('adlooksowner')
    const theirs = await client.drawnAvatar(owner, 'Their face')
    const me = await client.register('adlooksme')
    const mine = await client.drawnAvatar(me, 'Shop face')
    const project = (
      await client.call('POST', '/api/ads/projects', me, { name: 'Launch', placements: ['story'] })
    ).json<{ project: { id: number } }>().project
    const videos = `/api/ads/projects/${project.id}/videos`

    const stolen = await client.call('POST', videos, me, {
      text: 'Fresh beans.',
      custom_avatar_id: theirs.id,
    })
    expect(stolen.statusCode).toBe(404)
    expect(stolen.json()).toMatchObject({ code: 'not_found', message: 'Avatar not found' })
    const two = await client.call('POST', videos, me, {
      text: 'Fresh beans.',
      custom_avatar_id: mine.id,
      influencer_id: 'streamer',
    })
    expect(two.statusCode).toBe(400)
    expect(two.json()).toMatchObject({
      message: 'Please pick one presenter: an influencer, an ad avatar or one of your avatars.',
    })
    expect((await client.call('GET', videos, me)).json()).toEqual({ generations: [] })

    const res = await client.call('POST', videos, me, {
      text: 'Fresh beans every morning.',
      placement: 'story',
      custom_avatar_id: mine.id,
    })
    expect(res.statusCode, res.body).toBe(200)
    const gen = res.json<{ generation: AdGeneration }>().generation
    expect(gen).toMatchObject({
      custom_avatar_id: mine.id,
      influencer_id: null,
      ad_avatar_id: null,
      render: { source: 'ad_video', avatar_name: 'Shop face' },
    })
    expect(
      (await client.call('GET', videos, me)).json<{ generations: AdGeneration[] }>().generations,
    ).toHaveLength(1)
  })
})
