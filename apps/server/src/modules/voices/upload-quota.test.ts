import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonymousUploadQuotaMessage, uploadQuotaMessage } from '@mouthpiece/contracts/voices/voices.contract'
import type { AudioProcess } from '@mouthpiece/contracts/voices/voices.contract'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { signUp } from '../donations/testing'
import { speak, writeAudio } from '../../platform/media'
import { multipartFile, visitorCookie } from '../renders/testing'
import { ANONYMOUS_UPLOADS_SWEEP_QUEUE } from './voices.queues'

const MB = 1024 * 1024

/**
 * Issue 23: anonymous /api/audio/upload took 30 × 25 MB per 10 minutes per IP with no quota. Now a
 * user and a signed-out visitor each have a storage quota (a visitor's IP too: a new cookie buys no
 * space), refused with a clear 413, and signed-out uploads expire through a periodic job.
 */
describe('uploaded audio: storage quotas and expiry', () => {
  let t: TestApp
  let mp3: Buffer
  let quota: { user: number; visitor: number; ip: number }

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-quota-'))
    const file = path.join(dir, 'sample.mp3')
    await writeAudio(
      await speak({
        text: 'Testing my storage quota.',
        voiceId: 'espeak:en-us+m3',
        emotion: 'Neutral',
        intensity: 0.5,
      }),
      file,
      'mp3',
    )
    mp3 = fs.readFileSync(file)
    fs.rmSync(dir, { recursive: true, force: true })
    // Room for 1 file per user, 2 per visitor and 3 per IP, whatever the sample's size.
    quota = { user: (mp3.length * 1.5) / MB, visitor: (mp3.length * 2.5) / MB, ip: (mp3.length * 3.5) / MB }
    t = await createTestApp({
      workers: true,
      env: {
        UPLOAD_QUOTA_MB: String(quota.user),
        ANONYMOUS_UPLOAD_QUOTA_MB: String(quota.visitor),
        ANONYMOUS_IP_UPLOAD_QUOTA_MB: String(quota.ip),
      },
    })
  })
  afterAll(async () => t?.close())

  const upload = (who: { cookie?: string; token?: string; ip?: string } = {}) => {
    const form = multipartFile('file', 'clip.mp3', 'audio/mpeg', mp3)
    return t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      payload: form.payload,
      remoteAddress: who.ip ?? '203.0.113.7',
      headers: {
        ...form.headers,
        ...(who.cookie ? { cookie: who.cookie } : {}),
        ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
      },
    })
  }
  const rows = async () =>
    (await t.database.raw.query<{ n: number }>('select count(*)::int as n from audio_uploads')).rows[0]!.n
  const storedFiles = () => {
    const dir = path.join(t.config.dataDir, 'files', 'audio')
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0
  }

  it('a signed-out visitor keeps up to their quota; past it a 413 says why, and nothing is kept', async () => {
    const first = await upload()
    expect(first.statusCode, first.body).toBe(200)
    const cookie = visitorCookie(first)
    expect((await upload({ cookie })).statusCode).toBe(200)
    const [n, files] = [await rows(), storedFiles()]
    const third = await upload({ cookie })
    expect(third.statusCode).toBe(413)
    expect(third.json()).toMatchObject({
      code: 'quota_exceeded',
      message: anonymousUploadQuotaMessage(quota.visitor),
    })
    expect(third.json<{ message: string }>().message).toContain('24 hours')
    expect(await rows()).toBe(n)
    expect(storedFiles()).toBe(files)
  })

  it('dropping the cookie does not buy space: every visitor of one IP shares a quota', async () => {
    const other = await upload()
    expect(other.statusCode, other.body).toBe(200) // IP total: 3 files
    const fresh = await upload()
    expect(fresh.statusCode).toBe(413)
    expect(fresh.json()).toMatchObject({ code: 'quota_exceeded' })
    // Another address is not held back by this one.
    expect((await upload({ ip: '198.51.100.9' })).statusCode).toBe(200)
  })

  it('a signed-in user keeps up to theirs; removing a file makes room', async () => {
    const user = await signUp(t.app, 'quotauser')
    const token = user.headers.authorization.replace('Bearer ', '')
    const first = await upload({ token })
    expect(first.statusCode, first.body).toBe(200)
    const second = await upload({ token })
    expect(second.statusCode).toBe(413)
    expect(second.json()).toMatchObject({ code: 'quota_exceeded', message: uploadQuotaMessage(quota.user) })
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/audio/remove',
      payload: { uuid_path: first.json<{ process: AudioProcess }>().process.uuid_path },
      headers: user.headers,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await upload({ token })).statusCode).toBe(200)
  })

  it('signed-out uploads expire: the periodic job deletes their files and rows, and the quota frees up', async () => {
    expect((await t.queue.boss.getSchedules()).map((s) => s.name)).toContain(ANONYMOUS_UPLOADS_SWEEP_QUEUE)
    const fresh = await upload({ ip: '192.0.2.44' })
    expect(fresh.statusCode).toBe(200)
    const freshId = fresh.json<{ process: AudioProcess }>().process.uuid_path
    // Every upload from the earlier tests is a day and an hour old.
    await t.database.raw.query(
      `update audio_uploads set created_at = now() - interval '25 hours' where id <> $1`,
      [freshId],
    )
    const expired = (
      await t.database.raw.query<{ id: string; original_key: string }>(
        'select id, original_key from audio_uploads where user_id is null and id <> $1',
        [freshId],
      )
    ).rows
    expect(expired.length).toBe(4)
    await t.queue.send(ANONYMOUS_UPLOADS_SWEEP_QUEUE, {})
    const left = async () =>
      (
        await t.database.raw.query<{ n: number }>(
          'select count(*)::int as n from audio_uploads where user_id is null',
        )
      ).rows[0]!.n
    const deadline = Date.now() + 20_000
    while ((await left()) > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    expect(await left()).toBe(1)
    for (const row of expired)
      expect(fs.existsSync(path.join(t.config.dataDir, 'files', row.original_key)), row.original_key).toBe(
        false,
      )
    expect(
      (await t.database.raw.query('select 1 from audio_uploads where id = $1', [freshId])).rows,
    ).toHaveLength(1)
    // Signed-in users' files are theirs until they remove them.
    expect(
      (
        await t.database.raw.query<{ n: number }>(
          'select count(*)::int as n from audio_uploads where user_id is not null',
        )
      ).rows[0]!.n,
    ).toBe(1)
    // The IP's quota is free again.
    expect((await upload()).statusCode).toBe(200)
  })
})
