import fs from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { projectDuration } from '@mouthpiece/editor/timeline'
import { eq } from 'drizzle-orm'
import { createTestApp } from '../../../../test/harness'
import { trackingEvents } from '../../tracking/testing'
import type { TestApp } from '../../../../test/harness'
import { projectsClient } from '../testing/projects-client'
import type { ProjectAnswer } from '../testing/projects-client'

describe('projects: final video through the renders pipeline, results, assets zip', () => {
  let t: TestApp
  let client: ReturnType<typeof projectsClient>

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    client = projectsClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it('renders a two-scene project, lists it as a result with its log, zips its assets and deletes it', async () => {
    const me = await client.register('finisher')
    let project = await client.create(me, {
      name: 'Final cut',
      scenes: ['Hello chat, welcome to the show.', 'Today we build a video editor.'],
    })
    const [s1, s2] = project.document.scenes.map((s) => s.id) as [string, string]
    const edit = await client.call('POST', `/api/projects/${project.id}/update`, me, {
      version: project.version,
      changes: [
        {
          kind: 'avatarData',
          sceneId: s1,
          data: { position: { x: 200, y: 230, width: 220, height: 220, angle: 0 } },
        },
        { kind: 'captionData', sceneId: s2, data: { y: 80, fontSize: 40 } },
      ],
    })
    project = edit.json<ProjectAnswer>().project

    const stale = await client.call('POST', `/api/projects/${project.id}/generate-final-video`, me, {
      version: project.version - 1,
    })
    expect(stale.statusCode).toBe(409)
    const started = await client.call('POST', `/api/projects/${project.id}/generate-final-video`, me, {
      version: project.version,
    })
    expect(started.statusCode, started.body).toBe(200)
    const queued = started.json<{ render: Render }>().render
    expect(queued).toMatchObject({ source: 'project', kind: 'video', title: 'Final cut', status: 2 })

    const done = await client.waitDone(queued.id, me, 120_000)
    expect(done.status, done.error ?? '').toBe(3)
    const { probe } = await client.probeDownload(done.files.video_url!, me)
    const video = probe.streams.find((s) => s.codec_type === 'video')!
    expect(video).toMatchObject({ width: 1280, height: 720, codec_name: 'h264' })
    expect(probe.streams.some((s) => s.codec_type === 'audio')).toBe(true)
    expect(Number(probe.format.duration)).toBeCloseTo(projectDuration(project.document), 0)

    const results = (await client.call('GET', `/api/projects/${project.id}/result-videos`, me)).json<{
      list: Render[]
      total: number
    }>()
    expect(results).toMatchObject({ total: 1, list: [{ id: done.id, status: 3 }] })
    const withLogs = (
      await client.call('GET', `/api/project-result?project_id=${project.id}&page=1`, me)
    ).json<{ list: Array<Render & { logs: Array<{ job: string; status: string }> }> }>()
    expect(withLogs.list[0]!.logs.map((l) => `${l.job}:${l.status}`)).toEqual([
      'audio:completed',
      'avatar:completed',
      'final:completed',
    ])
    expect((await client.call('GET', `/api/get-projects`, me)).json()).toMatchObject({
      list: [{ id: project.id, last_render_id: done.id }],
    })

    // The assets zip: each scene's voice, captions as SRT and VTT, and the video.
    const other = await client.register('snoop')
    expect(
      (await client.call('POST', `/api/projects/${project.id}/download-assets/${done.id}`, other, {}))
        .statusCode,
    ).toBe(404)
    const zip = await client.call('POST', `/api/projects/${project.id}/download-assets/${done.id}`, me, {})
    expect(zip.statusCode).toBe(200)
    expect(zip.headers['content-type']).toBe('application/zip')
    const file = path.join(t.config.dataDir, 'assets.zip')
    fs.writeFileSync(file, zip.rawPayload)
    const listing = execFileSync('python3', [
      '-c',
      'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print("\\n".join(z.namelist()))',
      file,
    ])
      .toString()
      .trim()
      .split('\n')
    expect(listing).toEqual([
      'audio/scene-01.wav',
      'audio/scene-02.wav',
      'captions.srt',
      'captions.vtt',
      'video.mp4',
    ])
    const srt = execFileSync('python3', [
      '-c',
      'import sys,zipfile; print(zipfile.ZipFile(sys.argv[1]).read("captions.srt").decode())',
      file,
    ]).toString()
    expect(srt).toMatch(/Hello chat/)
    expect(srt).toMatch(/video editor/)

    // SPEC §9 tracking: projectCreated 4, projectExported 5, projectDownloaded 6, recorded where they happen.
    const events = await t.db.select().from(trackingEvents).where(eq(trackingEvents.user_id, me.id))
    expect(
      events
        .map((e) => e.event)
        .filter((e) => e !== 1)
        .sort(),
    ).toEqual([4, 5, 6])

    // Delete progress: the render and its files go.
    expect(
      (await client.call('POST', `/api/projects/${project.id}/delete-progress/${done.id}`, me, {})).json(),
    ).toEqual({ deleted: true })
    expect((await client.call('GET', `/api/renders/${done.id}`, me)).statusCode).toBe(404)
    expect((await client.call('GET', `/api/projects/${project.id}/result-videos`, me)).json()).toMatchObject({
      total: 0,
    })
  }, 180_000)

  it('generates a scene avatar, both kinds, the scene following the SPEC §4 avatar states (queue type avatar=2)', async () => {
    const me = await client.register('avatarist')
    const project = await client.create(me, { name: 'Avatars', scenes: ['Nice to meet you.'] })
    const sceneId = project.document.scenes[0]!.id
    const clip = await client.call('POST', `/api/projects/${project.id}/generate-avatar`, me, {
      version: project.version,
      sceneId,
      kind: 'avatar',
    })
    expect(clip.statusCode, clip.body).toBe(200)
    const queued = clip.json<ProjectAnswer>().project.document.scenes[0]!.avatarData
    expect(queued.status.queueType).toBe(2)
    expect(queued.renderId).toEqual(expect.any(String))
    const done = await client.waitScene(
      me,
      project.id,
      sceneId,
      (s) => s.avatarData.status.flow === 7 && s.avatarData.status.status === 3,
      120_000,
    )
    const render = (
      await client.call('GET', `/api/renders/${done.document.scenes[0]!.avatarData.renderId}`, me)
    ).json<{ render: Render }>().render
    expect(render).toMatchObject({ status: 3, format: 'webm' })
    const { probe } = await client.probeDownload(render.files.video_url!, me)
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'vp9' })
    // Avatar renders are not the project's final videos.
    expect((await client.call('GET', `/api/projects/${project.id}/result-videos`, me)).json()).toMatchObject({
      total: 0,
    })

    const over = await client.call('POST', `/api/projects/${project.id}/generate-avatar`, me, {
      version: done.version,
      sceneId,
      kind: 'avatar_background',
    })
    expect(over.statusCode, over.body).toBe(200)
    const id = over.json<ProjectAnswer>().project.document.scenes[0]!.avatarData.renderId!
    const second = await client.waitDone(id, me, 120_000)
    expect(second).toMatchObject({ status: 3, format: 'mp4' })
    const events = await t.db.select().from(trackingEvents).where(eq(trackingEvents.user_id, me.id))
    expect(events.filter((e) => e.event === 7)).toHaveLength(2)
  }, 180_000)

  it('refuses to render scenes whose voice is missing', async () => {
    const me = await client.register('impatient')
    const project = await client.create(me, { name: 'Empty' })
    const res = await client.call('POST', `/api/projects/${project.id}/generate-final-video`, me, {
      version: project.version,
    })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ code: 'audio_missing' })
  })
})
