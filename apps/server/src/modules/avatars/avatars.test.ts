import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type { CustomAvatar, InfluencerItem } from '@mouthpiece/contracts/avatars/avatars.contract'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { lookFromPrompt } from '@mouthpiece/avatar/look-prompt'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { multipartFile, rendersClient } from '../renders/testing'

describe('avatars: influencers and custom avatars', () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>

  beforeAll(async () => {
    t = await createTestApp()
    client = rendersClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it('lists the seeded influencers with a drawn preview, the spec default first', async () => {
    const res = await client.call('GET', '/api/influencers')
    expect(res.statusCode).toBe(200)
    const { influencers, default_id } = res.json<{ influencers: InfluencerItem[]; default_id: string }>()
    expect(default_id).toBe('streamer')
    expect(influencers[0]).toMatchObject({
      id: 'streamer',
      description: 'a streamer avatar',
      model_style: 'Old',
      emotion: 'Neutral',
    })
    expect(new Set(influencers.map((i) => i.id)).size).toBeGreaterThanOrEqual(8)
    const png = await client.call('GET', influencers[1]!.preview_url)
    expect(png.headers['content-type']).toBe('image/png')
    const meta = await sharp(png.rawPayload).metadata()
    expect(meta).toMatchObject({ width: 256, height: 256, hasAlpha: true })
    expect((await client.call('GET', '/api/influencers/nobody/preview.png')).json()).toMatchObject({
      message: 'Avatar not found',
    })
  })

  it('generates, retries, renames, uses and deletes a custom avatar from the look prompt', async () => {
    const me = await client.register('designer')
    const prompt = {
      wearing: 'a red hoodie and headphones',
      style: 'anime',
      inspired: 'cat streamer',
      color: 'pink hair',
      modifier1: 'glasses',
      modifier2: '',
      positivePrompt: 'freckles',
      negativePrompt: 'hat',
    }
    const made = await client.call('POST', '/api/custom-avatar/generate', me, { name: 'Kit', prompt })
    expect(made.statusCode, made.body).toBe(200)
    const avatar = made.json<{ avatar: CustomAvatar }>().avatar
    // Deterministic: the same prompt gives the same look; what was asked for is there, the negative prompt's is not.
    expect(avatar.look).toEqual(lookFromPrompt(prompt))
    expect(avatar.look).toMatchObject({ top: 'hoodie', eyeStyle: 'anime', hat: 'none' })
    expect(avatar.look.extras).toEqual(expect.arrayContaining(['headset', 'glasses', 'freckles']))
    const still = await client.call('GET', avatar.preview_url, me)
    expect(still.headers['content-type']).toBe('image/png')
    expect((await sharp(still.rawPayload).metadata()).width).toBe(256)

    const retried = (await client.call('POST', `/api/custom-avatar/${avatar.id}/retry`, me)).json<{
      avatar: CustomAvatar
    }>().avatar
    expect(retried.variation).toBe(1)
    expect(retried.look.seed).not.toBe(avatar.look.seed)
    expect(retried.look).toMatchObject({ top: 'hoodie', eyeStyle: 'anime', hat: 'none' })
    const renamed = await client.call('POST', `/api/custom-avatar/${avatar.id}/update`, me, { name: 'Kit 2' })
    expect(renamed.json()).toMatchObject({ avatar: { name: 'Kit 2', variation: 1 } })
    expect((await client.call('GET', '/api/custom-avatar', me)).json()).toMatchObject({
      avatars: [{ id: avatar.id, name: 'Kit 2' }],
    })

    // Only its owner sees it or makes videos with it.
    const other = await client.register('stranger')
    expect((await client.call('GET', `/api/custom-avatar/${avatar.id}`, other)).statusCode).toBe(404)
    expect(
      (
        await client.call('POST', '/api/quick-create', other, { text: 'Hi', custom_avatar_id: avatar.id })
      ).json(),
    ).toMatchObject({ message: 'Avatar not found' })
    const render = await client.call('POST', '/api/quick-create', me, {
      text: 'Hi, I am Kit.',
      custom_avatar_id: avatar.id,
    })
    expect(render.statusCode, render.body).toBe(200)
    expect(render.json<{ render: Render }>().render).toMatchObject({
      avatar_name: 'Kit 2',
      custom_avatar_id: avatar.id,
      look: retried.look,
    })

    // Custom style upload: the avatar wears the colours a picture mostly shows (a navy and gold jersey).
    const stripe = await sharp({ create: { width: 90, height: 24, channels: 3, background: '#D4A72C' } })
      .png()
      .toBuffer()
    const jersey = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#23305E' } })
      .composite([{ input: stripe, top: 36, left: 0 }])
      .png()
      .toBuffer()
    const upload = (url: string, who: { token: string }, data: Buffer) => {
      const form = multipartFile('file', 'jersey.png', 'image/png', data)
      return t.app.inject({
        method: 'POST',
        url,
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${who.token}` },
      })
    }
    const styled = await upload(`/api/custom-avatar/${avatar.id}/style-upload`, me, jersey)
    expect(styled.statusCode, styled.body).toBe(200)
    const { avatar: dressed, colours } = styled.json<{ avatar: CustomAvatar; colours: string[] }>()
    expect(colours).toEqual(['navy', 'gold'])
    expect(dressed.prompt).toMatchObject({ ...prompt, color: 'navy and gold' })
    expect(dressed.look).toEqual(lookFromPrompt(dressed.prompt))
    expect([dressed.look.topColor, dressed.look.accentColor]).toContain('#23305E')
    expect(
      (await upload(`/api/custom-avatar/${avatar.id}/style-upload`, me, Buffer.from('not a picture'))).json(),
    ).toMatchObject({ message: 'Please upload a picture (JPEG, PNG or WebP).' })
    expect((await upload(`/api/custom-avatar/${avatar.id}/style-upload`, other, jersey)).statusCode).toBe(404)

    expect((await client.call('POST', `/api/custom-avatar/${avatar.id}/delete`, me)).json()).toEqual({
      deleted: true,
    })
    expect((await client.call('GET', `/api/custom-avatar/${avatar.id}`, me)).json()).toMatchObject({
      message: 'Avatar not found',
    })
    expect((await client.call('GET', avatar.preview_url, me)).statusCode).toBe(404)
    // The render keeps the look it was made with.
    const kept = await client.call('GET', `/api/renders/${render.json<{ render: Render }>().render.id}`, me)
    expect(kept.json()).toMatchObject({
      render: { avatar_name: 'Kit 2', custom_avatar_id: null, look: retried.look },
    })
  })
})
