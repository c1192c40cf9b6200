import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { backgroundKey, sweepUnusedBackgrounds, UNUSED_BACKGROUND_MIN_AGE_MS } from './backgrounds.service'
import { BACKGROUND_SWEEP_QUEUE } from '../renders.queues'
import { multipartFile, rendersClient, visitorCookie } from '../testing/renders-client'

/** Uploads a background picture through the demo endpoint, as the editor does; returns its id. */
async function upload(t: TestApp): Promise<string> {
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#FF6A59' } })
    .png()
    .toBuffer()
  const form = multipartFile('file', 'bg.png', 'image/png', png)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/demo/background',
    payload: form.payload,
    headers: form.headers,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ background: { id: string } }>().background.id
}

/** Makes a stored background look `ms` old (local storage: the file's mtime is its age). */
function age(t: TestApp, id: string, ms: number) {
  const when = new Date(Date.now() - ms)
  fs.utimesSync(path.join(t.config.dataDir, 'files', ...backgroundKey(id).split('/')), when, when)
}

const stored = async (t: TestApp, id: string) => (await t.storage.stat(backgroundKey(id))) !== null
const DAY_AND_AN_HOUR = UNUSED_BACKGROUND_MIN_AGE_MS + 3_600_000

/** Uploaded backgrounds nobody uses any more are swept from storage; used or fresh ones stay. */
describe('sweeping unused background pictures', () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>
  beforeAll(async () => {
    t = await createTestApp()
    client = rendersClient(t)
  })
  afterAll(async () => t.close())

  const demoWith = async (id: string) => {
    const res = await client.call('POST', '/api/demo/ai-video', undefined, {
      text: 'On my own background.',
      background: { type: 'upload', id },
    })
    expect(res.statusCode, res.body).toBe(200)
    return { id: res.json<{ render: Render }>().render.id, visitor: { cookie: visitorCookie(res) } }
  }

  it('removes old unused ones (never used, or their render deleted) and keeps fresh or used ones', async () => {
    const neverUsed = await upload(t)
    const fresh = await upload(t)
    const used = await upload(t)
    const ofDeleted = await upload(t)
    await demoWith(used)
    const doomed = await demoWith(ofDeleted)
    const del = await client.call('POST', `/api/renders/${doomed.id}/delete`, doomed.visitor)
    expect(del.statusCode, del.body).toBe(200)
    for (const id of [neverUsed, used, ofDeleted]) age(t, id, DAY_AND_AN_HOUR)
    age(t, fresh, UNUSED_BACKGROUND_MIN_AGE_MS - 3_600_000)
    const size =
      (await t.storage.stat(backgroundKey(neverUsed)))!.size +
      (await t.storage.stat(backgroundKey(ofDeleted)))!.size

    expect(await sweepUnusedBackgrounds({ db: t.db, storage: t.storage })).toEqual({ files: 2, bytes: size })

    expect(await stored(t, neverUsed)).toBe(false)
    expect(await stored(t, ofDeleted)).toBe(false)
    expect(await stored(t, fresh)).toBe(true)
    expect(await stored(t, used)).toBe(true)
    // The content-type sidecar goes with the file.
    expect(
      fs.existsSync(path.join(t.config.dataDir, 'files', '.meta', 'backgrounds', `${neverUsed}.jpg.json`)),
    ).toBe(false)
    expect((await client.call('GET', `/api/demo/background/${neverUsed}`)).statusCode).toBe(404)
    expect((await client.call('GET', `/api/demo/background/${used}`)).statusCode).toBe(200)
    // Nothing left to do: a second sweep deletes nothing.
    expect(await sweepUnusedBackgrounds({ db: t.db, storage: t.storage })).toEqual({ files: 0, bytes: 0 })
  })

  it('leaves files under backgrounds/ it did not name alone', async () => {
    await t.storage.put('backgrounds/readme.txt', Buffer.from('not a background'))
    fs.utimesSync(path.join(t.config.dataDir, 'files', 'backgrounds', 'readme.txt'), new Date(0), new Date(0))
    await sweepUnusedBackgrounds({ db: t.db, storage: t.storage })
    expect(await t.storage.stat('backgrounds/readme.txt')).not.toBeNull()
  })
})

describe('the background sweep job', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ workers: true })
  })
  afterAll(async () => t.close())

  it('is scheduled by the workers and sweeps when it runs', async () => {
    const schedules = await t.queue.boss.getSchedules()
    expect(schedules.map((s) => s.name)).toContain(BACKGROUND_SWEEP_QUEUE)
    const leftover = await upload(t)
    age(t, leftover, DAY_AND_AN_HOUR)
    await t.queue.send(BACKGROUND_SWEEP_QUEUE, {})
    const deadline = Date.now() + 20_000
    while ((await stored(t, leftover)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    expect(await stored(t, leftover)).toBe(false)
  })
})
