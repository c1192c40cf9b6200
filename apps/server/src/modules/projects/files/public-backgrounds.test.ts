import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'

describe('public text background {sentence} and video background {id}', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
  })
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })

  it('suggests a ready background by the words of a line, signed out, with a clear error for no line', async () => {
    const hype = await get(
      `/api/text-background?sentence=${encodeURIComponent('We WON the raid, this is EPIC!')}`,
    )
    expect(hype.statusCode, hype.body).toBe(200)
    expect(hype.json()).toMatchObject({
      background: {
        id: 'coral',
        label: 'Coral sunset',
        colors: ['#FF6A59', '#6A2C91'],
        video_url: '/api/video-background/coral',
        matched: ['won', 'epic'],
      },
    })
    expect((await get('/api/text-background?sentence=Late%20night%20stream%2C%20chat')).json()).toMatchObject(
      { background: { id: 'night' } },
    )
    expect((await get('/api/text-background?sentence=Hmm.')).json()).toMatchObject({
      background: { id: 'studio', matched: [] },
    })
    const none = await get('/api/text-background?sentence=%20%20')
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({ message: 'Please enter a sentence' })
    expect((await get(`/api/text-background?sentence=${'a'.repeat(1001)}`)).statusCode).toBe(400)
  })

  it('serves a ready background as a 6 s 1280×720 MP4 made once, with ranges; unknown ids are not found', async () => {
    const first = await get('/api/video-background/ocean')
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('video/mp4')
    const file = path.join(t.config.dataDir, 'ocean.mp4')
    fs.writeFileSync(file, first.rawPayload)
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        file,
      ]).toString(),
    ) as { format: { duration: string }; streams: Array<{ width: number; height: number }> }
    expect(probe.streams[0]).toMatchObject({ width: 1280, height: 720 })
    expect(Number(probe.format.duration)).toBeCloseTo(6, 0)
    // The second request reads the stored file (same bytes), and a player may ask for a range.
    expect((await get('/api/video-background/ocean')).rawPayload.equals(first.rawPayload)).toBe(true)
    const part = await get('/api/video-background/ocean', { range: 'bytes=0-99' })
    expect(part.statusCode).toBe(206)
    expect(part.rawPayload.length).toBe(100)
    const unknown = await get('/api/video-background/lava')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ message: 'Background not found' })
  })
})
