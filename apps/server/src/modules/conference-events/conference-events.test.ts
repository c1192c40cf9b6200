import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  ConferenceEvent,
  ShortVideo,
  StaffRosterEntry,
  Submission,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import {
  STAFF_PIN_FORMAT_MESSAGE,
  STAFF_PIN_NOT_SET_MESSAGE,
  PHOTO_CONSENT_REQUIRED,
  PHOTO_NO_FACE,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { listOutbox } from '../../platform/mail/outbox'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { rendersClient, findEventVideo } from '../renders/testing'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import { findByCode } from './conference-events.repo'
import { followRender } from './delivery.service'

const PORTRAIT = fileURLToPath(
  new URL('../../../../../packages/media/fixtures/portrait-1024.jpg', import.meta.url),
)
const CONSENT = 'I agree that Mouthpiece stores my name and email to send me this video.'
const eventBody = (extra: object = {}) => ({
  name: 'TwitchCon Rotterdam',
  starts_on: '2026-11-20',
  ends_on: '2026-11-22',
  consent_text: CONSENT,
  greeting_template: 'Hey {name}, welcome to TwitchCon!',
  influencer_id: 'streamer',
  voice_id: 'espeak:en-us+f3',
  fields: [{ key: 'twitch_handle', label: 'Twitch handle', required: true }],
  ...extra,
})
const attendee = (extra: object = {}) => ({
  submission_id: randomUUID(),
  kiosk_id: 'kiosk-1',
  name: 'Alice',
  email: 'Alice@Example.com',
  consent: true,
  consent_text: CONSENT,
  agreed_at: new Date().toISOString(),
  answers: { twitch_handle: 'alice_live' },
  ...extra,
})

/** A conference event driven through HTTP as the admin page and the kiosk do. */
function booth(t: TestApp) {
  const client = rendersClient(t)
  let admin: Record<string, string> = {}
  const call = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, payload, headers })
  return {
    call,
    client,
    async loginAdmin() {
      const res = await call('POST', '/api/admin/login', { username: 'admin', password: 'admin-password-1' })
      admin = { authorization: `Bearer ${res.json<{ token: string }>().token}` }
    },
    admin: (method: 'GET' | 'POST', url: string, payload?: object) => call(method, url, payload, admin),
    /** An admin read that must succeed. */
    async adminGet<T>(url: string): Promise<T> {
      const res = await call('GET', url, undefined, admin)
      expect(res.statusCode, res.body).toBe(200)
      return res.json<T>()
    },
    async createEvent(extra: object = {}) {
      const res = await call('POST', '/api/admin/conference-events', eventBody(extra), admin)
      expect(res.statusCode, res.body).toBe(200)
      return res.json<{ event: ConferenceEvent }>().event
    },
    /** Polls the retrieval call until the clip is delivered and its mail went (or failed). */
    async waitDelivered(code: string, ms = 90_000): Promise<ShortVideo> {
      const deadline = Date.now() + ms
      for (;;) {
        const video = (await call('GET', `/api/conference-event/short-video/${code}`)).json<{
          video: ShortVideo
        }>().video
        if (video.delivery === 'mailed' || video.delivery === 'mail_failed') return video
        if (Date.now() > deadline) throw new Error(`clip ${code} still rendering`)
        await new Promise((r) => setTimeout(r, 200))
      }
    },
  }
}

describe('conference-event booth', () => {
  let t: TestApp
  let b: ReturnType<typeof booth>
  let event: ConferenceEvent

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    b = booth(t)
    await b.loginAdmin()
  })
  afterAll(async () => t.close())

  it('refuses a bad event with the field’s message and creates nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ name: '' }, 'Please enter the event name'],
      [
        { greeting_template: 'Welcome to TwitchCon!' },
        'The greeting must contain {name}, where the attendee’s name goes',
      ],
      [{ ends_on: '2026-11-19' }, 'The event cannot end before it starts'],
      [{ consent_text: 'ok' }, 'The consent text is at least 10 characters'],
      [
        {
          fields: [
            { key: 'a', label: 'A' },
            { key: 'a', label: 'B' },
          ],
        },
        'Each field key can be used once',
      ],
    ]
    for (const [change, message] of cases) {
      const res = await b.admin('POST', '/api/admin/conference-events', eventBody(change))
      expect(res.statusCode, message).toBe(400)
      expect(res.json<{ message: string }>().message).toBe(message)
    }
    const unknown = await b.admin(
      'POST',
      '/api/admin/conference-events',
      eventBody({ influencer_id: 'nobody-here' }),
    )
    expect(unknown.statusCode).toBe(404)
    expect((await b.adminGet<{ events: unknown[] }>('/api/admin/conference-events')).events).toEqual([])
  })

  it('creates an event whose generic clip renders ahead of the crowd', async () => {
    event = await b.createEvent()
    expect(event).toMatchObject({
      name: 'TwitchCon Rotterdam',
      submissions: 0,
      generic_clip: { status: 'rendering' },
    })
    const kiosk = await b.call('GET', `/api/conference-event/${event.id}/settings`)
    expect(kiosk.json()).toEqual({
      event: {
        id: event.id,
        name: 'TwitchCon Rotterdam',
        starts_on: '2026-11-20',
        ends_on: '2026-11-22',
        fields: eventBody().fields,
        consent_text: CONSENT,
        greeting_template: 'Hey {name}, welcome to TwitchCon!',
      },
    })
    expect((await b.call('GET', '/api/conference-event/999999/settings')).json()).toMatchObject({
      message: 'Event not found',
    })
  })

  it('gives a normal user 403 and a stranger 401 on every admin call', async () => {
    const user = await b.client.register('booth')
    const asUser = { authorization: `Bearer ${user.token}` }
    const calls: Array<['GET' | 'POST', string, object?]> = [
      ['GET', '/api/admin/conference-events'],
      ['POST', '/api/admin/conference-events', eventBody()],
      ['GET', `/api/admin/conference-events/${event.id}`],
      ['POST', `/api/admin/conference-events/${event.id}/update`, eventBody({ name: 'Hacked' })],
      ['GET', `/api/admin/conference-events/${event.id}/submissions`],
      ['GET', `/api/admin/conference-events/${event.id}/submissions/export`],
      ['POST', `/api/admin/conference-events/${event.id}/submissions/delete`, {}],
      ['POST', `/api/admin/conference-events/${event.id}/delete`],
    ]
    for (const [method, url, payload] of calls) {
      expect((await b.call(method, url, payload, asUser)).statusCode, url).toBe(403)
      expect((await b.call(method, url, payload)).statusCode, url).toBe(401)
    }
    expect(
      (await b.admin('GET', `/api/admin/conference-events/${event.id}`)).json<{ event: ConferenceEvent }>()
        .event.name,
    ).toBe('TwitchCon Rotterdam')
  })

  it('refuses a bad submission with a clear message and saves nothing', async () => {
    const cases: Array<[object, number, string]> = [
      [{ consent: false }, 400, 'Please tick the box to agree before we make your video'],
      [{ name: '  ' }, 400, 'Please enter your name or handle'],
      [{ email: 'alice@' }, 400, 'Please enter a valid email address'],
      [{ answers: {} }, 400, 'Please answer: Twitch handle'],
      [{ answers: { twitch_handle: 'a', shoe_size: '44' } }, 400, 'This event does not ask that'],
      [{ submission_id: 'nope' }, 400, 'Invalid submission id'],
      [
        { consent_text: 'I agree to anything.' },
        409,
        'The consent text has changed since this kiosk loaded it. Please read it again and tick the box.',
      ],
    ]
    for (const [change, status, message] of cases) {
      const res = await b.call('POST', `/api/conference-event/${event.id}/save-data`, attendee(change))
      expect(res.statusCode, message).toBe(status)
      expect(res.json<{ message: string }>().message).toBe(message)
    }
    const page = await b.adminGet<{ total: number }>(`/api/admin/conference-events/${event.id}/submissions`)
    expect(page.total).toBe(0)
  })

  it('saves an attendee once, renders their greeting with captions, and mails the link', async () => {
    const body = attendee()
    const started = Date.now()
    const first = await b.call('POST', `/api/conference-event/${event.id}/save-data`, body)
    expect(first.statusCode, first.body).toBe(200)
    const { video, duplicate } = first.json<{ video: ShortVideo; duplicate: boolean }>()
    expect(duplicate).toBe(false)
    expect(video).toMatchObject({
      name: 'Alice',
      greeting: 'Hey Alice, welcome to TwitchCon!',
      variant: 'personal',
      delivery: 'rendering',
      video_url: null,
    })
    expect(video.code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/)

    // The kiosk lost the answer and sends again: the same attendee, not a second one.
    const again = await b.call('POST', `/api/conference-event/${event.id}/save-data`, {
      ...body,
      name: 'Alice again',
    })
    expect(again.json()).toMatchObject({ duplicate: true, video: { code: video.code, name: 'Alice' } })

    // The short audio: the greeting spoken in the event's voice while the video still renders; made once, then kept.
    expect(video.audio_url).toBe(`/api/conference-event/short-audio/${video.code}`)
    const audio = await b.call('GET', `/api/conference-event/short-audio/${video.code}`)
    expect(audio.statusCode, audio.body).toBe(200)
    expect(audio.headers['content-type']).toBe('audio/wav')
    const wav = audio.rawPayload
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF')
    const seconds = (wav.length - 44) / wav.readUInt32LE(28)
    expect(seconds).toBeGreaterThan(1)
    expect(seconds).toBeLessThan(6)
    const replay = await b.call('GET', `/api/conference-event/short-audio/${video.code.toLowerCase()}`)
    expect(replay.rawPayload.equals(wav)).toBe(true)
    expect((await b.call('GET', '/api/conference-event/short-audio/ZZZZZZ')).json()).toMatchObject({
      message: 'No video has that code. Check the 6 letters and digits.',
    })

    const done = await b.waitDelivered(video.code)
    console.log(`[booth] submission → playable in ${Date.now() - started} ms`)
    expect(done).toMatchObject({ variant: 'personal', delivery: 'mailed' })
    expect(done.video_url).toMatch(/\.mp4/)
    expect((await b.call('GET', done.video_url!)).statusCode).toBe(200)

    const mails = (await listOutbox(t.config, 1, 20)).list.filter((m) => m.to.includes('alice@example.com'))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Your TwitchCon Rotterdam video is ready')
    expect(mails[0]!.text).toContain(`/twitchcon/${event.id}?code=${video.code}`)

    const page = await b.adminGet<{ total: number; list: Submission[] }>(
      `/api/admin/conference-events/${event.id}/submissions`,
    )
    expect(page.total).toBe(1)
    expect(page.list[0]).toMatchObject({
      id: body.submission_id,
      name: 'Alice',
      email: 'alice@example.com',
      kiosk_id: 'kiosk-1',
      delivery: 'mailed',
      answers: { twitch_handle: 'alice_live' },
    })
    expect(page.list[0]!.consent_sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(Date.parse(page.list[0]!.agreed_at)).toBeLessThanOrEqual(Date.now())

    // send-mail right after the clip was mailed: held back by the mail cooldown, with a clear 429 (issue 23: 6 clips in a row).
    for (let i = 0; i < 6; i++) {
      const tooSoon = await b.call('POST', '/api/conference-event/send-mail', { code: video.code })
      expect(tooSoon.statusCode, tooSoon.body).toBe(429)
      expect(tooSoon.json()).toMatchObject({
        code: 'mail_cooldown',
        message: expect.stringMatching(
          /^Your video was just emailed to you\. Please wait (a minute|\d+ seconds) and check your inbox/,
        ),
      })
      expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0)
    }
    expect(
      (await listOutbox(t.config, 1, 20)).list.filter((m) => m.to.includes('alice@example.com')),
    ).toHaveLength(1)
    expect((await findByCode(t.db, video.code))?.delivery).toBe('mailed')
    // send-mail once the cooldown has passed: the link again, to the same address only.
    await t.database.raw.query(
      `update mail_cooldowns set sent_at = now() - interval '61 seconds' where kind = 'booth_clip'`,
    )
    const resend = await b.call('POST', '/api/conference-event/send-mail', { code: video.code.toLowerCase() })
    expect(resend.statusCode, resend.body).toBe(200)
    expect(
      (await listOutbox(t.config, 1, 20)).list.filter((m) => m.to.includes('alice@example.com')),
    ).toHaveLength(2)
    expect(
      (await b.call('POST', '/api/conference-event/send-mail', { code: 'ZZZZZZ' })).json(),
    ).toMatchObject({ message: 'No video has that code. Check the 6 letters and digits.' })
  })

  it('makes the photo taken at the kiosk into the attendee’s talking photo in their clip (with photo consent)', async () => {
    const photoEvent = await b.createEvent({ name: 'Photo booth' })
    const jpeg = await sharp(await readFile(PORTRAIT))
      .resize(720)
      .jpeg({ quality: 85 })
      .toBuffer()
    const photo = `data:image/jpeg;base64,${jpeg.toString('base64')}`
    const noConsent = await b.call(
      'POST',
      `/api/conference-event/${photoEvent.id}/save-data`,
      attendee({ photo }),
    )
    expect(noConsent.statusCode).toBe(400)
    expect(noConsent.json()).toMatchObject({ message: PHOTO_CONSENT_REQUIRED })
    const grey = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#888888' } })
      .jpeg()
      .toBuffer()
    const faceless = attendee({
      name: 'Nobody',
      photo: `data:image/jpeg;base64,${grey.toString('base64')}`,
      photo_consent: true,
    })
    const noFace = await b.call('POST', `/api/conference-event/${photoEvent.id}/save-data`, faceless)
    expect(noFace.statusCode).toBe(422)
    expect(noFace.json()).toMatchObject({ message: PHOTO_NO_FACE })
    expect(
      await t.database.raw.query(`select 1 from conference_event_submissions where name = 'Nobody'`),
    ).toMatchObject({ rows: [] })

    const body = attendee({ name: 'Dana', email: 'dana@example.com', photo, photo_consent: true })
    const res = await b.call('POST', `/api/conference-event/${photoEvent.id}/save-data`, body)
    expect(res.statusCode, res.body).toBe(200)
    const { video } = res.json<{ video: ShortVideo }>()
    const sub = (await findByCode(t.db, video.code))!
    const look = (
      await t.database.raw.query<{ look: { photo?: { key: string; landmarks: unknown[] } } }>(
        `select look from renders where id = $1`,
        [sub.render_id],
      )
    ).rows[0]!.look
    expect(look.photo?.key).toBe(`conference-events/${photoEvent.id}/${body.submission_id}-photo.jpg`)
    expect(look.photo?.landmarks).toHaveLength(68)
    const done = await b.waitDelivered(video.code, 120_000)
    expect(done).toMatchObject({ variant: 'personal', delivery: 'mailed' })
    expect(done.video_url).toMatch(/\.mp4/)

    // Deleting the event's attendees takes the photo and the clip made from it (decision 0076).
    const photoKey = look.photo!.key
    const stored = async () => (await t.storage.list(`conference-events/${photoEvent.id}/`)).map((o) => o.key)
    expect(await stored()).toEqual([photoKey])
    expect((await b.call('GET', done.video_url!)).statusCode).toBe(200)
    const clipFiles = await t.storage.list(`renders/${sub.render_id}/`)
    expect(clipFiles.length).toBeGreaterThan(0)
    // An attendee of another event (or none) is refused whole, and nothing goes.
    const stranger = await b.admin(
      'POST',
      `/api/admin/conference-events/${photoEvent.id}/submissions/delete`,
      {
        ids: [body.submission_id, randomUUID()],
      },
    )
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json()).toMatchObject({ message: 'Submission not found' })
    expect(await stored()).toEqual([photoKey])
    // Only an admin may delete.
    expect(
      (await b.call('POST', `/api/admin/conference-events/${photoEvent.id}/submissions/delete`, {}))
        .statusCode,
    ).toBe(401)

    const deleted = await b.admin(
      'POST',
      `/api/admin/conference-events/${photoEvent.id}/submissions/delete`,
      {},
    )
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(deleted.json()).toEqual({ deleted: 1 })
    expect(await stored()).toEqual([])
    await expect(t.storage.get(photoKey)).rejects.toThrow()
    expect(await t.storage.list(`renders/${sub.render_id}/`)).toEqual([])
    expect((await b.call('GET', done.video_url!)).statusCode).toBe(404)
    expect((await b.call('GET', `/api/conference-event/short-video/${video.code}`)).statusCode).toBe(404)
    const left = await t.database.raw.query(
      `select (select count(*)::int from renders where id = $1) as renders,
              (select count(*)::int from conference_event_consents where event_id = $2) as consents,
              (select count(*)::int from audit_log where action = 'conference-events.delete-submissions') as audits`,
      [sub.render_id, photoEvent.id],
    )
    expect(left.rows[0]).toEqual({ renders: 0, consents: 0, audits: 1 })

    // Deleting the event takes its generic clip too; the event is gone.
    const again = await b.call(
      'POST',
      `/api/conference-event/${photoEvent.id}/save-data`,
      attendee({ name: 'Eve', email: 'eve@example.com', photo, photo_consent: true }),
    )
    expect(again.statusCode, again.body).toBe(200)
    expect((await stored()).length).toBe(1)
    const generic = (
      await b.adminGet<{ event: ConferenceEvent }>(`/api/admin/conference-events/${photoEvent.id}`)
    ).event.generic_clip.render_id
    const gone = await b.admin('POST', `/api/admin/conference-events/${photoEvent.id}/delete`)
    expect(gone.statusCode, gone.body).toBe(200)
    expect(gone.json()).toEqual({ deleted: 1 })
    expect(await stored()).toEqual([])
    expect((await b.admin('GET', `/api/admin/conference-events/${photoEvent.id}`)).statusCode).toBe(404)
    if (generic) expect(await t.storage.list(`renders/${generic}/`)).toEqual([])
    expect(
      (
        await t.database.raw.query(
          `select count(*)::int as n from renders where source = 'conference_event' and id = $1`,
          [generic],
        )
      ).rows[0],
    ).toEqual({ n: 0 })
  }, 240_000)

  it('exports the attendees with their consent as CSV, and audits the export', async () => {
    const res = await b.admin('GET', `/api/admin/conference-events/${event.id}/submissions/export`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'id,name,email,Twitch handle,kiosk_id,code,variant,delivery,delivery_error,created_at,ready_at,mailed_at,consent_agreed_at,consent_sha256,consent_text',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('alice@example.com,alice_live,kiosk-1')
    expect(lines[1]).toContain(CONSENT)
    const audit = await b.admin('GET', '/api/admin/audit-log?action=conference-events.export')
    expect(audit.body).toContain('conference-events.export')
  })

  it('shows the Staff panel’s attendees only with the event’s PIN, checked by the server on every call (issue 23)', async () => {
    const roster = (pin: string | undefined, opts: { kiosk?: string; ip?: string } = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/conference-event/${event.id}/staff/roster`,
        remoteAddress: opts.ip ?? '203.0.113.20',
        payload: { kiosk_id: opts.kiosk ?? 'kiosk-1', ...(pin === undefined ? {} : { pin }) },
      })
    // Before the admin sets a PIN: nobody gets in.
    expect((await roster('0000')).json()).toMatchObject({
      code: 'staff_pin_not_set',
      message: STAFF_PIN_NOT_SET_MESSAGE,
    })
    const bad = await b.admin(
      'POST',
      `/api/admin/conference-events/${event.id}/update`,
      eventBody({ staff_pin: '12ab' }),
    )
    expect(bad.statusCode).toBeGreaterThanOrEqual(400)
    expect(bad.json()).toMatchObject({ message: STAFF_PIN_FORMAT_MESSAGE })
    const set = await b.admin(
      'POST',
      `/api/admin/conference-events/${event.id}/update`,
      eventBody({ staff_pin: '482913' }),
    )
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json<{ event: ConferenceEvent }>().event.has_staff_pin).toBe(true)
    expect(set.body).not.toContain('482913')
    expect(set.body).not.toContain('argon2')

    for (const [pin, code] of [
      [undefined, 'staff_pin_required'],
      ['', 'staff_pin_required'],
      ['000000', 'staff_pin_wrong'],
    ] as const) {
      const res = await roster(pin)
      expect(res.statusCode, String(pin)).toBe(403)
      expect(res.json(), String(pin)).toMatchObject({ code })
      expect(res.body).not.toContain('alice@example.com')
    }
    const ok = await roster('482913')
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json<{ list: StaffRosterEntry[] }>().list).toEqual([
      expect.objectContaining({
        name: 'Alice',
        email: 'alice@example.com',
        delivery: 'mailed',
        code: expect.any(String),
      }),
    ])
    expect((await roster('482913', { kiosk: 'kiosk-2' })).json()).toEqual({ list: [] })

    // Saving the event again without a PIN keeps it; the audit log records the change, never the PIN or its hash.
    const kept = await b.admin('POST', `/api/admin/conference-events/${event.id}/update`, eventBody())
    expect(kept.json<{ event: ConferenceEvent }>().event.has_staff_pin).toBe(true)
    expect((await roster('482913')).statusCode).toBe(200)
    const audit = await b.admin('GET', '/api/admin/audit-log?action=conference-events.update')
    expect(audit.body).toContain('staff_pin_changed')
    expect(audit.body).not.toContain('482913')
    expect(audit.body).not.toContain('argon2')

    // Guessing from one address backs off (the sign-in back-off): 429 before the sixth wrong try is even checked.
    for (let i = 0; i < 5; i++)
      expect((await roster(String(100000 + i), { ip: '198.51.100.66' })).statusCode).toBe(403)
    const throttled = await roster('482913', { ip: '198.51.100.66' })
    expect(throttled.statusCode).toBe(429)
    expect((await roster('482913')).statusCode).toBe(200)
  })
})

describe('conference-event booth with saturated render workers', () => {
  let t: TestApp
  let b: ReturnType<typeof booth>

  beforeAll(async () => {
    // 0: every attendee counts as arriving at a saturated queue.
    t = await createTestApp({ workers: true, env: { CONFERENCE_EVENT_RENDER_BACKLOG: '0' } })
    b = booth(t)
    await b.loginAdmin()
  })
  afterAll(async () => t.close())

  it('sends the generic clip with the name in captions instead of nothing', async () => {
    const event = await b.createEvent({ fields: [] })
    const res = await b.call(
      'POST',
      `/api/conference-event/${event.id}/save-data`,
      attendee({ name: 'Bob', email: 'bob@example.com', answers: {} }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const { video } = res.json<{ video: ShortVideo }>()
    expect(video).toMatchObject({ variant: 'generic', greeting: 'Hey Bob, welcome to TwitchCon!' })
    const done = await b.waitDelivered(video.code)
    expect(done).toMatchObject({
      variant: 'generic',
      delivery: 'mailed',
      captions_url: `/api/conference-event/short-video/${video.code}/captions.vtt`,
    })
    const admin = (await b.admin('GET', `/api/admin/conference-events/${event.id}`)).json<{
      event: ConferenceEvent
    }>().event
    expect(done.video_url).toBe(admin.generic_clip.video_url)
    const vtt = await b.call('GET', done.captions_url!)
    expect(vtt.headers['content-type']).toContain('text/vtt')
    expect(vtt.body).toMatch(
      /^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:\d\d\.\d{3}\nHey Bob, welcome to TwitchCon!\n$/,
    )
    expect(
      (await listOutbox(t.config, 1, 20)).list.filter((m) => m.to.includes('bob@example.com')),
    ).toHaveLength(1)
  })

  it('moves an attendee whose own render failed to the generic clip, and mails it', async () => {
    // Workers free again: this attendee gets a personal render…
    t.config.CONFERENCE_EVENT_RENDER_BACKLOG = 100
    const event = (await b.adminGet<{ events: ConferenceEvent[] }>('/api/admin/conference-events')).events[0]!
    const res = await b.call(
      'POST',
      `/api/conference-event/${event.id}/save-data`,
      attendee({ name: 'Cleo', email: 'cleo@example.com', answers: {} }),
    )
    const { video } = res.json<{ video: ShortVideo }>()
    expect(video.variant).toBe('personal')
    // …which fails (as the render workers report a failure) before it finishes.
    const row = await findByCode(t.db, video.code)
    const render = (await findEventVideo(t, row!.render_id!))!
    await followRender(t, { ...render, status: RenderStatus.issue, error: 'The avatar render failed' })
    const done = await b.waitDelivered(video.code)
    expect(done).toMatchObject({
      variant: 'generic',
      delivery: 'mailed',
      video_url: event.generic_clip.video_url,
    })
    const page = await b.adminGet<{ list: Submission[] }>(
      `/api/admin/conference-events/${event.id}/submissions?q=cleo`,
    )
    expect(page.list[0]).toMatchObject({
      variant: 'generic',
      delivery: 'mailed',
      delivery_error: 'The avatar render failed',
    })
  })
})
