import fs from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EarlyRegister } from '@mouthpiece/contracts/early-registers/early-registers.schemas'
import { createTestApp } from '../../../test/harness'
import { upsert } from './early-registers.repo'
import type { TestApp } from '../../../test/harness'

interface Page {
  list: EarlyRegister[]
  total: number
  lastPage: number
}

const creator = (email: string, extra: object = {}) => ({
  uuid: randomUUID(),
  email,
  role: 'creator',
  surveys: [
    { question_id: 'creator_audience', value: '10k_100k' },
    { question_id: 'creator_interests', value: ['tts_alerts', 'avatar_videos'] },
    { question_id: 'creator_wish', value: 'Read my "superchats", in my voice' },
  ],
  channels: [
    { platform: 'youtube', url: 'https://www.youtube.com/channel/UC_jane123' },
    { platform: 'twitch', url: 'twitch.tv/jane' },
  ],
  ...extra,
})

const fan = (email: string) => ({
  uuid: randomUUID(),
  email,
  role: 'fan',
  surveys: [
    { question_id: 'fan_support', value: 'tips' },
    { question_id: 'fan_interests', value: ['clips'] },
  ],
  channels: [{ platform: 'tiktok', url: '' }],
})

/** The attachments of an outbox .eml, decoded (nodemailer writes them base64). */
function attachmentsOf(raw: string): Array<{ filename: string; content: string }> {
  const out: Array<{ filename: string; content: string }> = []
  const parts = raw.replace(/\r\n/g, '\n').split(/\n--[^\n]+\n/)
  for (const part of parts) {
    const filename = /filename="?([^"\n;]+)"?/i.exec(part)?.[1]
    if (!filename) continue
    const body = part.slice(part.indexOf('\n\n') + 2).split('\n--')[0]!
    out.push({ filename, content: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') })
  }
  return out
}

describe('early access sign-up', () => {
  let t: TestApp
  let admin: Record<string, string>
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers })
  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers })

  beforeAll(async () => {
    t = await createTestApp()
    const res = await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' })
    admin = { authorization: `Bearer ${res.json<{ token: string }>().token}` }
  })
  afterAll(async () => t.close())

  it('signs a creator up with their answers and channels, readable by the admin', async () => {
    const res = await post('/api/early-register', creator('Jane@Example.com'))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      updated: false,
      message: "You're on the list! We'll email you as soon as your early access is ready.",
    })

    const page = (await get('/api/admin/early-registers')).json<Page>()
    expect(page.total).toBe(1)
    const row = page.list[0]!
    expect(row).toMatchObject({ email: 'jane@example.com', role: 'creator', wants_tts: true })
    expect(row.channels).toEqual([
      { platform: 'youtube', url: 'https://www.youtube.com/channel/UC_jane123' },
      { platform: 'twitch', url: 'twitch.tv/jane' },
    ])
    expect(row.surveys).toContainEqual(
      expect.objectContaining({
        question_id: 'creator_interests',
        answer: 'Spoken TTS stream alerts; Lip-synced avatar videos',
      }),
    )
    expect(row.surveys).toContainEqual(
      expect.objectContaining({ question_id: 'creator_audience', answer: '10K – 100K followers' }),
    )
  })

  it('updates the answers of a repeated email instead of adding a row', async () => {
    const again = await post('/api/early-register', fan('JANE@example.com '))
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({
      updated: true,
      message: "You're already on the list. We've updated your answers.",
    })
    const page = (await get('/api/admin/early-registers')).json<Page>()
    expect(page.total).toBe(1)
    expect(page.list[0]).toMatchObject({
      email: 'jane@example.com',
      role: 'fan',
      wants_tts: false,
      channels: [{ platform: 'tiktok', url: '' }],
    })
    // Back to a creator, for the exports below.
    await post('/api/early-register', creator('jane@example.com'))
  })

  it('refuses a YouTube link that is not a channel link, with a clear message', async () => {
    const res = await post(
      '/api/early-register',
      creator('bob@example.com', {
        channels: [{ platform: 'youtube', url: 'https://www.youtube.com/watch?v=abc' }],
      }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      message: 'Please enter a YouTube channel link like youtube.com/channel/… or youtube.com/user/…',
      errors: { 'channels.0.url': [expect.any(String)] },
    })
    // Other platforms take any link.
    const ok = await post(
      '/api/early-register',
      creator('bob@example.com', { channels: [{ platform: 'twitch', url: 'whatever/bob' }] }),
    )
    expect(ok.statusCode).toBe(200)
  })

  it('checks the answers against the role’s questions', async () => {
    const cases: Array<[object, string]> = [
      [{ email: 'nope' }, 'Please enter a valid email address'],
      [{ role: 'robot' }, 'Please tell us whether you are a creator or a fan'],
      [{ surveys: [{ question_id: 'fan_support', value: 'tips' }] }, 'Unknown survey question'],
      [
        {
          surveys: [
            { question_id: 'creator_audience', value: 'huge' },
            { question_id: 'creator_interests', value: ['clips'] },
          ],
        },
        'Please choose one of the answers',
      ],
      [
        { surveys: [{ question_id: 'creator_interests', value: ['clips'] }] },
        'Please answer: How big is your audience today?',
      ],
      [{ channels: [{ platform: 'twitch' }, { platform: 'twitch' }] }, 'Each channel can be listed once'],
      [{ channels: [{ platform: 'myspace', url: '' }] }, 'Please choose YouTube, TikTok or Twitch'],
      [{ uuid: 'not-a-uuid' }, 'Invalid sign-up id'],
    ]
    for (const [change, message] of cases) {
      const res = await post('/api/early-register', creator('case@example.com', change))
      expect(res.statusCode, message).toBe(400)
      expect(res.json<{ message: string }>().message).toBe(message)
    }
    expect((await get('/api/admin/early-registers')).json<Page>().list.map((r) => r.email)).not.toContain(
      'case@example.com',
    )
  })

  it('lists only the TTS-interested sign-ups on the TTS list', async () => {
    await post('/api/early-register', fan('fan1@example.com'))
    const all = (await get('/api/admin/early-registers')).json<Page>()
    expect(all.list.map((r) => r.email)).toEqual(['fan1@example.com', 'bob@example.com', 'jane@example.com'])
    const tts = (await get('/api/admin/early-registers/tts')).json<Page>()
    expect(tts.list.map((r) => r.email).sort()).toEqual(['bob@example.com', 'jane@example.com'])
    expect(tts.total).toBe(2)
    expect((await get('/api/admin/early-registers', {})).statusCode).toBe(401)
  })

  it('downloads the sign-ups as CSV with the answers as people read them', async () => {
    const res = await get('/api/admin/early-registers/export')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="early-registers-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^Email,Role,Channels,How big is your audience today\? \(creator\),/)
    const jane = lines.find((l) => l.startsWith('jane@example.com'))!
    expect(jane).toContain(
      'creator,youtube: https://www.youtube.com/channel/UC_jane123; twitch: twitch.tv/jane,10K – 100K followers',
    )
    expect(jane).toContain('"Read my ""superchats"", in my voice"')
    expect(jane).toContain(',yes,')

    const tts = await get('/api/admin/early-registers/tts/export')
    expect(tts.headers['content-disposition']).toMatch(/tts-early-access-/)
    expect(tts.body.trim().split('\r\n')).toHaveLength(3)
    expect((await get('/api/admin/early-registers/export', {})).statusCode).toBe(401)
  })

  it('neutralises spreadsheet formulas typed into the survey', async () => {
    await post(
      '/api/early-register',
      creator('formula@example.com', {
        surveys: [
          { question_id: 'creator_audience', value: 'under_1k' },
          { question_id: 'creator_interests', value: ['clips'] },
          { question_id: 'creator_wish', value: '=HYPERLINK("http://evil.example")' },
        ],
      }),
    )
    const csv = (await get('/api/admin/early-registers/export')).body
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
  })

  it('mails the CSV as an attachment to the address typed in the dialog', async () => {
    const empty = await post('/api/admin/early-registers/send-csv', { email: '' }, admin)
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ message: 'Please Enter Email' })
    const bad = await post('/api/admin/early-registers/send-csv', { email: 'ops@nowhere' }, admin)
    expect(bad.json()).toMatchObject({ message: 'Please Enter Correct Email' })

    const res = await post(
      '/api/admin/early-registers/send-csv',
      { email: 'ops@example.com', list: 'tts' },
      admin,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true, email: 'ops@example.com', rows: 2 })

    const outbox = path.join(t.config.dataDir, 'outbox')
    const [file] = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'))
    const raw = fs.readFileSync(path.join(outbox, file!), 'utf8')
    expect(raw).toMatch(/^To: ops@example\.com$/m)
    expect(raw).toMatch(/^Subject: Mouthpiece TTS early-access list \(2 rows\)$/m)
    const [attachment] = attachmentsOf(raw)
    expect(attachment?.filename).toMatch(/^tts-early-access-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(attachment?.content).toContain('jane@example.com,creator,')
    expect(attachment?.content).not.toContain('fan1@example.com')
  })

  it('pages the list 20 at a time', async () => {
    // Straight into the table: one address may only sign up 30 times a minute through the API.
    for (let i = 0; i < 21; i++)
      await upsert(t.db, {
        uuid: randomUUID(),
        email: `pager${i}@example.com`,
        role: 'fan',
        surveys: [],
        channels: [],
        wants_tts: false,
      })
    const first = (await get('/api/admin/early-registers')).json<Page>()
    expect(first).toMatchObject({ total: 25, lastPage: 2 })
    expect(first.list).toHaveLength(20)
    const second = (await get('/api/admin/early-registers?page=2')).json<Page>()
    expect(second.list).toHaveLength(5)
    expect(second.list.at(-1)?.email).toBe('jane@example.com')
  })
})
