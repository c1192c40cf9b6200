import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type { StorageUse, StoredAsset } from '@mouthpiece/contracts/projects/asset-library.contract'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { projectsClient } from '../testing/projects-client'
import type { ProjectAnswer } from '../testing/projects-client'

type Listing = { list: StoredAsset[]; total: number; lastPage: number; storage: StorageUse }

describe('asset management: my stored files, their sizes, deleting what is not in use', () => {
  let t: TestApp
  let client: ReturnType<typeof projectsClient>

  beforeAll(async () => {
    t = await createTestApp()
    client = projectsClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it('lists uploads and takes with their real sizes, refuses files in use, deletes the rest', async () => {
    const me = await client.register('library')
    const other = await client.register('library-other')
    const list = async (kind: string, who = me) => {
      const res = await client.call('GET', `/api/asset-management?kind=${kind}&page=1`, who)
      expect(res.statusCode, res.body).toBe(200)
      return res.json<Listing>()
    }
    const remove = (id: string, who = me) => client.call('POST', '/api/asset-management/delete', who, { id })

    const empty = await list('uploads')
    expect(empty).toMatchObject({ list: [], total: 0, storage: { total_bytes: 0 } })

    const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#FF6A59' } })
      .png()
      .toBuffer()
    expect(
      (
        await client.upload(
          me,
          '/api/project-backgrounds/upload',
          {},
          { name: 'coral.png', type: 'image/png', data: png },
        )
      ).statusCode,
    ).toBe(200)
    // A project whose only scene was spoken, then re-written: two takes, the first kept for undo.
    const project = await client.create(me, { name: 'Library', scenes: ['First words of my video.'] })
    const sceneId = project.document.scenes[0]!.id
    const edited = await client.call('POST', `/api/projects/${project.id}/update`, me, {
      version: project.version,
      changes: [{ kind: 'text', sceneId, text: 'Second words, after an edit.' }],
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const chosen = edited.json<ProjectAnswer>().project.document.scenes[0]!.audioData.audioFile!

    const uploads = await list('uploads')
    expect(uploads.list).toMatchObject([
      { kind: 'uploads', name: 'coral.png', media: 'image', bytes: png.length, locked: null },
    ])
    const audio = await list('audio')
    expect(audio.total).toBe(2)
    const inUse = audio.list.find((a) => a.id === `take:${project.id}:${chosen}`)!
    const earlier = audio.list.find((a) => a.id !== inUse.id)!
    expect(inUse.locked).toMatch(/uses this take/)
    expect(inUse.bytes).toBeGreaterThan(1000)
    expect(audio.storage.by_kind).toMatchObject({ uploads: png.length, audio: inUse.bytes + earlier.bytes })
    expect(audio.storage.total_bytes).toBe(png.length + inUse.bytes + earlier.bytes)
    expect((await client.call('GET', inUse.preview_url!, me)).headers['content-type']).toBe('audio/wav')

    // In use (by the document, or by a version undo can return to): refused, nothing changes.
    const refused = await remove(inUse.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ message: 'A scene uses this take. Pick another take first.' })
    expect((await remove(earlier.id)).json()).toMatchObject({ code: 'in_use' })
    expect((await list('audio')).total).toBe(2)

    // Someone else's file, or a made-up id: not found, nothing changes.
    expect((await remove(uploads.list[0]!.id, other)).statusCode).toBe(404)
    expect((await remove(`take:${project.id}:${chosen}`, other)).statusCode).toBe(404)
    expect((await remove('render:not-a-uuid')).statusCode).toBe(404)
    expect((await remove('../../etc/passwd')).statusCode).toBe(404)
    expect((await list('uploads', other)).storage.total_bytes).toBe(0)

    const gone = await remove(uploads.list[0]!.id)
    expect(gone.statusCode, gone.body).toBe(200)
    expect(gone.json<{ storage: StorageUse }>().storage).toMatchObject({
      by_kind: { uploads: 0 },
      counts: { uploads: 0, audio: 2 },
    })
    expect((await list('uploads')).total).toBe(0)
    expect((await client.call('GET', '/api/asset-management?kind=secrets', me)).statusCode).toBe(400)
    expect((await client.call('GET', '/api/asset-management')).statusCode).toBe(401)
  })
})
