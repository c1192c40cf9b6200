import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { io as connectSocket } from 'socket.io-client'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { sql } from 'drizzle-orm'
import { adminHeaders, createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { rowsOf, signUp } from '../donations/testing'
import { createLexiconEngine, referenceScore } from './engines/lexicon'
import { DEFAULT_SLANG } from './engines/slang'
import { SAFE_FETCH_REFUSED_MESSAGE } from '../../platform/http/safe-fetch'
import { startFakeLlm, startFakeYoutubeData } from './testing/fake-youtube-data'
import type { FakeVideo } from './testing/fake-youtube-data'
import type { z } from 'zod'
import type {
  SearchVideoResult,
  SentimentEvent,
  SentimentResult,
} from '@mouthpiece/contracts/sentiment/sentiment.schemas'

type Result = z.infer<typeof SentimentResult>

const day = (d: number) => `2026-10-${String(d).padStart(2, '0')}T12:00:00Z`
const VIDEOS: FakeVideo[] = [
  {
    id: 'Qm7dR2xLp0A',
    title: 'Cozy farming sim: first 100 days & every mistake I made',
    comments: [
      {
        id: 'c-a1',
        author: '@maplemoth',
        text: 'this video slaps 🔥 love the cozy vibes',
        publishedAt: day(11),
      },
      { id: 'c-a2', author: '@grumpy', text: 'kinda mid, the music is boring', publishedAt: day(11) },
      {
        id: 'c-a3',
        author: '@neutral',
        text: 'what seed did you use for the farm',
        publishedAt: day(12),
        replies: [{ id: 'c-a3.r1', author: '@host', text: 'seed 1234, good luck!', publishedAt: day(12) }],
      },
    ],
  },
  {
    id: 'b8KfT3nWzq4',
    title: 'Cozy cracked speedrun',
    comments: Array.from({ length: 150 }, (_, i) => ({
      id: `c-b${i}`,
      author: `@viewer${i}`,
      text:
        i % 3 === 0
          ? 'cracked run, huge W'
          : i % 3 === 1
            ? 'not good, that was an L'
            : 'the farm looks the same as yesterday',
      publishedAt: day(13 + (i % 3)),
    })),
  },
  { id: 'zZ9yX8wV7uQ', title: 'Cozy stream no comments', commentsDisabled: true, comments: [] },
]

describe('the lexicon engine', () => {
  const engine = createLexiconEngine(DEFAULT_SLANG)
  it('reads slang, emoji and negation, and says which words scored', async () => {
    const [slaps, mid, notGood, w, plain] = await engine.label([
      { id: '1', text: 'this slaps🔥' },
      { id: '2', text: 'honestly mid' },
      { id: '3', text: 'not good' },
      { id: '4', text: 'W stream' },
      { id: '5', text: 'the farm at noon' },
    ])
    expect(slaps).toMatchObject({
      label: 'positive',
      words: [
        { word: 'slaps', score: 3 },
        { word: '🔥', score: 3 },
      ],
    })
    expect(mid).toMatchObject({ label: 'negative', words: [{ word: 'mid', score: -2 }] })
    expect(notGood).toMatchObject({ label: 'negative', words: [{ word: 'good', score: -3 }] })
    expect(w).toMatchObject({ label: 'positive', words: [{ word: 'w', score: 3 }] })
    expect(plain).toMatchObject({ label: 'neutral', score: 0, words: [] })
    expect(engine.version).toMatch(/^afinn165\+emoji\+slang-[0-9a-f]{10}$/)
  })

  it('scores exactly as the sentiment package does with the same labels and negation', async () => {
    const texts = [
      'this slaps🔥 huge W',
      "don't like it, not good",
      'ratio + L + mid',
      'gg, love you all 😂',
      'cracked aim!!! so sick',
      'the farm at noon',
    ]
    const verdicts = await engine.label(texts.map((text, i) => ({ id: String(i), text })))
    verdicts.forEach((v, i) =>
      expect(v.words.reduce((n, w) => n + w.score, 0)).toBe(referenceScore(engine.version, texts[i]!)),
    )
  })
})

describe('Sentiment through HTTP against the YouTube and LLM stand-ins', () => {
  let t: TestApp
  let yt: Awaited<ReturnType<typeof startFakeYoutubeData>>
  let llm: Awaited<ReturnType<typeof startFakeLlm>>
  let creator: { id: number; headers: Record<string, string> }
  let admin: Record<string, string>
  let firstRun: string

  beforeAll(async () => {
    yt = await startFakeYoutubeData(structuredClone(VIDEOS))
    llm = await startFakeLlm()
    Object.assign(process.env, {
      GOOGLE_CLIENT_ID: 'g-client',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      GOOGLE_AUTH_URL: `${yt.base}/auth`,
      GOOGLE_TOKEN_URL: `${yt.base}/token`,
      GOOGLE_REVOKE_URL: `${yt.base}/revoke`,
      YOUTUBE_API_URL: `${yt.base}/youtube/v3`,
      SOURCES_ENABLED: 'false',
      SENTIMENT_RUNS_PER_MINUTE: '100',
    })
    // The stand-in model listens on 127.0.0.1: allowed by name, as an operator allows a local engine.
    t = await createTestApp({ workers: true, env: { SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1' } })
    creator = await signUp(t.app, 'moodreader')
    admin = await adminHeaders(t.app)
  })
  afterAll(async () => {
    await t.close()
    await yt.close()
    await llm.close()
  })

  const get = (url: string, headers = creator.headers) => t.app.inject({ method: 'GET', url, headers })
  const post = (url: string, payload: object, headers = creator.headers) =>
    t.app.inject({ method: 'POST', url, payload, headers })
  /** Starts a run (answered at once with its id) and waits for the job to finish; refusals come back as they are. */
  const analyse = async (url: string, payload: object) => {
    const started = await post(url, payload)
    if (started.statusCode !== 200) return started
    const { sentiment_id, status } = started.json<{ sentiment_id: string; status: string }>()
    expect(status).toBe('queued')
    for (const deadline = Date.now() + 20_000; ;) {
      const got = await get(`/api/sentiment/get?sentiment_id=${sentiment_id}`)
      if (!['queued', 'running'].includes(got.json<Result>().run.status)) return got
      if (Date.now() > deadline) throw new Error(`run ${sentiment_id} did not finish`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  const quotaUsed = async () =>
    rowsOf<{ units: number }>(
      await t.db.execute(sql`select coalesce(sum(units), 0)::int as units from youtube_quota_usage`),
    )[0]!.units

  it("offline, without a Google link, searches and analyses the creator's own videos by their speech", async () => {
    const [render] = rowsOf<{ id: string }>(
      await t.db.execute(sql`
      insert into renders (user_id, kind, source, title, text, avatar_name, look, voice_id, emotion, intensity, settings, status, flow, queue_status, queue_type, job_status)
      values (${creator.id}, 'video', 'quick_create', 'Cozy update', 'I love this farm. The last patch was awful. Tomorrow we plant corn.', 'Ava', '{}'::jsonb, 'espeak:en', 'neutral', 1, '{}'::jsonb, 3, 9, 'completed', 1, 3)
      returning id`),
    )
    const found = await get('/api/sentiment/search-video?query=cozy')
    expect(found.json()).toMatchObject({
      mode: 'offline',
      videos: [{ id: `mp:${render!.id}`, own: true, title: 'Cozy update' }],
      plan: { search_units: 0 },
    })
    const res = await analyse('/api/sentiment/analyze', { selected_video_ids: [`mp:${render!.id}`] })
    expect(res.statusCode).toBe(200)
    const { run, comments } = res.json<Result>()
    expect(run).toMatchObject({
      engine: 'lexicon',
      status: 'completed',
      quota_units: 0,
      counts: { positive: 1, neutral: 1, negative: 1 },
    })
    expect(comments.map((c) => [c.kind, c.label])).toEqual([
      ['speech', 'positive'],
      ['speech', 'negative'],
      ['speech', 'neutral'],
    ])
    expect(yt.dataCalls()).toBe(0)
  })

  it('links Google, searches YouTube and plans the quota before a run', async () => {
    const connect = await get(`/api/donation/youtube/connect?user_id=${creator.id}`)
    const state = new URL(connect.headers.location as string).searchParams.get('state')!
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/donation/youtube/callback?code=yt-code&state=${encodeURIComponent(state)}`,
    })
    expect(back.headers.location).toContain('connected=youtube')

    const found = await get('/api/sentiment/search-video?query=cozy')
    expect(found.statusCode).toBe(200)
    const body = found.json<z.infer<typeof SearchVideoResult>>()
    expect(body.mode).toBe('youtube')
    expect(body.videos.filter((v) => v.source === 'youtube')).toMatchObject([
      {
        id: 'yt:Qm7dR2xLp0A',
        title: 'Cozy farming sim: first 100 days & every mistake I made',
        comment_count: 4,
      },
      { id: 'yt:b8KfT3nWzq4', comment_count: 150 },
      { id: 'yt:zZ9yX8wV7uQ', comment_count: 0 },
    ])
    // search (100 on the older quota page) + videos.list (1)
    expect(await quotaUsed()).toBe(101)
    const plan = await post('/api/sentiment/plan', {
      selected_video_ids: ['yt:Qm7dR2xLp0A', 'yt:b8KfT3nWzq4', 'yt:zZ9yX8wV7uQ'],
    })
    expect(plan.json()).toEqual({
      search_units: 0,
      video_units: 1,
      comment_pages: 4,
      total_units: 5,
      left_today: 10_000 - 101,
      daily_limit: 10_000,
      search_calls_left: 99,
      fits: true,
      note: null,
    })
  })

  it('analyses three videos: labels with why, top comments, themes, timeline; comments off is skipped with a note', async () => {
    const before = await quotaUsed()
    const res = await analyse('/api/sentiment/analyze', {
      selected_video_ids: ['yt:Qm7dR2xLp0A', 'yt:b8KfT3nWzq4', 'yt:zZ9yX8wV7uQ'],
      query: 'cozy',
    })
    expect(res.statusCode).toBe(200)
    const { run, comments } = res.json<Result>()
    firstRun = run.id
    expect(run).toMatchObject({
      query: 'cozy',
      engine: 'lexicon',
      status: 'completed',
      model: null,
      lexicon_version: expect.stringMatching(/^afinn165/),
      snapshot_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(comments).toHaveLength(154)
    // videos.list 1 + comment pages 1 + 2 + the refused one 1
    expect(run.quota_units).toBe(5)
    expect(await quotaUsed()).toBe(before + 5)
    expect(run.videos).toMatchObject([
      { id: 'yt:Qm7dR2xLp0A', counts: { positive: 2, neutral: 1, negative: 1 }, note: null },
      { id: 'yt:b8KfT3nWzq4', counts: { positive: 50, neutral: 50, negative: 50 } },
      {
        id: 'yt:zZ9yX8wV7uQ',
        note: 'Comments are turned off on this video; skipped',
        counts: { positive: 0, neutral: 0, negative: 0 },
      },
    ])
    const slaps = comments.find((c) => c.id === 'c-a1')
    expect(slaps).toMatchObject({
      label: 'positive',
      words: expect.arrayContaining([
        { word: 'slaps', score: 3 },
        { word: 'love', score: 3 },
      ]),
    })
    expect(run.top_positive[0]?.id).toBe('c-a1')
    expect(run.top_negative).toHaveLength(5)
    expect(
      run.top_negative.every((c, i, all) => c.label === 'negative' && c.score >= (all[i - 1]?.score ?? -1)),
    ).toBe(true)
    expect(run.themes.map((th) => th.term)).toEqual(expect.arrayContaining(['cracked', 'farm']))
    expect(run.timeline.map((d) => d.day)).toEqual([
      '2026-10-11',
      '2026-10-12',
      '2026-10-13',
      '2026-10-14',
      '2026-10-15',
    ])
    const got = await get(`/api/sentiment/get?sentiment_id=${run.id}`)
    expect(got.json().comments).toHaveLength(154)

    // The export: one table, the overall row, a row a video, a row a comment with its score and why.
    const csv = await get(`/api/sentiment/export?sentiment_id=${run.id}`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="sentiment-\d{4}-\d\d-\d\d\.csv"/,
    )
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'row,video_id,video_title,comment_id,kind,author,published_at,label,score,positive,neutral,negative,why,text',
    )
    expect(lines[1]).toMatch(
      new RegExp(
        `^overall,,,,,,[^,]+,${run.label},${run.score},${run.counts.positive},${run.counts.neutral},${run.counts.negative},,154 comments$`,
      ),
    )
    expect(lines.filter((l) => l.startsWith('video,'))).toHaveLength(3)
    expect(lines.find((l) => l.startsWith('video,yt:Qm7dR2xLp0A,'))).toMatch(/,2,1,1,,$/)
    expect(lines.filter((l) => l.startsWith('comment,'))).toHaveLength(154)
    expect(lines.find((l) => l.includes(',c-a1,'))).toMatch(/,positive,\d+(\.\d+)?,,,,[^,]*slaps \+3/)
  })

  it('analyses again: shows the comment that flipped and the new one, and reports no change when nothing changed', async () => {
    yt.editComment('Qm7dR2xLp0A', 'c-a2', 'ok I take it back, the music is great')
    yt.addComment('Qm7dR2xLp0A', {
      id: 'c-a4',
      author: '@late',
      text: 'worst farming video ever',
      publishedAt: day(16),
    })
    const again = await analyse('/api/sentiment/analyze-again', { sentiment_id: firstRun })
    expect(again.statusCode).toBe(200)
    const { run } = again.json<Result>()
    expect(run.diff).toMatchObject({
      previous_id: firstRun,
      unchanged: false,
      removed: 0,
      flipped: [{ from: 'negative', comment: { id: 'c-a2', label: 'positive' } }],
      new_comments: [{ id: 'c-a4', label: 'negative' }],
    })
    // videos.list for all three (1) + the newest page of the one video whose count moved (1); the
    // 150-comment video (2 pages) and the one with comments off cost nothing.
    expect(run.quota_units).toBe(2)

    const plan = await post('/api/sentiment/plan', { sentiment_id: run.id })
    expect(plan.json()).toMatchObject({
      video_units: 1,
      comment_pages: 0,
      total_units: 1,
      note: expect.stringContaining('costs no comment page'),
    })
    const calls = yt.dataCalls()
    const third = await analyse('/api/sentiment/analyze-again', { sentiment_id: run.id })
    expect(third.json().run.diff).toMatchObject({ unchanged: true, flipped: [], new_comments: [] })
    expect(third.json().run.snapshot_hash).toBe(run.snapshot_hash)
    // Nothing changed: one videos.list call, no comment page.
    expect(third.json().run.quota_units).toBe(1)
    expect(yt.dataCalls()).toBe(calls + 1)
    expect(third.json().comments).toHaveLength(155)
  })

  it('analyses again in full when comments were deleted (the count no longer adds up)', async () => {
    const first = (
      await analyse('/api/sentiment/analyze', { selected_video_ids: ['yt:b8KfT3nWzq4'] })
    ).json<Result>().run
    const video = yt.state.videos.get('b8KfT3nWzq4')!
    const removed = video.comments.splice(120, 2)
    yt.addComment('b8KfT3nWzq4', {
      id: 'c-b-new',
      author: '@late',
      text: 'cracked, huge W',
      publishedAt: day(20),
    })
    try {
      const again = (await analyse('/api/sentiment/analyze-again', { sentiment_id: first.id })).json<Result>()
      // videos.list 1 + both pages (the newest page alone would leave 150 where YouTube counts 149)
      expect(again.run.quota_units).toBe(3)
      expect(again.run.diff).toMatchObject({ removed: 2, new_comments: [{ id: 'c-b-new' }] })
      expect(again.comments).toHaveLength(149)
    } finally {
      video.comments.splice(0, 1)
      video.comments.splice(120, 0, ...removed)
    }
  })

  it('answers analyze at once with the queued run, which get shows with its progress until it ends', async () => {
    const started = await post('/api/sentiment/analyze', { selected_video_ids: ['yt:Qm7dR2xLp0A'] })
    expect(started.json()).toEqual({
      sentiment_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'queued',
    })
    const first = (await get(`/api/sentiment/get?sentiment_id=${started.json().sentiment_id}`)).json<Result>()
      .run
    expect(['queued', 'running', 'completed']).toContain(first.status)
    if (first.status !== 'completed')
      expect(first.progress).toMatchObject({ stage: expect.any(String), total: expect.any(Number) })
    const again = await post('/api/sentiment/analyze-again', { sentiment_id: started.json().sentiment_id })
    if (first.status !== 'completed') expect([200, 409]).toContain(again.statusCode)
    // Let this creator's runs end before the next test watches their socket.
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const busy = rowsOf<{ n: number }>(
        await t.db.execute(
          sql`select count(*)::int as n from sentiment_runs where user_id = ${creator.id} and status in ('queued', 'running')`,
        ),
      )[0]!.n
      if (busy === 0) break
      await new Promise((r) => setTimeout(r, 50))
    }
  })

  it("pushes the run's progress to the creator's socket until it ends", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    const socket = connectSocket(`http://127.0.0.1:${port}`, {
      auth: { token: creator.headers.authorization!.slice(7) },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    })
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve())
        socket.on('connect_error', reject)
      })
      // Every event of the creator's runs reaches this socket; an earlier test's run may still be
      // finishing, so keep only this run's events.
      const all: Array<z.infer<typeof SentimentEvent>> = []
      let wanted: string | null = null
      let onEnd: () => void = () => {}
      const isEnd = (e: z.infer<typeof SentimentEvent>) =>
        e.sentiment_id === wanted && !['queued', 'running'].includes(e.status)
      const ended = new Promise<void>((resolve) => {
        onEnd = resolve
        socket.on(RealtimeEvent.sentiment, (e: z.infer<typeof SentimentEvent>) => {
          all.push(e)
          if (isEnd(e)) resolve()
        })
      })
      const started = await post('/api/sentiment/analyze', {
        selected_video_ids: ['yt:Qm7dR2xLp0A', 'yt:b8KfT3nWzq4'],
      })
      const id = started.json<{ sentiment_id: string }>().sentiment_id
      wanted = id
      if (all.some(isEnd)) onEnd()
      await ended
      const events = all.filter((e) => e.sentiment_id === id)
      expect(events[0]).toMatchObject({ status: 'queued', progress: { stage: 'reading', done: 0, total: 2 } })
      expect(events.map((e) => e.progress?.stage)).toEqual(
        expect.arrayContaining(['reading', 'labelling', 'saving']),
      )
      expect(events.at(-1)).toEqual({ sentiment_id: id, status: 'completed', progress: null })
    } finally {
      socket.close()
    }
  })

  it('stops at quotaExceeded with a clear message, keeping what it analysed', async () => {
    yt.state.quotaGoneFor.add('b8KfT3nWzq4') // the first video reads its page, then the quota is gone
    try {
      const res = await analyse('/api/sentiment/analyze', {
        selected_video_ids: ['yt:Qm7dR2xLp0A', 'yt:b8KfT3nWzq4'],
      })
      expect(res.statusCode).toBe(200)
      const { run, comments } = res.json<Result>()
      expect(run.status).toBe('partial')
      expect(run.message).toMatch(
        /^The YouTube API quota for today is used up\. It resets at midnight Pacific time\. The run stopped there/,
      )
      expect(run.videos).toMatchObject([
        { id: 'yt:Qm7dR2xLp0A', note: null },
        { id: 'yt:b8KfT3nWzq4', note: 'Cut short: quota used up' },
      ])
      expect(comments).toHaveLength(5)
    } finally {
      yt.state.quotaGoneFor.clear()
    }
  })

  it('refuses bad input with the error shape and changes nothing', async () => {
    const empty = await analyse('/api/sentiment/analyze', { selected_video_ids: [] })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ code: 'validation', message: 'Please pick at least one video' })
    const bad = await analyse('/api/sentiment/analyze', { selected_video_ids: ['watch?v=1'] })
    expect(bad.json()).toMatchObject({ code: 'validation', message: 'Invalid video id' })
    const other = await signUp(t.app, 'nosy')
    const peek = await get(`/api/sentiment/get?sentiment_id=${firstRun}`, other.headers)
    expect(peek.statusCode).toBe(404)
    expect((await get(`/api/sentiment/export?sentiment_id=${firstRun}`, other.headers)).statusCode).toBe(404)
  })

  it('admin: an engine base_url on a private, local or metadata address is refused (SSRF-safe fetcher); nothing is saved', async () => {
    for (const base_url of [
      'http://169.254.169.254/latest',
      'http://10.0.0.7:11434',
      `http://localhost:${new URL(llm.base).port}`,
      'http://[::1]:8080',
      'http://192.168.1.20/',
    ]) {
      const res = await post(
        '/api/admin/sentiment/default-setting',
        { prompt: 'p', model: 'm', base_url },
        admin,
      )
      expect(res.statusCode, base_url).toBe(400)
      expect(res.json(), base_url).toMatchObject({
        code: 'url_refused',
        message: SAFE_FETCH_REFUSED_MESSAGE,
        errors: { base_url: [SAFE_FETCH_REFUSED_MESSAGE] },
      })
    }
    expect((await get('/api/admin/sentiment/default-setting', admin)).json()).toMatchObject({
      prompt: null,
      model: null,
      base_url: null,
    })
    // Saved before this check (or a name that now resolves privately): the call itself is refused, the model is never reached.
    await t.database.raw.query(
      `insert into sentiment_settings (id, prompt, model, base_url) values (1, 'p', 'm', $1) on conflict (id) do update set prompt = 'p', model = 'm', base_url = $1`,
      [`http://localhost:${new URL(llm.base).port}`],
    )
    const before = llm.calls.length
    const run = await post(
      '/api/sentiment/analyze',
      { selected_video_ids: ['yt:Qm7dR2xLp0A'] },
      creator.headers,
    )
    expect(llm.calls).toHaveLength(before)
    expect(JSON.stringify(run.json())).not.toContain('stand-in model')
    await t.database.raw.query(`update sentiment_settings set prompt = null, model = null, base_url = null`)
  })

  it('admin: the default prompt and model switch runs to the LLM; per-run setting, history, result, delete', async () => {
    expect((await get('/api/admin/sentiment/default-setting', admin)).json()).toMatchObject({
      prompt: null,
      model: null,
      llm_configured: false,
    })
    const saved = await post(
      '/api/admin/sentiment/default-setting',
      { prompt: 'Rate how viewers feel.', model: 'tiny-judge', base_url: llm.base },
      admin,
    )
    expect(saved.json()).toEqual({
      prompt: 'Rate how viewers feel.',
      model: 'tiny-judge',
      base_url: llm.base,
    })
    const res = await analyse('/api/sentiment/analyze', { selected_video_ids: ['yt:Qm7dR2xLp0A'] })
    const { run, comments } = res.json<Result>()
    expect(run).toMatchObject({ engine: 'llm', model: 'tiny-judge', prompt: 'Rate how viewers feel.' })
    expect(llm.calls).toEqual([
      { model: 'tiny-judge', system: expect.stringContaining('Rate how viewers feel.'), items: 5 },
    ])
    expect(comments.find((c) => c.id === 'c-a4')).toMatchObject({
      label: 'negative',
      reason: 'tone of the words (stand-in model)',
    })

    // Nothing changed: analyse-again does not call the model.
    await analyse('/api/sentiment/analyze-again', { sentiment_id: run.id })
    expect(llm.calls).toHaveLength(1)
    // The run's own setting wins on its next run.
    expect(
      (
        await post(
          '/api/admin/sentiment/save-setting',
          { id: run.id, prompt: 'Be strict.', model: 'big-judge' },
          admin,
        )
      ).statusCode,
    ).toBe(200)
    const rerun = (await analyse('/api/sentiment/analyze-again', { sentiment_id: run.id })).json().run
    expect(rerun).toMatchObject({ model: 'big-judge', prompt: 'Be strict.' })
    expect(llm.calls.at(-1)).toMatchObject({ model: 'big-judge' })

    const history = (await get('/api/admin/sentiment/history?page=1&limit=3', admin)).json()
    expect(history.list).toHaveLength(3)
    expect(history.list[0]).toMatchObject({ id: rerun.id, username: 'moodreader' })
    expect(history.lastPage).toBe(Math.ceil(history.total / 3))
    expect((await get(`/api/admin/sentiment/result?id=${rerun.id}`, admin)).json().comments).toHaveLength(5)
    // The admin downloads the same CSV the creator does: the LLM's reason is the why of each comment.
    const csv = await get(`/api/admin/sentiment/export?id=${rerun.id}`, admin)
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    const rows = csv.body.trim().split('\r\n')
    expect(rows.filter((l) => l.startsWith('comment,'))).toHaveLength(5)
    expect((await get(`/api/admin/sentiment/export?id=${rerun.id}`, creator.headers)).statusCode).toBe(403)
    expect((await post('/api/admin/sentiment/delete', { id: rerun.id }, admin)).json()).toEqual({
      deleted: true,
    })
    expect((await get(`/api/admin/sentiment/result?id=${rerun.id}`, admin)).statusCode).toBe(404)
    expect((await get('/api/admin/sentiment/history', creator.headers)).statusCode).toBe(403)
    await post('/api/admin/sentiment/default-setting', { prompt: null, model: null }, admin)
  })

  it('admin: the slang list changes the lexicon version runs record', async () => {
    const before = (await get('/api/admin/sentiment/slang', admin)).json()
    expect(before.words).toContainEqual({ word: 'cracked', score: 3 })
    const after = (
      await post(
        '/api/admin/sentiment/slang',
        { words: [...before.words, { word: 'Cozy', score: 2 }] },
        admin,
      )
    ).json()
    expect(after.lexicon_version).not.toBe(before.lexicon_version)
    const { run } = (
      await analyse('/api/sentiment/analyze', { selected_video_ids: ['yt:Qm7dR2xLp0A'] })
    ).json()
    expect(run.lexicon_version).toBe(after.lexicon_version)
  })

  it('admin: blacklisted users cannot analyse until removed', async () => {
    const found = (await get('/api/admin/search-users?search=moodr', admin)).json()
    expect(found.users).toEqual([{ id: creator.id, username: 'moodreader', email: 'moodreader@example.com' }])
    await post('/api/admin/add-user-to-blacklist', { user_id: creator.id }, admin)
    expect((await get('/api/admin/get-analysis-blacklist', admin)).json().users).toMatchObject([
      { id: creator.id, username: 'moodreader' },
    ])
    const refused = await analyse('/api/sentiment/analyze', { selected_video_ids: ['yt:Qm7dR2xLp0A'] })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'analysis_blocked' })
    await post('/api/admin/remove-user-from-blacklist', { user_id: creator.id }, admin)
    expect(
      (await analyse('/api/sentiment/analyze', { selected_video_ids: ['yt:Qm7dR2xLp0A'] })).statusCode,
    ).toBe(200)
    expect((await post('/api/admin/add-user-to-blacklist', { user_id: 999999 }, admin)).statusCode).toBe(404)
  })
})
