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
import { measureVoice, speak, writeAudio } from '../../platform/media'
import { multipartFile } from '../renders/testing'
import type { LibraryVoice } from '@mouthpiece/contracts/voices/voice-library.contract'
import type { Project } from '@mouthpiece/contracts/projects/projects.schemas'
import { GenerationFlow } from '@mouthpiece/contracts/statuses'

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

  /** The median pitch of a stored WAV the caller may fetch, as the voice match measures it. */
  async function pitchOf(url: string, who: { token: string }): Promise<number> {
    const res = await client.call('GET', url, who)
    expect(res.headers['content-type']).toBe('audio/wav')
    const file = path.join(t.config.dataDir, `heard-${Date.now()}.wav`)
    fs.writeFileSync(file, res.rawPayload)
    return (await measureVoice(file)).medianF0
  }

  it('one library offers my voice first in every picker; projects and alert settings speak with it, for me only', async () => {
    const me = await client.register('library')
    const other = await client.register('library-other')
    // A man's voice, far below the default (female) voice's register.
    const low = await sample(
      me,
      'Hello everyone, this is my own voice. I am recording a few sentences so the app can learn how I sound.',
    )
    const made = await client.call('POST', '/api/personal-voices', me, {
      name: 'Low me',
      sample_uuid_path: low.uuid_path,
      consent: true,
    })
    expect(made.statusCode, made.body).toBe(200)
    const voice = made.json<{ voice: PersonalVoice }>().voice

    // The library: mine first, then profiles, creators' voices and engine voices (curated first).
    const library = async (who?: { token: string }) =>
      (await client.call('GET', '/api/voices/library', who)).json<{ voices: LibraryVoice[] }>().voices
    const mine = await library(me)
    expect(mine[0]).toMatchObject({ id: voice.voice_id, name: 'Low me', group: 'personal', curated: true })
    const order = ['personal', 'profile', 'creator', 'engine']
    const ranks = mine.map((v) => order.indexOf(v.group) * 2 + (v.curated ? 0 : 1))
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(mine.filter((v) => v.group === 'creator').map((v) => v.name)).toContain("Nova's voice")
    expect(mine.find((v) => v.id === 'espeak:en-gb-scotland+michel')).toMatchObject({
      name: 'Hamish',
      curated: true,
      tags: expect.arrayContaining([
        { category: 'language', name: 'English' },
        { category: 'accent', name: 'Scotland' },
      ]),
    })
    // espeak's test and novelty variants are never offered, here or in the plain engine list.
    const novelty = /\+(fast|announcer|RicishayMax3|robosoft\d?)$/
    expect(mine.filter((v) => novelty.test(v.id))).toEqual([])
    const engine = (await client.call('GET', '/api/voices')).json<{
      voices: Array<{ id: string; label: string }>
    }>()
    expect(engine.voices.filter((v) => /fast_test|Half-Life|RicishayMax/.test(v.label))).toEqual([])
    expect(mine.some((v) => !v.curated)).toBe(true)
    // Nobody else sees it (signed in or out).
    for (const list of [await library(other), await library()])
      expect(list.some((v) => v.id === voice.voice_id)).toBe(false)

    // A project scene spoken with it: the take has the sample's pitch, not the default voice's.
    const project = (
      await client.call('POST', '/api/create-project', me, {
        name: 'Mine',
        scenes: ['Hi chat, it is me again.'],
      })
    ).json<{ project: Project }>().project
    const sceneId = project.document.scenes[0]!.id
    const links = async (atLeast: number) => {
      for (let i = 0; ; i++) {
        const p = (await client.call('GET', `/api/get-project/${project.id}`, me)).json<{
          project: Project
        }>().project
        const scene = p.document.scenes[0]!.audioData
        if (scene.generatedLinks.length >= atLeast && scene.status.flow === GenerationFlow.audioGenerated)
          return { p, takes: scene.generatedLinks }
        if (i > 600) throw new Error('no take')
        await new Promise((r) => setTimeout(r, 150))
      }
    }
    // The take made with the project (the default voice), then one asked for in my voice.
    const first = { p: project, takes: project.document.scenes[0]!.audioData.generatedLinks }
    expect(first.takes.length).toBeGreaterThan(0)
    const queued = await client.call('POST', `/api/projects/${project.id}/generate-audio`, me, {
      version: first.p.version,
      sceneId,
      voice_id: voice.voice_id,
      numberOfSamples: 1,
    })
    expect(queued.statusCode, queued.body).toBe(200)
    const takes = (await links(first.takes.length + 1)).takes
    const take = takes.find((l) => !first.takes.some((f) => f.url === l.url))!
    const heard = await pitchOf(take.url, me)
    const plain = await pitchOf(first.takes[0]!.url, me)
    const measured = `mine ${voice.median_f0} Hz, heard ${heard} Hz, default ${plain} Hz`
    expect(Math.abs(heard - voice.median_f0) / voice.median_f0, measured).toBeLessThan(0.2)
    expect(plain, measured).toBeGreaterThan(heard * 1.3)
    // Someone else's project cannot use my voice.
    const theirs = (
      await client.call('POST', '/api/create-project', other, { name: 'Theirs', scenes: ['Borrowed voice.'] })
    ).json<{ project: Project }>().project
    const borrowed = await client.call('POST', `/api/projects/${theirs.id}/generate-audio`, other, {
      version: theirs.version,
      sceneId: theirs.document.scenes[0]!.id,
      voice_id: voice.voice_id,
    })
    expect(borrowed.statusCode).toBe(404)
    expect(borrowed.json()).toMatchObject({ message: 'Voice not found' })

    // Alert settings and an avatar setup take it for me; another user gets 404 and nothing is saved.
    const tts = (who: { token: string }) =>
      client.call('POST', '/api/donation/settings/update', who, { data: { tts: { voice: voice.voice_id } } })
    expect((await tts(me)).json()).toMatchObject({ settings: { tts: { voice: voice.voice_id } } })
    const refused = await tts(other)
    expect(refused.statusCode).toBe(404)
    expect(refused.json()).toMatchObject({ message: 'Voice not found' })
    const setup = (who: { token: string }) =>
      client.call('POST', '/api/donation/avatar-setup/create', who, {
        name: 'Mine',
        price: 5,
        voice: voice.voice_id,
      })
    expect((await setup(me)).statusCode).toBe(200)
    expect((await setup(other)).statusCode).toBe(404)
  }, 300_000)
})
