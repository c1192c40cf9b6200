import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { speak, writeAudio } from '../../../platform/media'
import { multipartFile, rendersClient } from '../../renders/testing'

const HEADER = [
  'User ID',
  'Username',
  'Visitor ID',
  'Kind',
  'Render ID',
  'File',
  'Bytes',
  'Media seconds',
  'Created at',
]

/** SPEC §7 "blob exports for … usage files": the files users' usage left in storage, per user. */
describe('usage files export', () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>
  let admin: Record<string, string>

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    client = rendersClient(t)
    const login = await client.call('POST', '/api/admin/login', undefined, {
      username: 'admin',
      password: 'admin-password-1',
    })
    admin = { authorization: `Bearer ${login.json<{ token: string }>().token}` }
  })
  afterAll(async () => t.close())

  const exportCsv = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/export-usage-files', headers: admin })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="usage-files-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(header).toBe(HEADER.join(','))
    return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [HEADER[i]!, cell])))
  }

  it('lists every stored file with its owner, kind, render, size and media length', async () => {
    expect(await exportCsv()).toEqual([])

    const maker = await client.register('filer')
    // A finished render: its video, poster, audio and captions.
    const made = await client.call('POST', '/api/quick-create', maker, {
      text: 'Thanks for the raid!',
      voice_id: 'espeak:en-us',
    })
    expect(made.statusCode, made.body).toBe(200)
    const render = await client.waitDone(made.json<{ render: Render }>().render.id, maker)
    expect(render.status).toBe(3)
    // A custom avatar's still.
    const prompt = {
      wearing: 'a green jacket',
      style: 'cartoon',
      inspired: 'fox',
      color: 'red hair',
      modifier1: '',
      modifier2: '',
      positivePrompt: '',
      negativePrompt: '',
    }
    expect(
      (await client.call('POST', '/api/custom-avatar/generate', maker, { name: 'Fox', prompt })).statusCode,
    ).toBe(200)
    // A voice upload: the recording as sent and its processed WAV.
    const spoken = await speak({
      text: 'This is how I sound.',
      voiceId: 'espeak:en-us+m3',
      emotion: 'Neutral',
      intensity: 0.5,
    })
    const mp3 = path.join(t.config.dataDir, 'me.mp3')
    await writeAudio(spoken, mp3, 'mp3')
    const form = multipartFile('file', 'me.mp3', 'audio/mpeg', fs.readFileSync(mp3))
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${maker.token}` },
    })
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const uuid = uploaded.json<{ process: { uuid_path: string } }>().process.uuid_path
    await expect
      .poll(
        async () =>
          (await client.call('GET', `/api/audio/check?uuid_path=${uuid}`, maker)).json<{ ready: boolean }>()
            .ready,
        { timeout: 30_000 },
      )
      .toBe(true)

    const rows = await exportCsv()
    const kinds = rows.map((r) => r.Kind)
    expect(kinds).toEqual(
      expect.arrayContaining([
        'render video',
        'render poster',
        'render captions (vtt)',
        'avatar preview',
        'voice upload',
        'voice upload (processed wav)',
      ]),
    )
    for (const row of rows) {
      expect(row).toMatchObject({ 'User ID': String(maker.id), Username: maker.username, 'Visitor ID': '' })
      // The size is what storage holds for that key.
      const stored = await t.storage.stat(row.File!)
      expect(Number(row.Bytes)).toBe(stored!.size)
      expect(row['Created at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    }
    const video = rows.find((r) => r.Kind === 'render video')!
    expect(video['Render ID']).toBe(render.id)
    expect(Number(video['Media seconds'])).toBeCloseTo(render.duration!, 1)
    expect(rows.find((r) => r.Kind === 'render poster')!['Media seconds']).toBe('')
    expect(rows.find((r) => r.Kind === 'voice upload')!['Render ID']).toBe('')
    expect(Number(rows.find((r) => r.Kind === 'voice upload')!['Media seconds'])).toBeGreaterThan(0.5)

    // A file its row still names but storage no longer holds is not counted.
    await t.storage.delete(video.File!)
    const after = await exportCsv()
    expect(after.map((r) => r.Kind)).not.toContain('render video')
    expect(after).toHaveLength(rows.length - 1)
  }, 120_000)

  it('is for admins only', async () => {
    const user = await client.register('nosy')
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/export-usage-files' })).statusCode).toBe(401)
    expect((await client.call('GET', '/api/admin/export-usage-files', user)).statusCode).toBe(403)
  })
})
