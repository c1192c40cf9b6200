import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Render, RenderLog } from '@mouthpiece/contracts/renders/renders.schemas'
import { RENDER_FAILED_MESSAGE } from '@mouthpiece/contracts/renders/renders.schemas'
import { GenerationFlow, RenderStatus } from '@mouthpiece/contracts/statuses'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { mediaEngine } from '../../../platform/media'
import type { MediaEngine } from '../../../platform/media'
import { startRendersWorkers } from '../renders.jobs'
import { rendersClient } from '../testing/renders-client'

/**
 * The media engine is a third-party boundary (ffmpeg, speech engines): here its video step dies on
 * chosen attempts — half-way through a real render, as a crashed worker would — and the jobs must
 * retry with backoff, or give up cleanly after the last attempt.
 */
describe('render jobs survive failing attempts', () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>
  /** Attempt numbers (1-based, per render text) on which the video step dies. */
  const dieOn = new Map<string, (attempt: number) => boolean>()
  const attempts = new Map<string, number>()

  beforeAll(async () => {
    t = await createTestApp({ workers: false })
    const renderVideo: MediaEngine['renderVideo'] = async (req, signal, onProgress) => {
      const key = req.words.map((w) => w.text).join(' ')
      const n = (attempts.get(key) ?? 0) + 1
      attempts.set(key, n)
      if (!dieOn.get(key)?.(n)) return mediaEngine.renderVideo(req, signal, onProgress)
      // Start the real render and kill it after some frames: partial files exist when it dies.
      const inner = new AbortController()
      const dying = mediaEngine.renderVideo(req, inner.signal, (p, stage) => {
        onProgress?.(p, stage)
        if (p > 0.1) inner.abort()
      })
      await dying.catch(() => undefined)
      throw new Error(`render worker died on attempt ${n}`)
    }
    await startRendersWorkers(t, { engine: { renderVideo } })
    client = rendersClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  const logsOf = async (id: string, who: { token: string }) =>
    (await client.call('GET', `/api/video-result/${id}`, who)).json<{
      logs: Array<Omit<RenderLog, 'entries'>>
    }>().logs

  it('retries an attempt that died and finishes the video', async () => {
    const me = await client.register()
    const text = 'Second time lucky.'
    dieOn.set(text, (n) => n === 1)
    const res = await client.call('POST', '/api/quick-create', me, { text, voice_id: 'espeak:en-us' })
    expect(res.statusCode, res.body).toBe(200)
    const done = await client.waitDone(res.json<{ render: Render }>().render.id, me)
    expect(done).toMatchObject({
      status: RenderStatus.completed,
      flow: GenerationFlow.avatarGenerated,
      error: null,
    })
    expect(attempts.get(text)).toBe(2)
    const logs = await logsOf(done.id, me)
    expect(logs.map((l) => [l.job, l.attempt, l.status])).toEqual([
      ['audio', 1, 'completed'],
      ['avatar', 1, 'retrying'],
      ['avatar', 2, 'completed'],
      ['final', 1, 'completed'],
    ])
    expect(logs[1]!.error).toBe('render worker died on attempt 1')
    // The dead attempt's half-made files are gone; the finished video plays.
    // A job removes its working folder once it has reported: gone shortly after the render is done.
    const tmp = path.join(t.config.dataDir, 'tmp', 'renders')
    await expect
      .poll(() => (fs.existsSync(tmp) ? fs.readdirSync(tmp, { recursive: true }) : []), { timeout: 10_000 })
      .toEqual([])
    const { probe } = await client.probeDownload(done.files.video_url!)
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264'])
  })

  it('gives up after the last attempt: the render shows an issue, keeps no files and no job stays open', async () => {
    const me = await client.register()
    const text = 'Never going to make it.'
    dieOn.set(text, () => true)
    const res = await client.call('POST', '/api/quick-create', me, { text, voice_id: 'espeak:en-us' })
    const failed = await client.waitDone(res.json<{ render: Render }>().render.id, me, 60_000)
    expect(failed).toMatchObject({
      status: RenderStatus.issue,
      status_label: 'Issue',
      flow: GenerationFlow.avatarFailed,
      job_status: 3,
      queue_status: 'failed',
    })
    expect(failed.error).toBe(RENDER_FAILED_MESSAGE)
    expect(attempts.get(text)).toBe(3)
    const logs = await logsOf(failed.id, me)
    expect(logs.filter((l) => l.job === 'avatar').map((l) => l.status)).toEqual([
      'retrying',
      'retrying',
      'failed',
    ])
    const kept = path.join(t.config.dataDir, 'files', 'renders', failed.id)
    await expect
      .poll(() => (fs.existsSync(kept) ? fs.readdirSync(kept) : []), { timeout: 10_000 })
      .toEqual([])
    await expect
      .poll(
        async () => {
          const jobs = await t.database.raw.query(
            "select count(*)::int as n from pgboss.job where name like 'renders.%' and state in ('created','retry','active')",
          )
          return (jobs.rows[0] as { n: number }).n
        },
        { timeout: 10_000 },
      )
      .toBe(0)
  }, 90_000)
})
