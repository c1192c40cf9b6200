import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Creator, CreatorAiAvatar } from '@mouthpiece/contracts/avatars/creators.contract'
import type { Project } from '@mouthpiece/contracts/projects/projects.schemas'
import type { VoiceProfileItem } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import { adminHeaders, createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { formData } from '../../../../test/form-data'
import { rendersClient } from '../../renders/testing'

const PORTRAIT = fileURLToPath(
  new URL('../../../../../../packages/media/fixtures/portrait-1024.jpg', import.meta.url),
)
const CSV_REQUIRED = 'Please upload .csv voice file!'
const HEADER = 'emotion,rate,pitch,range,volume'

describe('avatars: a creator’s emotion import (CSV) and AI avatar', () => {
  let t: TestApp
  let admin: Record<string, string>
  let client: ReturnType<typeof rendersClient>
  let user: { token: string }

  beforeAll(async () => {
    t = await createTestApp()
    admin = await adminHeaders(t.app)
    client = rendersClient(t)
    user = await client.register('emofan')
  })
  afterAll(async () => {
    await t.close()
  })

  const importCsv = (
    id: string,
    file?: { name: string; type: string; data: Buffer | string },
    headers = admin,
  ) => {
    const f = formData(
      {},
      file ? [{ field: 'file', name: file.name, type: file.type, data: Buffer.from(file.data) }] : [],
    )
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/influencers/${id}/import-emotion`,
      payload: f.payload,
      headers: { ...headers, ...f.headers },
    })
  }
  const csv = (text: string) => ({ name: 'emotions.csv', type: 'text/csv', data: text })
  const creator = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/influencers/${id}`, headers: admin })).json<{
      creator: Creator
    }>().creator
  const profileCount = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/voice-profiles', headers: admin })).json<{
      total: number
    }>().total
  const profile = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/voice-profiles/${id}`, headers: admin })).json<{
      profile: VoiceProfileItem
    }>().profile
  let projects = 0
  /** How long the creator says a line in a new project (the scene speaks with the creator's voice, Neutral, when the project is made). */
  async function spokenSeconds(influencer: string): Promise<number> {
    projects += 1
    const res = await client.call('POST', '/api/create-project', user, {
      name: `Emotions ${projects}`,
      influencer,
      scenes: ['Thanks so much for the follow, welcome to the stream everyone!'],
    })
    expect(res.statusCode, res.body).toBe(200)
    const take = res.json<{ project: Project }>().project.document.scenes[0]!.audioData.generatedLinks[0]
    expect(take).toBeTruthy()
    return take!.duration
  }

  it('answers 401 signed out and 403 to a normal user, and changes nothing', async () => {
    const userHeaders = { authorization: `Bearer ${user.token}` }
    expect((await importCsv('gamer', csv(`${HEADER}\nNeutral,0.6,0,1,1\n`), {})).statusCode).toBe(401)
    expect((await importCsv('gamer', csv(`${HEADER}\nNeutral,0.6,0,1,1\n`), userHeaders)).statusCode).toBe(
      403,
    )
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/influencers/gamer/ai-avatar',
          headers: userHeaders,
        })
      ).statusCode,
    ).toBe(403)
    expect((await creator('gamer')).voice_id).toBe('espeak:en-us+m3')
    expect(await profileCount()).toBe(0)
  })

  it('refuses a non-CSV, a missing or too large file and bad lines, naming every bad line; nothing changes', async () => {
    const png = await importCsv('gamer', {
      name: 'face.png',
      type: 'image/png',
      data: await readFile(PORTRAIT),
    })
    expect(png.statusCode).toBe(422)
    expect(png.json()).toMatchObject({ message: CSV_REQUIRED, errors: { file: [CSV_REQUIRED] } })
    // A picture renamed .csv is still not text.
    const renamed = await importCsv('gamer', {
      name: 'face.csv',
      type: 'text/csv',
      data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]),
    })
    expect(renamed.json<{ message: string }>().message).toBe(CSV_REQUIRED)
    expect((await importCsv('gamer')).json<{ message: string }>().message).toBe(CSV_REQUIRED)
    // A workbook picked by mistake, larger than any emotion table: still "not a CSV", not "too large".
    const workbook = await importCsv('gamer', {
      name: 'emotions.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data: Buffer.alloc(3 * 1024 * 1024, 7),
    })
    expect(workbook.statusCode).toBe(422)
    expect(workbook.json<{ message: string }>().message).toBe(CSV_REQUIRED)

    const big = await importCsv('gamer', csv(`${HEADER}\n${'Neutral,1,0,1,1\n'.repeat(5000)}`))
    expect(big.statusCode).toBe(413)
    expect(big.json<{ message: string }>().message).toBe('The CSV file is too large (64 KB at most)')

    const noHeader = await importCsv('gamer', csv('Happy,1.2,3,1.5,1\n'))
    expect(noHeader.json<{ message: string }>().message).toBe(
      'The first line must name the columns emotion, rate, pitch, range, volume',
    )

    const bad = await importCsv(
      'gamer',
      csv(`${HEADER}\nHappy,1.2,3,1.5,1\nBored,1,0,1,1\n\nSad,9,0,1,1\nHappy,1,0,1,1\nNeutral,1,,1,1\n`),
    )
    expect(bad.statusCode).toBe(422)
    const body = bad.json<{ message: string; errors: { file: string[] } }>()
    expect(body.message).toBe(
      'Line 3: unknown emotion “Bored” (use Neutral, Happy, Sad, Angry, Surprised) (and 3 more lines to fix)',
    )
    expect(body.errors.file).toEqual([
      'Line 3: unknown emotion “Bored” (use Neutral, Happy, Sad, Angry, Surprised)',
      'Line 5: rate 0.5–2, pitch −12–12, range 0–3 and volume 0–2 must be numbers in range',
      'Line 6: Happy is already set on line 2',
      'Line 7: rate 0.5–2, pitch −12–12, range 0–3 and volume 0–2 must be numbers in range',
    ])
    expect((await creator('gamer')).voice_id).toBe('espeak:en-us+m3')
    expect(await profileCount()).toBe(0)
    expect((await importCsv('nobody-here', csv(`${HEADER}\nNeutral,0.6,0,1,1\n`))).statusCode).toBe(404)
  })

  let own: VoiceProfileItem
  it('a good CSV gives a creator on an engine voice a profile of its own with the table: the creator speaks slower where the table says so', async () => {
    const before = await spokenSeconds('gamer')
    const res = await importCsv('gamer', {
      name: 'max-emotions.csv',
      type: 'application/vnd.ms-excel',
      data: `\uFEFF"Emotion","Rate","Pitch","Range","Volume"\r\nneutral,0.6,-2,0.8,1\r\nSad,0.55,-4,0.4,0.7\r\n`,
    })
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json<{ message: string; creator: Creator; profile: VoiceProfileItem }>()
    own = answer.profile
    expect(answer.message).toBe('Import voice successfully!')
    expect(own).toMatchObject({
      name: "Max's voice",
      engine_voice_id: 'espeak:en-us+m3',
      rate: 1,
      pitch: 0,
      emotions: { Neutral: { rate: 0.6, pitch: -2, range: 0.8, volume: 1 }, Sad: { rate: 0.55 } },
    })
    expect(own.sample_seconds).toBeGreaterThan(1)
    expect(answer.creator).toMatchObject({ voice_id: `profile:${own.id}`, voice_profile_id: own.id })
    // Users pick the creator and get its voice with the table.
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: '/api/influencers',
        headers: { authorization: `Bearer ${user.token}` },
      })
    ).json<{ influencers: Array<{ id: string; voice_id: string }> }>().influencers
    expect(listed.find((i) => i.id === 'gamer')?.voice_id).toBe(`profile:${own.id}`)
    const after = await spokenSeconds('gamer')
    expect(after).toBeGreaterThan(before * 1.2)

    // Importing again writes the creator's own profile: no second profile.
    const again = await importCsv('gamer', csv(`${HEADER}\nNeutral,1.5,0,1,1\n`))
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json<{ profile: VoiceProfileItem }>().profile).toMatchObject({
      id: own.id,
      emotions: { Neutral: { rate: 1.5, pitch: 0, range: 1, volume: 1 } },
    })
    expect((await profile(own.id)).emotions).toEqual({
      Neutral: { rate: 1.5, pitch: 0, range: 1, volume: 1 },
    })
    expect(await profileCount()).toBe(1)
    expect(await spokenSeconds('gamer')).toBeLessThan(before * 0.9)
  }, 120_000)

  it('a creator sharing another influencer’s profile gets a copy of its own; the shared one keeps its table', async () => {
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/admin/influencers/anchor/update-voice',
      headers: admin,
      payload: { voice_id: `profile:${own.id}` },
    })
    expect(set.statusCode, set.body).toBe(200)
    const res = await importCsv('anchor', csv(`${HEADER}\nHappy,1.3,4,1.8,1.2\n`))
    expect(res.statusCode, res.body).toBe(200)
    const copy = res.json<{ creator: Creator; profile: VoiceProfileItem }>()
    expect(copy.profile.id).not.toBe(own.id)
    expect(copy.profile).toMatchObject({
      name: "Ava's voice",
      engine_voice_id: own.engine_voice_id,
      emotions: { Happy: { rate: 1.3 } },
      sample_seconds: own.sample_seconds,
    })
    expect(copy.creator.voice_id).toBe(`profile:${copy.profile.id}`)
    expect((await profile(own.id)).emotions).toEqual({
      Neutral: { rate: 1.5, pitch: 0, range: 1, volume: 1 },
    })
    expect((await creator('gamer')).voice_id).toBe(`profile:${own.id}`)

    const audit = (
      await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?per_page=50', headers: admin })
    ).json<{ list: Array<{ action: string; target_id: string | null }> }>().list
    expect(
      audit
        .filter((e) => e.action === 'creators.import-emotion')
        .map((e) => e.target_id)
        .sort(),
    ).toEqual(['anchor', 'gamer', 'gamer'])
    expect(audit.filter((e) => e.action === 'voice-profiles.store')).toHaveLength(2)
  }, 120_000)

  it('AI avatar: a cartoon preset with its still; a photo avatar with its portrait, landmarks and dataset picture', async () => {
    const get = (id: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/influencers/${id}/ai-avatar`, headers: admin })
    const cartoon = (await get('streamer')).json<{ avatar: CreatorAiAvatar }>().avatar
    expect(cartoon).toMatchObject({
      id: 'streamer',
      name: 'Nova',
      kind: 'cartoon',
      emotion: 'Neutral',
      shown: true,
      photo: null,
      dataset: { pictures: 0, with_face: 0 },
      processing: { status: 'ready', progress: 100 },
    })
    expect(cartoon.preview).toMatchObject({ portrait_url: null, backdrop_url: null, video: null })
    const still = await t.app.inject({ method: 'GET', url: cartoon.preview.still_url! })
    expect(still.statusCode).toBe(200)
    expect(still.headers['content-type']).toBe('image/png')
    expect((await get('nobody-here')).statusCode).toBe(404)

    const f = formData({}, [
      { field: 'file', name: 'me.jpg', type: 'image/jpeg', data: await readFile(PORTRAIT) },
    ])
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/influencers/wizard/update-avatar',
      payload: f.payload,
      headers: { ...admin, ...f.headers },
    })
    expect(made.statusCode, made.body).toBe(200)
    const photo = (await get('wizard')).json<{ avatar: CreatorAiAvatar }>().avatar
    expect(photo).toMatchObject({
      kind: 'photo',
      emotion: 'Surprised',
      photo: {
        width: 1024,
        height: 1024,
        landmarks: 68,
        background: 'keep',
        background_color: null,
        dataset_index: 0,
      },
      dataset: { pictures: 1, with_face: 1 },
    })
    const portrait = await t.app.inject({ method: 'GET', url: photo.preview.portrait_url! })
    expect(portrait.headers['content-type']).toBe('image/jpeg')

    // Hidden from users: no still (the public preview does not draw it), the rest stays.
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/influencers/wizard/update',
      headers: admin,
      payload: { is_active: false },
    })
    const hidden = (await get('wizard')).json<{ avatar: CreatorAiAvatar }>().avatar
    expect(hidden).toMatchObject({
      shown: false,
      preview: { still_url: null, portrait_url: photo.preview.portrait_url },
    })
  }, 120_000)
})
