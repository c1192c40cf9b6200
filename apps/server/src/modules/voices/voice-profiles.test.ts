import path from 'node:path'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SpokenPreview } from '@mouthpiece/contracts/voices/voices.contract'
import type { VoiceProfileItem, VoiceTag } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import { adminHeaders, createTestApp } from '../../../test/harness'
import { formData } from '../../../test/form-data'
import type { TestApp } from '../../../test/harness'
import { speak, writeAudio } from '../../platform/media'
import { rendersClient } from '../renders/testing'

const form = (
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; data: Buffer },
) => formData(fields, file ? [file] : [])

describe('voices: admin voice profiles with tags, emotion CSV', () => {
  let t: TestApp
  let admin: Record<string, string>
  const tags: Record<string, VoiceTag> = {}

  beforeAll(async () => {
    t = await createTestApp()
    admin = await adminHeaders(t.app)
  })
  afterAll(async () => {
    await t.close()
  })

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = admin,
  ) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
  const send = (method: 'POST', url: string, f: ReturnType<typeof form>) =>
    t.app.inject({ method, url, payload: f.payload, headers: { ...admin, ...f.headers } })
  const count = async () => (await call('GET', '/api/admin/voice-profiles')).json<{ total: number }>().total
  async function wav(text: string): Promise<Buffer> {
    const file = path.join(t.config.dataDir, `s-${text.length}.wav`)
    await writeAudio(
      await speak({ text, voiceId: 'espeak:en-gb', emotion: 'Neutral', intensity: 0.5 }),
      file,
      'wav',
    )
    return readFileSync(file)
  }

  it('adds tags in groups, refuses a duplicate, finds them by filter', async () => {
    for (const [category, name] of [
      ['gender', 'Female'],
      ['accent', 'British'],
      ['style', 'Calm'],
    ] as const) {
      const res = await call('POST', '/api/admin/voice-profiles/tags', { category, name })
      expect(res.statusCode, res.body).toBe(200)
      tags[name] = res.json<{ tag: VoiceTag }>().tag
    }
    const dup = await call('POST', '/api/admin/voice-profiles/tags', { category: 'accent', name: 'british' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toMatchObject({ message: 'The accent tag “british” already exists' })
    const bad = await call('POST', '/api/admin/voice-profiles/tags', { category: 'mood', name: 'x' })
    expect(bad.statusCode).toBe(400)
    const found = (await call('GET', '/api/admin/voice-profiles/tags?filter=brit')).json<{
      tags: VoiceTag[]
    }>().tags
    expect(found.map((x) => x.name)).toEqual(['British'])
    expect((await call('GET', '/api/admin/voice-profiles/tags', undefined, {})).statusCode).toBe(401)
  }, 120_000)

  let profile: VoiceProfileItem
  it('stores a profile (form data) with a spoken sample; lists, filters by tag, gets it; users speak with it', async () => {
    const res = await send(
      'POST',
      '/api/admin/voice-profiles',
      form({
        name: 'Posh Penny',
        engine_voice_id: 'espeak:en-gb+f3',
        rate: '1.1',
        pitch: '2',
        tag_ids: `${tags.Female!.id},${tags.British!.id}`,
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    profile = res.json<{ profile: VoiceProfileItem }>().profile
    expect(profile).toMatchObject({
      name: 'Posh Penny',
      voice_id: `profile:${profile.id}`,
      rate: 1.1,
      pitch: 2,
    })
    expect(profile.tags.map((x) => x.name).sort()).toEqual(['British', 'Female'])
    expect(profile.sample_seconds).toBeGreaterThan(1)
    const sample = await t.app.inject({
      method: 'GET',
      url: profile.sample_url!.replace(/^https?:\/\/[^/]+/, ''),
    })
    expect(sample.statusCode).toBe(200)
    expect(sample.headers['content-type']).toBe('audio/wav')

    const byTag = (await call('GET', `/api/admin/voice-profiles?tag=${tags.British!.id}`)).json<{
      list: VoiceProfileItem[]
    }>().list
    expect(byTag.map((p) => p.id)).toEqual([profile.id])
    expect(
      (await call('GET', `/api/admin/voice-profiles?tag=${tags.Calm!.id}`)).json<{ list: unknown[] }>().list,
    ).toEqual([])
    expect(
      (await call('GET', `/api/admin/voice-profiles/${profile.id}`)).json<{ profile: VoiceProfileItem }>()
        .profile.name,
    ).toBe('Posh Penny')

    const pub = await t.app.inject({ method: 'GET', url: '/api/voice-profiles' })
    expect(pub.json<{ profiles: VoiceProfileItem[]; tags: VoiceTag[] }>().tags).toHaveLength(3)
    const client = rendersClient(t)
    const user = await client.register('pick')
    const heard = await client.call('POST', '/api/voices/preview', user, {
      text: 'Hello chat!',
      voice_id: profile.voice_id,
    })
    expect(heard.statusCode, heard.body).toBe(200)
    expect(heard.json<SpokenPreview>().voice_label).toContain('Posh Penny')
  }, 120_000)

  it('updates with PUT (JSON) and with POST _method=PUT (form data, new sample); refuses bad input unchanged', async () => {
    const put = await call('PUT', `/api/admin/voice-profiles/${profile.id}`, {
      rate: 0.9,
      tag_ids: [tags.Calm!.id],
    })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json<{ profile: VoiceProfileItem }>().profile).toMatchObject({
      rate: 0.9,
      tags: [{ name: 'Calm' }],
    })

    const noOverride = await send('POST', `/api/admin/voice-profiles/${profile.id}`, form({ name: 'Nope' }))
    expect(noOverride.statusCode).toBe(422)

    const short = await send(
      'POST',
      `/api/admin/voice-profiles/${profile.id}`,
      form(
        { _method: 'PUT', name: 'Short' },
        { field: 'sample', name: 's.wav', type: 'audio/wav', data: await wav('Hi.') },
      ),
    )
    expect(short.statusCode).toBe(422)
    expect(short.json<{ message: string }>().message).toMatch(
      /^The sample is \d\.\d s long\. Please upload 3 to 60 seconds of speech\.$/,
    )
    const huge = await send(
      'POST',
      `/api/admin/voice-profiles/${profile.id}`,
      form(
        { _method: 'PUT', name: 'Huge' },
        { field: 'sample', name: 'h.wav', type: 'audio/wav', data: Buffer.alloc(11 * 1024 * 1024, 1) },
      ),
    )
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toMatchObject({
      message: 'The sample is too large. Please upload one under 10 MB.',
      errors: { sample: ['The sample is too large. Please upload one under 10 MB.'] },
    })
    const badVoice = await call('PUT', `/api/admin/voice-profiles/${profile.id}`, {
      engine_voice_id: 'espeak:xx-nowhere',
    })
    expect(badVoice.statusCode).toBe(422)
    expect(badVoice.json()).toMatchObject({ errors: { engine_voice_id: ['This voice is not installed'] } })
    const unchanged = (await call('GET', `/api/admin/voice-profiles/${profile.id}`)).json<{
      profile: VoiceProfileItem
    }>().profile
    expect(unchanged).toMatchObject({ name: 'Posh Penny', engine_voice_id: 'espeak:en-gb+f3', rate: 0.9 })

    const withSample = await send(
      'POST',
      `/api/admin/voice-profiles/${profile.id}`,
      form(
        { _method: 'PUT', name: 'Penny' },
        {
          field: 'sample',
          name: 'penny.wav',
          type: 'audio/wav',
          data: await wav(
            'Good evening everyone, welcome to the stream, lovely to see you all here tonight.',
          ),
        },
      ),
    )
    expect(withSample.statusCode, withSample.body).toBe(200)
    expect(withSample.json<{ profile: VoiceProfileItem }>().profile).toMatchObject({ name: 'Penny' })
    expect(withSample.json<{ profile: VoiceProfileItem }>().profile.sample_seconds).toBeGreaterThan(3)

    const none = await send(
      'POST',
      '/api/admin/voice-profiles',
      form({ name: '', engine_voice_id: 'espeak:en' }),
    )
    expect(none.statusCode).toBe(422)
    expect(none.json()).toMatchObject({ errors: { name: ['Please enter a name'] } })
    expect(await count()).toBe(1)
  }, 120_000)

  it('imports an emotion table from CSV; a non-CSV file or a bad row changes nothing', async () => {
    const url = `/api/admin/voice-profiles/${profile.id}/import-emotion`
    const png = await send(
      'POST',
      url,
      form(
        {},
        {
          field: 'file',
          name: 'face.png',
          type: 'image/png',
          data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
        },
      ),
    )
    expect(png.statusCode).toBe(422)
    expect(png.json()).toMatchObject({
      message: 'Please upload .csv voice file!',
      errors: { file: ['Please upload .csv voice file!'] },
    })
    const missing = await send('POST', url, form({}))
    expect(missing.json<{ message: string }>().message).toBe('Please upload .csv voice file!')
    const badRow = await send(
      'POST',
      url,
      form(
        {},
        {
          field: 'file',
          name: 'e.csv',
          type: 'text/csv',
          data: Buffer.from('emotion,rate,pitch,range,volume\nHappy,1.2,3,1.5,1\nBored,1,0,1,1\n'),
        },
      ),
    )
    expect(badRow.statusCode).toBe(422)
    expect(badRow.json<{ message: string }>().message).toContain('Line 3: unknown emotion “Bored”')
    expect(
      (await call('GET', `/api/admin/voice-profiles/${profile.id}`)).json<{ profile: VoiceProfileItem }>()
        .profile.emotions,
    ).toEqual({})

    const ok = await send(
      'POST',
      url,
      form(
        {},
        {
          field: 'file',
          name: 'emotions.csv',
          type: 'text/csv',
          data: Buffer.from(
            'emotion,rate,pitch,range,volume\r\nhappy,1.3,4,1.8,1.2\r\nSad,0.7,-4,0.4,0.7\r\n',
          ),
        },
      ),
    )
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({
      message: 'Import voice successfully!',
      profile: { emotions: { Happy: { rate: 1.3, pitch: 4, range: 1.8, volume: 1.2 }, Sad: { rate: 0.7 } } },
    })

    // Speech uses the table: the profile's sad line is slower than its neutral one.
    const client = rendersClient(t)
    const user = await client.register('emo')
    const say = async (emotion: string) =>
      (
        await client.call('POST', '/api/voices/preview', user, {
          text: 'This is one line said two ways.',
          voice_id: profile.voice_id,
          emotion,
          intensity: 1,
        })
      ).json<SpokenPreview>().duration
    expect(await say('Sad')).toBeGreaterThan((await say('Neutral')) * 1.2)
  }, 120_000)

  it('deletes a tag (profiles lose it) and a profile; the audit log has every change', async () => {
    expect((await call('DELETE', `/api/admin/voice-profiles/tags/${tags.Calm!.id}`)).statusCode).toBe(200)
    expect(
      (await call('GET', `/api/admin/voice-profiles/${profile.id}`)).json<{ profile: VoiceProfileItem }>()
        .profile.tags,
    ).toEqual([])
    expect((await call('DELETE', `/api/admin/voice-profiles/tags/${tags.Calm!.id}`)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/admin/voice-profiles/${profile.id}`)).statusCode).toBe(200)
    expect((await call('GET', `/api/admin/voice-profiles/${profile.id}`)).statusCode).toBe(404)
    const audit = (await call('GET', '/api/admin/audit-log?action=voice-profiles.*&per_page=50'))
      .json<{ list: Array<{ action: string }> }>()
      .list.map((e) => e.action)
    expect(new Set(audit)).toEqual(
      new Set([
        'voice-profiles.tag.add',
        'voice-profiles.store',
        'voice-profiles.update',
        'voice-profiles.import-emotion',
        'voice-profiles.tag.delete',
        'voice-profiles.delete',
      ]),
    )
  }, 120_000)
})
