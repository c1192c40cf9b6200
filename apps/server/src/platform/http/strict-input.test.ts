import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { User } from '@mouthpiece/contracts/users/users.schemas'
import { UNSTORABLE_TEXT_MESSAGE } from '@mouthpiece/contracts/storable-text'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

/** Input the database cannot store, ids read loosely, log details and rate-limit answers (issue 14 "Input"). */
describe('strict input for every route', () => {
  let t: TestApp
  let admin: Record<string, string>
  let user: { id: number; headers: Record<string, string> }
  const inject = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, payload, headers })

  beforeAll(async () => {
    t = await createTestApp()
    const login = await inject('POST', '/api/admin/login', {
      username: 'admin',
      password: 'admin-password-1',
    })
    admin = { authorization: `Bearer ${login.json<{ token: string }>().token}` }
    const reg = await inject('POST', '/api/register', {
      username: 'strict1',
      email: 'strict1@example.com',
      password: 'first password 1',
    })
    const body = reg.json<{ token: string; user: User }>()
    user = { id: body.user.id, headers: { authorization: `Bearer ${body.token}` } }
  })
  afterAll(async () => t.close())

  describe('text PostgreSQL cannot store', () => {
    const NUL = 'a\u0000b'
    const LONE = 'a\ud800b'
    const cases: Array<[string, () => Promise<{ statusCode: number; json: () => unknown }>, string]> = [
      [
        'login (no login)',
        () => inject('POST', '/api/login', { username: NUL, password: 'whatever 1' }),
        'username',
      ],
      [
        'register (no login)',
        () =>
          inject('POST', '/api/register', {
            username: 'nul1',
            email: 'nul1@example.com',
            password: `pass${NUL}word`,
          }),
        'password',
      ],
      [
        'support mail (no login)',
        () =>
          inject('POST', '/api/support-mail', {
            name: 'Ann',
            email: 'ann@example.com',
            message: `hi ${NUL}`,
          }),
        'message',
      ],
      [
        'username check (no login)',
        () => inject('POST', '/api/check-valid-username', { username: LONE }),
        'username',
      ],
      [
        'a query string (no login)',
        () =>
          inject(
            'GET',
            `/api/donation/account/user-permission-by-channel?channel_id=${encodeURIComponent(NUL)}`,
          ),
        'channel_id',
      ],
      ['a path segment', () => inject('GET', '/api/custom-avatar/1%00', undefined, user.headers), 'id'],
      [
        'a signed-in update',
        () => inject('POST', '/api/update-info', { username: NUL }, user.headers),
        'username',
      ],
      [
        'a nested admin field',
        () =>
          inject(
            'POST',
            '/api/admin/users/create',
            { username: 'nul2', email: 'nul2@example.com', password: 'pass word 1', extra: { deep: [NUL] } },
            admin,
          ),
        'extra.deep.0',
      ],
      [
        'an object key',
        () => inject('POST', '/api/donation/settings/update', { data: { [NUL]: 1 } }, user.headers),
        `data.${NUL}`,
      ],
    ]
    for (const [name, call, field] of cases) {
      it(`answers 400 in the error shape for ${name}`, async () => {
        const res = await call()
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({
          message: UNSTORABLE_TEXT_MESSAGE,
          code: 'validation',
          errors: { [field]: [UNSTORABLE_TEXT_MESSAGE] },
        })
      })
    }

    it('answers 400 for a file name the database cannot store (multipart upload, no login)', async () => {
      const boundary = 'mpboundary'
      const samples = 8000
      const wav = Buffer.alloc(44 + samples * 2)
      wav.write('RIFF', 0)
      wav.writeUInt32LE(36 + samples * 2, 4)
      wav.write('WAVEfmt ', 8)
      wav.writeUInt32LE(16, 16)
      wav.writeUInt16LE(1, 20)
      wav.writeUInt16LE(1, 22)
      wav.writeUInt32LE(8000, 24)
      wav.writeUInt32LE(16000, 28)
      wav.writeUInt16LE(2, 32)
      wav.writeUInt16LE(16, 34)
      wav.write('data', 36)
      wav.writeUInt32LE(samples * 2, 40)
      for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(8000 * Math.sin(i / 5)), 44 + i * 2)
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a${NUL}.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
        ),
        wav,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/audio/upload',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        message: UNSTORABLE_TEXT_MESSAGE,
        code: 'validation',
        errors: { filename: [UNSTORABLE_TEXT_MESSAGE] },
      })
    })

    it('changes nothing: the account keeps its name', async () => {
      const me = await inject('GET', '/api/get-user-login', undefined, user.headers)
      expect(me.json()).toMatchObject({ user: { username: 'strict1' } })
    })

    it('still takes tabs, new lines and emoji', async () => {
      const res = await inject('POST', '/api/check-valid-username', { username: 'tab\tname 😀' })
      expect(res.statusCode).toBe(200)
    })
  })

  describe('one strict id type', () => {
    const victim = async () => {
      const res = await inject(
        'POST',
        '/api/admin/users/create',
        {
          username: `victim${Date.now() % 1e6}`,
          email: `v${Date.now()}@example.com`,
          password: 'user password 1',
        },
        admin,
      )
      return res.json<{ user: User }>().user
    }

    it('refuses ids that are not positive whole numbers in JSON; nothing is deleted', async () => {
      const first = await inject('GET', `/api/admin/users/info?user_id=${user.id}`, undefined, admin)
      expect(first.statusCode).toBe(200)
      for (const user_id of [
        true,
        [user.id],
        `${user.id}`,
        '0x5',
        ` ${user.id} `,
        '5e0',
        1.5,
        0,
        -1,
        null,
        2 ** 40,
      ]) {
        const res = await inject('POST', '/api/admin/users/delete', { user_id }, admin)
        expect(res.statusCode, JSON.stringify(user_id)).toBe(400)
        expect(res.json()).toMatchObject({ code: 'validation', errors: { user_id: ['Invalid user id'] } })
      }
      expect(
        (await inject('GET', `/api/admin/users/info?user_id=${user.id}`, undefined, admin)).statusCode,
      ).toBe(200)
      const v = await victim()
      expect((await inject('POST', '/api/admin/users/delete', { user_id: v.id }, admin)).statusCode).toBe(200)
    })

    it('reads ids in queries and paths as plain decimal digits only', async () => {
      for (const raw of ['0x1', '%201%20', '1e0', '01', '+1', '1.0', '', 'true', '99999999999']) {
        const res = await inject('GET', `/api/admin/users/info?user_id=${raw}`, undefined, admin)
        expect(res.statusCode, raw).toBe(400)
        expect(res.json()).toMatchObject({ errors: { user_id: ['Invalid user id'] } })
      }
      for (const raw of ['0x1', '1e0', '%201', '01']) {
        const res = await inject('GET', `/api/custom-avatar/${raw}`, undefined, user.headers)
        expect(res.statusCode, raw).toBe(400)
        expect(res.json()).toMatchObject({ message: 'Avatar not found' })
      }
      expect((await inject('GET', '/api/custom-avatar/123456', undefined, user.headers)).statusCode).toBe(404)
    })

    it('applies to every id of other routes too (tips, categories, notifications, pages)', async () => {
      const repush = await inject(
        'POST',
        '/api/donation/tips/re-push',
        { tip_id: '7', mode: 'preview' },
        user.headers,
      )
      expect(repush.json()).toMatchObject({ errors: { tip_id: ['Invalid tip id'] } })
      const category = await inject(
        'POST',
        '/api/admin/sentences/delete-category',
        { category_id: true },
        admin,
      )
      expect(category.statusCode).toBe(400)
      const seen = await inject(
        'POST',
        '/api/notifications/update-status',
        { notification: [3] },
        user.headers,
      )
      expect(seen.statusCode).toBe(400)
      const page = await inject('GET', '/api/notifications?page=0x2', undefined, user.headers)
      expect(page.statusCode).toBe(400)
      expect(
        (await inject('GET', '/api/notifications?page=2&limit=5', undefined, user.headers)).statusCode,
      ).toBe(200)
    })
  })

  describe('ids of projects, personal voices and events (issue 23)', () => {
    const LOOSE = (id: number) => [
      `0x${id.toString(16)}`,
      `${id}e0`,
      `%20${id}`,
      `%2B${id}`,
      `0${id}`,
      `${id}.0`,
      'true',
    ]

    it('reads a project id in a path as plain decimal digits only; nothing is deleted', async () => {
      const created = await inject('POST', '/api/create-project', { name: 'Strict ids' }, user.headers)
      expect(created.statusCode, created.body).toBe(200)
      const id = created.json<{ project: { id: number } }>().project.id
      for (const raw of LOOSE(id)) {
        const open = await inject('GET', `/api/get-project/${raw}`, undefined, user.headers)
        expect(open.statusCode, raw).toBe(400)
        expect(open.json()).toMatchObject({ code: 'validation', message: 'Project not found' })
        expect(
          (await inject('POST', `/api/projects/${raw}/delete`, undefined, user.headers)).statusCode,
          raw,
        ).toBe(400)
      }
      expect((await inject('GET', `/api/get-project/${id}`, undefined, user.headers)).statusCode).toBe(200)
      const page = await inject('GET', '/api/get-projects?page=0x1', undefined, user.headers)
      expect(page.statusCode).toBe(400)
    })

    it('takes exclude_id of check-project-name as a JSON number only', async () => {
      for (const exclude_id of [true, [5], '0x5', '5', 5.5, 0, 2 ** 40]) {
        const res = await inject(
          'POST',
          '/api/check-project-name',
          { name: 'Strict ids', exclude_id },
          user.headers,
        )
        expect(res.statusCode, JSON.stringify(exclude_id)).toBe(400)
        expect(res.json()).toMatchObject({
          code: 'validation',
          errors: { exclude_id: ['Project not found'] },
        })
      }
      expect(
        (await inject('POST', '/api/check-project-name', { name: 'Strict ids', exclude_id: 5 }, user.headers))
          .statusCode,
      ).toBe(200)
    })

    it('reads personal voice and event ids in paths as plain decimal digits only', async () => {
      for (const raw of LOOSE(1)) {
        const voice = await inject('POST', `/api/personal-voices/${raw}/delete`, undefined, user.headers)
        expect(voice.statusCode, raw).toBe(400)
        expect(voice.json()).toMatchObject({ code: 'validation', message: 'Voice not found' })
        const event = await inject('GET', `/api/conference-event/${raw}/settings`)
        expect(event.statusCode, raw).toBe(400)
        expect(event.json()).toMatchObject({ code: 'validation', message: 'Event not found' })
        expect(
          (await inject('GET', `/api/admin/conference-events/${raw}`, undefined, admin)).statusCode,
          raw,
        ).toBe(400)
      }
    })
  })

  describe('what errors tell clients', () => {
    it('keeps details after # for the log, not the answer', async () => {
      // A storage key with a dot segment: the storage layer refuses it with `Invalid file key#<key>`.
      const res = await inject('GET', '/api/files/..%2Fsecret.txt?expires=9999999999&sig=x')
      expect(res.statusCode).toBeGreaterThanOrEqual(400)
      expect(JSON.stringify(res.json())).not.toContain('#')
      expect(JSON.stringify(res.json())).not.toContain('secret.txt')
    })

    it('answers a rate limit with `rate_limited` and the real time left in its window', async () => {
      // Demo background uploads: 30 per 10 minutes per address.
      const upload = () =>
        t.app.inject({ method: 'POST', url: '/api/demo/background', remoteAddress: '10.14.0.1' })
      for (let i = 0; i < 30; i++) expect((await upload()).statusCode).not.toBe(429)
      const limited = await upload()
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toEqual({
        message: 'Too many attempts. Please wait 10 minutes and try again.',
        code: 'rate_limited',
      })
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(540)
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600)
    })
  })
})
