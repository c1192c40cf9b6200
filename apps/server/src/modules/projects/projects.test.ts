import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Project } from '@mouthpiece/contracts/projects/projects.schemas'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import sharp from 'sharp'
import { multipartFile, rendersClient } from '../renders/testing'

type Answer = { project: Project }

describe('projects: versioned documents, change kinds, undo, ownership', () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>
  const ESPEAK = 'espeak:en-us'

  beforeAll(async () => {
    t = await createTestApp()
    client = rendersClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it('creates a project with the spec defaults, checks names, lists and pages', async () => {
    const me = await client.register('editor')
    expect(
      (await client.call('POST', '/api/check-project-name', me, { name: 'My first video' })).json(),
    ).toEqual({ available: true, message: null })
    const made = await client.call('POST', '/api/create-project', me, { name: 'My first video' })
    expect(made.statusCode, made.body).toBe(200)
    const { project } = made.json<Answer>()
    expect(project).toMatchObject({
      name: 'My first video',
      version: 1,
      scene_count: 1,
      origin_mode: 1000,
      undo_depth: 0,
    })
    const doc = project.document
    expect(doc.settings).toEqual({
      video_volume: 1,
      avatar_volume: 1,
      video_resolution: '720p',
      video_orientation: 'landscape',
    })
    const scene = doc.scenes[0]!
    expect(scene.avatarData).toMatchObject({
      influencer: 'streamer',
      modelStyle: 'Old',
      emotion: 'Neutral',
      showAvatar: true,
      energy: 1.5,
      position: { width: 256, height: 256 },
    })
    expect(scene.captionData).toMatchObject({
      x: 400,
      y: 350,
      w: 420,
      h: 64,
      fontWeight: 800,
      color: ['#05FBCA', '#FFFFFF'],
      fontFamily: 'Roboto',
      display: true,
    })
    expect(scene.audioData).toMatchObject({
      numberOfSamples: 4,
      generatedLinks: [],
      audioFile: null,
      status: { flow: 1 },
    })

    expect(
      (await client.call('POST', '/api/check-project-name', me, { name: 'my FIRST video' })).json(),
    ).toEqual({ available: false, message: 'You already have a project with this name' })
    const dup = await client.call('POST', '/api/create-project', me, { name: 'MY FIRST VIDEO' })
    expect(dup.statusCode).toBe(422)
    expect(dup.json()).toMatchObject({
      code: 'name_taken',
      errors: { name: ['You already have a project with this name'] },
    })
    expect((await client.call('POST', '/api/create-project', me, { name: '   ' })).json()).toMatchObject({
      message: 'Please enter a project name',
    })

    await client.call('POST', '/api/create-project', me, { name: 'Second' })
    const list = await client.call('GET', '/api/get-projects?page=1', me)
    expect(list.json()).toMatchObject({
      total: 2,
      lastPage: 1,
      list: [{ name: 'Second' }, { name: 'My first video' }],
    })
    expect((await client.call('GET', '/api/get-projects?page=1&keyword=first', me)).json()).toMatchObject({
      total: 1,
      list: [{ name: 'My first video' }],
    })
    expect((await client.call('GET', '/api/get-projects')).statusCode).toBe(401)
  })

  it("hides another user's project entirely (404, nothing leaked, nothing changed)", async () => {
    const owner = await client.register('owner')
    const other = await client.register('other')
    const { project } = (
      await client.call('POST', '/api/create-project', owner, { name: 'Private' })
    ).json<Answer>()
    const scene = project.document.scenes[0]!.id
    const attempts = [
      ['GET', `/api/get-project/${project.id}`, undefined],
      ['POST', `/api/projects/${project.id}/update`, { version: 1, name: 'Hacked' }],
      ['POST', `/api/projects/${project.id}/delete`, {}],
      [
        'POST',
        `/api/projects/${project.id}/assets/create`,
        { version: 1, sceneId: scene, asset: { id: 'a1', type: 'text', text: 'x' } },
      ],
      ['POST', `/api/projects/${project.id}/assets/undo`, { version: 1 }],
      ['GET', `/api/projects/${project.id}/files/audio_id_x.wav`, undefined],
      ['GET', '/api/get-project/999999', undefined],
    ] as const
    for (const [method, url, body] of attempts) {
      const res = await client.call(method, url, other, body)
      expect(res.statusCode, url).toBe(404)
      expect(res.json()).toEqual({ code: 'not_found', message: 'Project not found' })
    }
    expect((await client.call('GET', `/api/get-project/${project.id}`, owner)).json()).toMatchObject({
      project: { name: 'Private', version: 1 },
    })
  })

  it('applies the change kinds, refuses a stale version with 409 and the current version, and undoes several steps', async () => {
    const me = await client.register('versions')
    const { project } = (
      await client.call('POST', '/api/create-project', me, { name: 'Versions' })
    ).json<Answer>()
    const sceneId = project.document.scenes[0]!.id
    const up = (version: number, changes: object[]) =>
      client.call('POST', `/api/projects/${project.id}/update`, me, { version, changes })

    const v2 = await up(1, [
      { kind: 'captionData', sceneId, data: { x: 300, fontSize: 48, color: ['#FF6A59', '#FFFFFF'] } },
    ])
    expect(v2.statusCode, v2.body).toBe(200)
    expect(v2.json<Answer>().project).toMatchObject({
      version: 2,
      undo_depth: 1,
      document: { scenes: [{ captionData: { x: 300, y: 350, fontSize: 48 } }] },
    })
    const v3 = (
      await up(2, [
        {
          kind: 'avatarData',
          sceneId,
          data: { emotion: 'Happy', position: { width: 300, height: 300, x: 500, y: 200, angle: 15 } },
        },
      ])
    ).json<Answer>()
    expect(v3.project.document.scenes[0]!.avatarData).toMatchObject({
      emotion: 'Happy',
      position: { width: 300, angle: 15 },
    })
    const v4 = (
      await up(3, [
        {
          kind: 'asset',
          sceneId,
          assetId: 'logo',
          data: { type: 'text', text: 'Subscribe!', start: 1, end: 3 },
        },
      ])
    ).json<Answer>()
    expect(v4.project.document.scenes[0]!.assets).toMatchObject([
      { id: 'logo', type: 'text', text: 'Subscribe!', layer: 0 },
    ])

    // Another tab still on version 3: refused, nothing changed, the answer says which version is current.
    const stale = await up(3, [{ kind: 'captionData', sceneId, data: { x: 1 } }])
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toEqual({
      code: 'version_conflict',
      message: 'This project was changed in another tab or window. Reload to get the latest version.',
      errors: { version: ['4'] },
    })
    const now = (await client.call('GET', `/api/get-project/${project.id}`, me)).json<Answer>().project
    expect(now.version).toBe(4)
    expect(now.document.scenes[0]!.captionData.x).toBe(300)

    // Bad input changes nothing either: 10,000 characters, an invalid partial, an unknown scene.
    const long = await up(4, [{ kind: 'text', sceneId, text: 'a'.repeat(10_000) }])
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({
      code: 'validation',
      message: 'A scene holds at most 1000 characters. Split the text into more scenes.',
    })
    expect((await up(4, [{ kind: 'captionData', sceneId, data: { fontWeight: 950 } }])).statusCode).toBe(400)
    const unknown = await up(4, [{ kind: 'avatarData', sceneId: 'nope', data: { showAvatar: false } }])
    expect(unknown.json()).toMatchObject({ code: 'not_found', message: 'Scene not found' })
    const badAsset = await up(4, [{ kind: 'asset', sceneId, assetId: 'logo', data: { start: 5, end: 2 } }])
    expect(badAsset.json()).toMatchObject({ message: 'An asset must end after it starts' })
    expect(
      (await client.call('GET', `/api/get-project/${project.id}`, me)).json<Answer>().project.version,
    ).toBe(4)

    // Delete action 1 removes the asset.
    const v5 = (await up(4, [{ kind: 'asset', sceneId, assetId: 'logo', action: 1 }])).json<Answer>().project
    expect(v5.document.scenes[0]!.assets).toEqual([])

    // Undo three steps: asset back, then the avatar change gone, then the asset gone again... in order.
    const undo = (version: number) =>
      client.call('POST', `/api/projects/${project.id}/assets/undo`, me, { version })
    const u1 = (await undo(5)).json<Answer>().project
    expect(u1).toMatchObject({ version: 6, undo_depth: 3 })
    expect(u1.document.scenes[0]!.assets).toMatchObject([{ id: 'logo' }])
    const u2 = (await undo(6)).json<Answer>().project
    expect(u2.document.scenes[0]!.assets).toEqual([])
    const u3 = (await undo(7)).json<Answer>().project
    expect(u3.document.scenes[0]!.avatarData.emotion).toBe('Neutral')
    expect(u3.document.scenes[0]!.captionData.x).toBe(300)
    expect((await undo(7)).statusCode).toBe(409)
    const u4 = (await undo(8)).json<Answer>().project
    expect(u4.document.scenes[0]!.captionData.x).toBe(400)
    const none = await undo(9)
    expect(none.statusCode).toBe(409)
    expect(none.json()).toMatchObject({ code: 'nothing_to_undo', message: 'Nothing to undo' })
  })

  it('asset calls create, copy, update and delete', async () => {
    const me = await client.register('assets')
    const { project } = (
      await client.call('POST', '/api/create-project', me, { name: 'Assets' })
    ).json<Answer>()
    const sceneId = project.document.scenes[0]!.id
    const base = `/api/projects/${project.id}/assets`
    const created = await client.call('POST', `${base}/create`, me, {
      version: 1,
      sceneId,
      asset: { id: 'img1', type: 'text', text: 'Hello', x: 100, y: 100 },
    })
    expect(created.statusCode, created.body).toBe(200)
    const copied = (
      await client.call('POST', `${base}/copy`, me, { version: 2, sceneId, assetId: 'img1', newId: 'img2' })
    ).json<Answer>().project
    expect(copied.document.scenes[0]!.assets).toMatchObject([
      { id: 'img1', x: 100 },
      { id: 'img2', x: 116, text: 'Hello' },
    ])
    const updated = (
      await client.call('POST', `${base}/update`, me, {
        version: 3,
        sceneId,
        assetId: 'img2',
        data: { layer: 2, w: 50 },
      })
    ).json<Answer>().project
    expect(updated.document.scenes[0]!.assets[1]).toMatchObject({ layer: 2, w: 50 })
    expect(
      (
        await client.call('POST', `${base}/update`, me, {
          version: 4,
          sceneId,
          assetId: 'img2',
          data: { layer: 4 },
        })
      ).statusCode,
    ).toBe(400)
    const deleted = (
      await client.call('POST', `${base}/delete`, me, { version: 4, sceneId, assetId: 'img1' })
    ).json<Answer>().project
    expect(deleted.document.scenes[0]!.assets.map((a) => a.id)).toEqual(['img2'])
    expect(
      (await client.call('POST', `${base}/delete`, me, { version: 5, sceneId, assetId: 'img1' })).json(),
    ).toMatchObject({ message: 'Asset not found' })
  })

  it('a scene text edit re-speaks it and re-times its captions from the new words (script-anchored)', async () => {
    const me = await client.register('script')
    const { project } = (
      await client.call('POST', '/api/create-project', me, {
        name: 'Script',
        scenes: ['Hello there, welcome to my channel.'],
      })
    ).json<Answer>()
    const first = project.document.scenes[0]!
    expect(first.audioData.generatedLinks).toHaveLength(1)
    const take1 = first.audioData.generatedLinks[0]!
    expect(first.audioData.audioFile).toBe(take1.id)
    expect(take1.words.map((w) => w.text).join(' ')).toMatch(/Hello there/)
    expect(first.captionData.captions.map((c) => c.caption).join(' ')).toBe(
      take1.words.map((w) => w.text).join(' '),
    )

    const sceneId = first.id
    const edited = await client.call('POST', `/api/projects/${project.id}/update`, me, {
      version: project.version,
      changes: [
        { kind: 'audioData', sceneId, data: { voiceId: ESPEAK } },
        { kind: 'text', sceneId, text: 'Hello there, welcome back to my gaming channel everyone.' },
      ],
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const scene = edited.json<Answer>().project.document.scenes[0]!
    const take = scene.audioData.generatedLinks.find((t) => t.id === scene.audioData.audioFile)!
    expect(scene.audioData.audioFile).not.toBe(take1.id)
    expect(take).toMatchObject({ text: 'Hello there, welcome back to my gaming channel everyone.' })
    expect(scene.audioData.generatedLinks.some((t) => t.id === take1.id)).toBe(false)
    // Captions cover every word of the new take, in order, with its times.
    const words = take.words
    expect(scene.captionData.captions.at(-1)!.words![1]).toBe(words.length)
    expect(scene.captionData.captions[0]!.timestamp[0]).toBeCloseTo(words[0]!.start, 2)
    expect(scene.captionData.captions.at(-1)!.timestamp[1]).toBeCloseTo(words.at(-1)!.end, 2)
    const wav = await client.call('GET', take.url, me)
    expect(wav.statusCode).toBe(200)
    expect(wav.headers['content-type']).toBe('audio/wav')
    // A new voice alone re-speaks the scene too (the take of the same text with the old voice stays to pick).
    const v = edited.json<Answer>().project.version
    const revoiced = (
      await client.call('POST', `/api/projects/${project.id}/update`, me, {
        version: v,
        changes: [{ kind: 'audioData', sceneId, data: { voiceId: 'espeak:en-us+f3', emotion: 'Happy' } }],
      })
    ).json<Answer>().project
    const rs = revoiced.document.scenes[0]!
    expect(rs.audioData.audioFile).not.toBe(take.id)
    expect(rs.audioData.generatedLinks.map((l) => l.id)).toContain(take.id)
    expect(
      (
        await client.call('POST', `/api/projects/${project.id}/assets/undo`, me, {
          version: revoiced.version,
        })
      ).statusCode,
    ).toBe(200)

    // Undo brings the old script, take and captions back; its file is kept for that.
    const undone = (
      await client.call('POST', `/api/projects/${project.id}/assets/undo`, me, {
        version: revoiced.version + 1,
      })
    ).json<Answer>().project
    expect(undone.document.scenes[0]).toMatchObject({
      text: first.text,
      audioData: { audioFile: take1.id },
      captionData: { captions: first.captionData.captions },
    })
    expect((await client.call('GET', take1.url, me)).statusCode).toBe(200)
  })

  it('uploads asset files recognised by content (a picture), refusing anything else', async () => {
    const me = await client.register('uploader')
    const { project } = (
      await client.call('POST', '/api/create-project', me, { name: 'Uploads' })
    ).json<Answer>()
    const png = await sharp({ create: { width: 64, height: 32, channels: 4, background: '#FF6A59' } })
      .png()
      .toBuffer()
    const send = (data: Buffer, name: string) => {
      const form = multipartFile('file', name, 'application/octet-stream', data)
      return t.app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/assets/upload`,
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${me.token}` },
      })
    }
    const ok = await send(png, 'logo.png')
    expect(ok.statusCode, ok.body).toBe(200)
    const body = ok.json<{ file: string; url: string; kind: string }>()
    expect(body).toMatchObject({ kind: 'image', duration: null })
    expect((await client.call('GET', body.url, me)).rawPayload.equals(png)).toBe(true)
    const bad = await send(Buffer.from('#!/bin/sh\necho hi'), 'logo.png')
    expect(bad.statusCode).toBe(422)
    expect(bad.json()).toMatchObject({
      code: 'not_media',
      message: 'Please upload a picture, a video or an audio file.',
    })
  })

  it('deletes a project and its files', async () => {
    const me = await client.register('deleter')
    const { project } = (
      await client.call('POST', '/api/create-project', me, { name: 'Doomed', scenes: ['Short line.'] })
    ).json<Answer>()
    const url = project.document.scenes[0]!.audioData.generatedLinks[0]!.url
    expect((await client.call('POST', `/api/projects/${project.id}/delete`, me, {})).json()).toEqual({
      deleted: true,
    })
    expect((await client.call('GET', `/api/get-project/${project.id}`, me)).statusCode).toBe(404)
    expect(await t.storage.list(`projects/${project.id}/`)).toEqual([])
    expect((await client.call('GET', url, me)).statusCode).toBe(404)
  })
})
