import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Project } from '@mouthpiece/contracts/projects/projects.schemas'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { rendersClient } from '../renders/testing'

type Answer = { project: Project }
describe("projects: a creator's own looks and voice, and nobody else's", () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>

  beforeAll(async () => {
    t = await createTestApp()
    client = rendersClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it('creates a project in one call with my avatar, a voice and a script; the scenes carry both', async () => {
    const me = await client.register('onestep')
    const mine = await client.drawnAvatar(me, 'Cartoon me')
    const made = await client.call('POST', '/api/create-project', me, {
      name: 'One step',
      scenes: ['Hello chat!', 'See you soon.'],
      custom_avatar_id: mine.id,
      voice_id: 'espeak:en-gb-x-rp',
      settings: { video_orientation: 'portrait' },
    })
    expect(made.statusCode, made.body).toBe(200)
    const { project } = made.json<Answer>()
    expect(project.document.settings.video_orientation).toBe('portrait')
    expect(
      project.document.scenes.map((s) => [s.text, s.avatarData.customAvatarId, s.audioData.voiceId]),
    ).toEqual([
      ['Hello chat!', mine.id, 'espeak:en-gb-x-rp'],
      ['See you soon.', mine.id, 'espeak:en-gb-x-rp'],
    ])
    // Spoken at once, with the chosen voice.
    expect(project.document.scenes[0]!.audioData.generatedLinks.length).toBeGreaterThan(0)

    const unknown = await client.call('POST', '/api/create-project', me, {
      name: 'Bad voice',
      voice_id: 'espeak:no-such-voice',
    })
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400)
    expect(unknown.json()).toMatchObject({ message: expect.stringMatching(/voice/i) as string })
  })

  it("another user's avatar is not found: at creation and when a scene is switched to it, and nothing changes", async () => {
    const owner = await client.register('looksowner')
    const theirs = await client.drawnAvatar(owner, 'Their face')
    const me = await client.register('looksother')
    const mine = await client.drawnAvatar(me, 'My face')

    const refused = await client.call('POST', '/api/create-project', me, {
      name: 'Borrowed',
      custom_avatar_id: theirs.id,
    })
    expect(refused.statusCode).toBe(404)
    expect(refused.json()).toMatchObject({ code: 'not_found', message: 'Avatar not found' })
    expect((await client.call('POST', '/api/check-project-name', me, { name: 'Borrowed' })).json()).toEqual({
      available: true,
      message: null,
    })

    const { project } = (
      await client.call('POST', '/api/create-project', me, { name: 'Mine' })
    ).json<Answer>()
    const withAvatar = (id: number) => ({
      ...project.document,
      scenes: project.document.scenes.map((s) => ({
        ...s,
        avatarData: { ...s.avatarData, customAvatarId: id },
      })),
    })
    const url = `/api/projects/${project.id}/update`
    const stolen = await client.call('POST', url, me, {
      version: project.version,
      document: withAvatar(theirs.id),
    })
    expect(stolen.statusCode).toBe(404)
    expect(stolen.json()).toMatchObject({ message: 'Avatar not found' })
    const after = (await client.call('GET', `/api/get-project/${project.id}`, me)).json<Answer>().project
    expect(after.version).toBe(project.version)
    expect(after.document.scenes[0]!.avatarData.customAvatarId).toBeNull()

    // My own avatar is taken.
    const ok = await client.call('POST', url, me, { version: project.version, document: withAvatar(mine.id) })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json<Answer>().project.document.scenes[0]!.avatarData.customAvatarId).toBe(mine.id)
  })
})
