import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SampleVideo } from '@mouthpiece/contracts/landing/landing.contract'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

describe('landing sample videos', () => {
  let t: TestApp
  let admin: Record<string, string>
  const post = (url: string, payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers })
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/sample-output-videos' })).json<{
      videos: SampleVideo[]
    }>().videos

  beforeAll(async () => {
    t = await createTestApp()
    const res = await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' }, {})
    admin = { authorization: `Bearer ${res.json<{ token: string }>().token}` }
  })
  afterAll(async () => t.close())

  it('has none until an operator adds real videos, then lists them in order', async () => {
    expect(await list()).toEqual([])
    expect(
      (await post('/api/admin/sample-output-videos', { title: 'x', video_url: '/api/files/a.mp4' }, {}))
        .statusCode,
    ).toBe(401)
    const second = await post('/api/admin/sample-output-videos', {
      title: 'Hype alert',
      video_url: '/api/files/renders/hype.mp4',
      order: 2,
    })
    expect(second.statusCode).toBe(200)
    await post('/api/admin/sample-output-videos', {
      title: 'Stream intro',
      video_url: 'https://cdn.example.com/intro.mp4',
      poster_url: 'https://cdn.example.com/intro.jpg',
      order: 1,
    })
    expect((await list()).map((v) => [v.title, v.poster_url])).toEqual([
      ['Stream intro', 'https://cdn.example.com/intro.jpg'],
      ['Hype alert', null],
    ])
    const bad = await post('/api/admin/sample-output-videos', {
      title: 'Bad',
      video_url: 'javascript:alert(1)',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ message: 'Please enter an http(s) link or a path on this server' })

    const { id } = second.json<{ video: SampleVideo }>().video
    expect((await post('/api/admin/sample-output-videos/delete', { id })).json()).toEqual({ ok: true })
    expect((await list()).map((v) => v.title)).toEqual(['Stream intro'])
    expect((await post('/api/admin/sample-output-videos/delete', { id })).statusCode).toBe(404)
  })
})
