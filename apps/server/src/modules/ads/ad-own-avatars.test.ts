import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdGeneration } from '@mouthpiece/contracts/ads/videos.contract'
import type { CustomAvatar } from '@mouthpiece/contracts/avatars/avatars.contract'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { rendersClient } from '../renders/testing'

const PROMPT = {
  wearing: 'a coral blazer',
  style: 'cartoon',
  inspired: '',
  color: 'red hair',
  modifier1: '',
  modifier2: '',
  positivePrompt: '',
  negativePrompt: '',
}

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
    const theirs = (
      await client.call('POST', '/api/custom-avatar/generate', owner, { name: 'Their face', prompt: PROMPT })
    ).json<{ avatar: CustomAvatar }>().avatar
    const me = await client.register('adlooksme')
    const made = await client.call('POST', '/api/custom-avatar/generate', me, {
      name: 'Shop face',
      prompt: PROMPT,
    })
    expect(made.statusCode, made.body).toBe(200)
    const mine = made.json<{ avatar: CustomAvatar }>().avatar
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
