import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AudioProcess, SpokenPreview } from '@mouthpiece/contracts/voices/voices.contract'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import type { PersonalVoice } from '@mouthpiece/contracts/voices/personal-voices.contract'
import { appWithWorkers } from '../../../test/app-with-workers'
import type { RendersClient } from '../../../test/app-with-workers'
import type { TestApp } from '../../../test/harness'
import { speak, writeAudio } from '../../platform/media'
import { multipartFile } from '../renders/testing'

describe('voices: personal voices (cloning)', () => {
  let t: TestApp
  let client: RendersClient
  appWithWorkers((app, c) => ((t = app), (client = c)))

  /** Records a line with our own synthesizer, uploads it and waits until it is processed. */
  async function sample(who: { token: string }, text: string): Promise<AudioProcess> {
    const spoken = await speak({ text, voiceId: 'espeak:en-us+m3', emotion: 'Neutral', intensity: 0.5 })
    const file = path.join(t.config.dataDir, `sample-${Date.now()}.wav`)
    await writeAudio(spoken, file, 'wav')
    const form = multipartFile('file', 'me.wav', 'audio/wav', fs.readFileSync(file))
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${who.token}` },
    })
    expect(res.statusCode, res.body).toBe(200)
    const uuid = res.json<{ process: AudioProcess }>().process.uuid_path
    for (let i = 0; i < 200; i++) {
      const p = (await client.call('GET', `/api/audio/check?uuid_path=${uuid}`, who)).json<{
        process: AudioProcess
        ready: boolean
      }>()
      if (p.ready) return p.process
      await new Promise((r) => setTimeout(r, 150))
    }
    throw new Error('the sample was never processed')
  }

  it('saves a personal voice from a 6 s+ sample with consent, speaks with it, renames and deletes it', async () => {
    const me = await client.register('cloner')
    const long = await sample(
      me,
      'Hello everyone, this is my own voice. I am recording a few sentences so the app can learn how I sound when I talk.',
    )
    expect(long.duration).toBeGreaterThan(6)

    const noConsent = await client.call('POST', '/api/personal-voices', me, {
      name: 'Me',
      sample_uuid_path: long.uuid_path,
      consent: false,
    })
    expect(noConsent.statusCode).toBe(400)
    expect(noConsent.json()).toMatchObject({
      errors: { consent: ['Please confirm this is your own voice.'] },
    })

    const made = await client.call('POST', '/api/personal-voices', me, {
      name: 'Me',
      sample_uuid_path: long.uuid_path,
      consent: true,
    })
    expect(made.statusCode, made.body).toBe(200)
    const voice = made.json<{ voice: PersonalVoice }>().voice
    expect(voice).toMatchObject({
      name: 'Me',
      kind: 'match',
      label: 'voice match (offline)',
      voice_id: `personal:${voice.id}`,
      base_voice_id: 'espeak:en-us+m3',
    })
    expect(voice.consent_at).toBeTruthy()

    const heard = await client.call('POST', '/api/voices/preview', me, {
      text: 'Hi, it is me.',
      voice_id: voice.voice_id,
    })
    expect(heard.statusCode, heard.body).toBe(200)
    expect(heard.json<SpokenPreview>()).toMatchObject({ voice_label: 'voice match (offline)' })
    // Someone else cannot speak with it.
    const other = await client.register('borrower')
    expect(
      (
        await client.call('POST', '/api/voices/preview', other, { text: 'Hi.', voice_id: voice.voice_id })
      ).json(),
    ).toMatchObject({ message: 'Voice not found' })

    // …and in a video.
    const video = await client.call('POST', '/api/quick-create', me, {
      text: 'This video speaks with my voice.',
      voice_id: voice.voice_id,
    })
    expect(video.statusCode, video.body).toBe(200)
    const done = await client.waitDone(video.json<{ render: Render }>().render.id, me)
    expect(done).toMatchObject({ status: RenderStatus.completed, error: null })

    expect(
      (
        await client.call('POST', `/api/personal-voices/${voice.id}/update`, me, { name: 'Studio me' })
      ).json(),
    ).toMatchObject({ voice: { name: 'Studio me' } })
    expect((await client.call('GET', '/api/personal-voices', me)).json()).toMatchObject({
      voices: [{ id: voice.id, name: 'Studio me' }],
    })
    expect((await client.call('POST', `/api/personal-voices/${voice.id}/delete`, me)).json()).toEqual({
      deleted: true,
    })
    expect((await client.call('GET', '/api/personal-voices', me)).json()).toEqual({ voices: [] })
  }, 120_000)

  it('refuses a 2 s sample with a clear message and keeps nothing', async () => {
    const me = await client.register('shorty')
    const short = await sample(me, 'Hi there.')
    expect(short.duration).toBeLessThan(3)
    const res = await client.call('POST', '/api/personal-voices', me, {
      name: 'Me',
      sample_uuid_path: short.uuid_path,
      consent: true,
    })
    expect(res.statusCode).toBe(422)
    expect(res.json<{ message: string }>().message).toMatch(
      /^Your sample is \d\.\d s long\. Please record or upload at least 6 seconds of speech\.$/,
    )
    expect((await client.call('GET', '/api/personal-voices', me)).json()).toEqual({ voices: [] })
  }, 60_000)
})
