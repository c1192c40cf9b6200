import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type { ProjectBackgroundItem } from '@mouthpiece/contracts/projects/projects.contract'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { projectsClient } from './testing/projects-client'
import type { ProjectAnswer } from './testing/projects-client'

describe('projects: settings, video setting, backgrounds, duplicate, whole-document saves', () => {
  let t: TestApp
  let client: ReturnType<typeof projectsClient>

  beforeAll(async () => {
    t = await createTestApp()
    client = projectsClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it('changes settings (1080p only where the plan allows) and the project background', async () => {
    const me = await client.register('settings')
    const project = await client.create(me, { name: 'Settings' })
    const set = (version: number, settings: object) =>
      client.call('POST', `/api/projects/${project.id}/update-project-setting`, me, { version, settings })
    const v2 = (await set(1, { video_volume: 0.5, video_orientation: 'portrait' })).json<ProjectAnswer>()
      .project
    expect(v2.document.settings).toEqual({
      video_volume: 0.5,
      avatar_volume: 1,
      video_resolution: '720p',
      video_orientation: 'portrait',
    })
    const hd = await set(2, { video_resolution: '1080p' })
    expect(hd.statusCode).toBe(403)
    expect(hd.json()).toMatchObject({ code: 'upgrade_required' })
    expect((await set(2, { avatar_volume: 5 })).statusCode).toBe(400)

    // Backgrounds: upload (by content), list, rename, use, delete.
    const png = await sharp({ create: { width: 160, height: 90, channels: 3, background: '#0F4C81' } })
      .png()
      .toBuffer()
    const up = await client.upload(
      me,
      '/api/project-backgrounds/upload',
      {},
      { name: 'ocean.png', type: 'image/png', data: png },
    )
    expect(up.statusCode, up.body).toBe(200)
    const bg = up.json<{ background: ProjectBackgroundItem }>().background
    expect(bg).toMatchObject({ type: 'image', name: 'ocean.png' })
    const notMedia = await client.upload(
      me,
      '/api/project-backgrounds/upload',
      {},
      { name: 'x.png', type: 'image/png', data: Buffer.from('nope') },
    )
    expect(notMedia.json()).toMatchObject({ code: 'not_media' })
    expect((await client.call('GET', bg.url, me)).rawPayload.equals(png)).toBe(true)
    expect(
      (await client.call('POST', `/api/project-backgrounds/${bg.id}/update`, me, { name: 'Ocean' })).json(),
    ).toMatchObject({ background: { name: 'Ocean' } })
    expect((await client.call('GET', '/api/project-backgrounds', me)).json()).toMatchObject({
      backgrounds: [{ id: bg.id, name: 'Ocean' }],
    })

    const other = await client.register('nosy')
    expect((await client.call('GET', bg.url, other)).statusCode).toBe(404)
    const theirs = await client.create(other, { name: 'Theirs' })
    const steal = await client.call('POST', `/api/projects/${theirs.id}/video-setting`, other, {
      version: 1,
      background: { type: 'image', id: bg.id },
    })
    expect(steal.json()).toMatchObject({ code: 'not_found', message: 'Background not found' })

    const v3 = (
      await client.call('POST', `/api/projects/${project.id}/video-setting`, me, {
        version: 2,
        background: { type: 'image', id: bg.id },
      })
    ).json<ProjectAnswer>().project
    expect(v3.document.background).toEqual({ type: 'image', id: bg.id })
    const trim = await client.call('POST', `/api/projects/${project.id}/video-setting`, me, {
      version: 3,
      origin_duration: 5,
    })
    expect(trim.json()).toMatchObject({ message: 'Please add a base video first' })
    expect((await client.call('POST', `/api/project-backgrounds/${bg.id}/delete`, me, {})).json()).toEqual({
      deleted: true,
    })
    expect((await client.call('GET', bg.url, me)).statusCode).toBe(404)
  })

  it('saves a whole document (autosave) keeping the server-owned takes, and duplicates a project with its files', async () => {
    const me = await client.register('autosave')
    const project = await client.create(me, { name: 'Autosave', scenes: ['First line here.'] })
    const scene = project.document.scenes[0]!
    const take = scene.audioData.generatedLinks[0]!
    // A client that tries to invent a take or a generation state does not get them.
    const forged = {
      ...project.document,
      scenes: [
        {
          ...scene,
          captionData: { ...scene.captionData, x: 123 },
          audioData: {
            ...scene.audioData,
            generatedLinks: [{ ...take, id: 'forged', url: '/api/projects/999/files/x' }],
            audioFile: 'forged',
            status: { status: 3, flow: 7, queueType: 2, error: null },
          },
        },
        { id: 'added', text: '' },
      ],
    }
    const saved = await client.call('POST', `/api/projects/${project.id}/update`, me, {
      version: project.version,
      document: forged,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const doc = saved.json<ProjectAnswer>().project.document
    expect(doc.scenes).toHaveLength(2)
    expect(doc.scenes[0]).toMatchObject({
      captionData: { x: 123 },
      audioData: { audioFile: take.id, status: { flow: 1 } },
    })
    expect(doc.scenes[0]!.audioData.generatedLinks.map((l) => l.id)).toEqual([take.id])
    expect(doc.scenes[1]).toMatchObject({
      id: 'added',
      captionData: { w: 420, h: 64 },
      avatarData: { position: { width: 256 } },
    })

    const copy = await client.call('POST', `/api/projects/${project.id}/duplicate`, me, {})
    expect(copy.statusCode, copy.body).toBe(200)
    const dup = copy.json<ProjectAnswer>().project
    expect(dup).toMatchObject({ name: 'Autosave (copy)', scene_count: 2 })
    const dupTake = dup.document.scenes[0]!.audioData.generatedLinks[0]!
    expect(dupTake.url).toBe(`/api/projects/${dup.id}/files/audio_id_${take.id}.wav`)
    expect((await client.call('POST', `/api/projects/${project.id}/delete`, me, {})).statusCode).toBe(200)
    expect((await client.call('GET', dupTake.url, me)).statusCode).toBe(200)
    expect((await client.call('POST', `/api/projects/${dup.id}/duplicate`, me, {})).json()).toMatchObject({
      project: { name: 'Autosave (copy) (copy)' },
    })
  })
})
