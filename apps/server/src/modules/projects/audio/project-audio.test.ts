import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GenerationFlow, RenderStatus } from '@mouthpiece/contracts/statuses'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { speak, writeAudio } from '../../../platform/media'
import { projectsClient } from '../testing/projects-client'
import type { ProjectAnswer } from '../testing/projects-client'

describe('projects: scene audio takes, states, own recordings', () => {
  let t: TestApp
  let client: ReturnType<typeof projectsClient>
  let mp3: Buffer

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    client = projectsClient(t)
    const spoken = await speak({
      text: 'This is me reading my own script out loud.',
      voiceId: 'espeak:en-us+m3',
      emotion: 'Neutral',
      intensity: 0.5,
    })
    const file = path.join(t.config.dataDir, 'mine.mp3')
    await writeAudio(spoken, file, 'mp3')
    mp3 = fs.readFileSync(file)
  })
  afterAll(async () => {
    await t.close()
  })

  it('generates numberOfSamples takes through the audio queue, moving the scene through the SPEC §4 states', async () => {
    const me = await client.register('takes')
    const project = await client.create(me, {
      name: 'Takes',
      scenes: ['Welcome back to the stream, everyone.'],
    })
    const sceneId = project.document.scenes[0]!.id
    const res = await client.call('POST', `/api/projects/${project.id}/generate-audio`, me, {
      version: project.version,
      sceneId,
      type: 'robot',
      voice_id: 'espeak:en-us+f3',
      emotion: 'Happy',
      intensity: 0.9,
      numberOfSamples: 3,
    })
    expect(res.statusCode, res.body).toBe(200)
    const queued = res.json<ProjectAnswer>().project.document.scenes[0]!.audioData
    expect(queued).toMatchObject({
      voiceType: 'robot',
      voiceEffect: 'robot',
      emotion: 'Happy',
      numberOfSamples: 3,
      status: { flow: GenerationFlow.audioWaiting, queueType: 1, status: RenderStatus.paused },
    })

    const done = await client.waitScene(
      me,
      project.id,
      sceneId,
      (s) => s.audioData.status.flow === GenerationFlow.audioGenerated,
    )
    const audio = done.document.scenes[0]!.audioData
    expect(audio.status).toMatchObject({
      status: RenderStatus.completed,
      flow: GenerationFlow.audioGenerated,
    })
    // Three new robot takes plus the take in use (made when the project was created); no others.
    expect(audio.generatedLinks.filter((l) => l.source === 'robot')).toHaveLength(3)
    expect(audio.generatedLinks).toHaveLength(4)
    expect(audio.generatedLinks[0]!.source).not.toBe('robot')
    const durations = new Set(audio.generatedLinks.map((l) => l.duration))
    expect(durations.size).toBeGreaterThan(1)
    for (const take of audio.generatedLinks)
      expect((await client.call('GET', take.url, me)).headers['content-type']).toBe('audio/wav')

    // Pick one: audioFile and the captions follow it.
    const pick = audio.generatedLinks[2]!
    const picked = (
      await client.call('POST', `/api/projects/${project.id}/select-audio`, me, {
        version: done.version,
        sceneId,
        takeId: pick.id,
      })
    ).json<ProjectAnswer>().project
    expect(picked.document.scenes[0]!.audioData.audioFile).toBe(pick.id)
    expect(picked.document.scenes[0]!.captionData.captions.at(-1)!.timestamp[1]).toBeCloseTo(
      pick.words.at(-1)!.end,
      2,
    )

    // Re-generate that one take: it is replaced in place, the others stay.
    const again = await client.call('POST', `/api/projects/${project.id}/re-generate-single-audio`, me, {
      version: picked.version,
      sceneId,
      takeId: pick.id,
    })
    expect(again.statusCode, again.body).toBe(200)
    const redone = await client.waitScene(
      me,
      project.id,
      sceneId,
      (s) => !s.audioData.generatedLinks.some((l) => l.id === pick.id),
    )
    const links = redone.document.scenes[0]!.audioData.generatedLinks
    expect(links).toHaveLength(audio.generatedLinks.length)
    expect(links[2]!.id).not.toBe(pick.id)
    expect(links.filter((l, i) => i !== 2).map((l) => l.id)).toEqual(
      audio.generatedLinks.filter((l, i) => i !== 2).map((l) => l.id),
    )
    // The chosen take was replaced, so the scene now uses another real take.
    expect(links.some((l) => l.id === redone.document.scenes[0]!.audioData.audioFile)).toBe(true)

    // Bad input: unknown take, unknown voice, too many samples, stale version.
    const v = redone.version
    expect(
      (
        await client.call('POST', `/api/projects/${project.id}/select-audio`, me, {
          version: v,
          sceneId,
          takeId: 'nope',
        })
      ).json(),
    ).toMatchObject({ message: 'Audio take not found' })
    expect(
      (
        await client.call('POST', `/api/projects/${project.id}/generate-audio`, me, {
          version: v,
          sceneId,
          voice_id: 'espeak:xx-nothing',
        })
      ).json(),
    ).toMatchObject({ message: 'Voice not found' })
    expect(
      (
        await client.call('POST', `/api/projects/${project.id}/generate-audio`, me, {
          version: v,
          sceneId,
          numberOfSamples: 20,
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (
        await client.call('POST', `/api/projects/${project.id}/generate-audio`, me, {
          version: v - 1,
          sceneId,
        })
      ).statusCode,
    ).toBe(409)
    expect(
      (
        await client.call('POST', `/api/projects/${project.id}/generate-audio`, me, {
          version: v,
          sceneId,
          type: 'custom',
        })
      ).json(),
    ).toMatchObject({ message: 'Please choose a voice sample to match' })

    // Making takes again keeps the chosen one and drops the rest (files too): no pile-up.
    const chosenId = redone.document.scenes[0]!.audioData.audioFile!
    const before = redone.document.scenes[0]!.audioData.generatedLinks
    const more = await client.call('POST', `/api/projects/${project.id}/generate-audio`, me, {
      version: v,
      sceneId,
      type: 'robot',
      voice_id: 'espeak:en-us+f3',
      numberOfSamples: 2,
    })
    expect(more.statusCode, more.body).toBe(200)
    const after = await client.waitScene(
      me,
      project.id,
      sceneId,
      (s) =>
        s.audioData.generatedLinks.length === 3 &&
        !s.audioData.generatedLinks.some((l) => l.id === before.find((b) => b.id !== chosenId)!.id),
    )
    const kept = after.document.scenes[0]!.audioData
    expect(kept.audioFile).toBe(chosenId)
    expect(kept.generatedLinks.map((l) => l.id)[0]).toBe(chosenId)
    expect(kept.generatedLinks).toHaveLength(3)
    const gone = before.find((b) => b.id !== chosenId)!
    expect((await client.call('GET', gone.url, me)).statusCode).toBe(404)
  })

  it('takes my own recording (probed; mouth and words timed from it) and refuses a file that is not audio', async () => {
    const me = await client.register('recorder')
    const project = await client.create(me, {
      name: 'Mine',
      scenes: ['This is me reading my own script out loud.'],
    })
    const sceneId = project.document.scenes[0]!.id
    const url = `/api/projects/${project.id}/upload-audio`
    const notAudio = await client.upload(
      me,
      url,
      { version: project.version, sceneId },
      { name: 'voice.mp3', type: 'audio/mpeg', data: Buffer.from('GIF89a definitely not audio') },
    )
    expect(notAudio.statusCode).toBe(422)
    expect(notAudio.json()).toMatchObject({
      code: 'not_audio',
      message: 'This file is not a supported audio file (wav, mp3, m4a or webm)',
    })
    expect((await client.get(me, project.id)).version).toBe(project.version)

    const res = await client.upload(
      me,
      url,
      { version: project.version, sceneId },
      { name: 'mine.mp3', type: 'audio/mpeg', data: mp3 },
    )
    expect(res.statusCode, res.body).toBe(200)
    const scene = res.json<ProjectAnswer>().project.document.scenes[0]!
    const take = scene.audioData.generatedLinks[0]!
    expect(take).toMatchObject({ source: 'upload' })
    expect(scene.audioData.audioFile).toBe(take.id)
    expect(take.cues.filter((c) => c.viseme !== 'sil').length).toBeGreaterThan(5)
    expect(take.words.map((w) => w.text)).toEqual(scene.text.split(' '))
    expect(take.words.at(-1)!.end).toBeLessThanOrEqual(take.duration)
    expect(scene.captionData.captions.length).toBeGreaterThan(0)
  })
})
