import http from 'node:http'
import { createRequire } from 'node:module'
import { json, readBody, startFakeYoutube, closeServer, listenHttp } from '../../donations/testing'

const require = createRequire(import.meta.url)
/** Google's error bodies, verbatim, kept in ./fixtures (docs/integrations.md). */
const QUOTA = require('./fixtures/error.quotaExceeded.json') as object
const DISABLED = require('./fixtures/error.commentsDisabled.json') as object
const NOT_FOUND = require('./fixtures/error.videoNotFound.json') as object

export interface FakeComment {
  id: string
  author: string
  text: string
  publishedAt: string
  updatedAt?: string
  replies?: FakeComment[]
}
export interface FakeVideo {
  id: string
  title: string
  channel?: string
  publishedAt?: string
  comments: FakeComment[]
  commentsDisabled?: boolean
}

const etag = () => Math.random().toString(36).slice(2, 12).padEnd(27, 'x')
const snippet = (videoId: string, c: FakeComment, parentId?: string) => ({
  channelId: 'UCq3Zt8vN1xKpB7mR2dW5yLg',
  videoId,
  textDisplay: c.text,
  textOriginal: c.text,
  ...(parentId ? { parentId } : {}),
  authorDisplayName: c.author,
  authorChannelUrl: `http://www.youtube.com/${c.author}`,
  canRate: true,
  viewerRating: 'none',
  likeCount: 0,
  publishedAt: c.publishedAt,
  updatedAt: c.updatedAt ?? c.publishedAt,
})

/**
 * YouTube Data API v3 for sentiment, on top of the donations module's Google OAuth stand-in (the
 * same link): search.list (HTML-escaped titles), videos.list (string counts, unknown ids left
 * out), commentThreads.list (≤ 100 a page, opaque nextPageToken, replies inline), and the errors
 * quotaExceeded (after `quotaCalls` calls, or on the comment pages of a video in `quotaGoneFor` — the
 * videos are read in parallel, so a call count alone would not say which one runs dry), commentsDisabled, videoNotFound. Bearer `yt-access`
 * or `key=test-key`.
 */
export async function startFakeYoutubeData(videos: FakeVideo[], opts: { apiKey?: string } = {}) {
  const state = {
    videos: new Map(videos.map((v) => [v.id, v])),
    quotaCalls: Infinity,
    quotaGoneFor: new Set<string>(),
    calls: 0,
  }
  const handle = (req: http.IncomingMessage, url: URL, res: http.ServerResponse): boolean => {
    const path = url.pathname.replace('/youtube/v3', '')
    if (!['/search', '/videos', '/commentThreads'].includes(path)) return false
    const key = url.searchParams.get('key')
    if (req.headers.authorization !== 'Bearer yt-access' && !(key && key === (opts.apiKey ?? 'test-key'))) {
      json(res, 401, {
        error: {
          code: 401,
          message: 'Request is missing required authentication credential.',
          errors: [{ reason: 'required' }],
        },
      })
      return true
    }
    state.calls++
    if (state.calls > state.quotaCalls || state.quotaGoneFor.has(url.searchParams.get('videoId') ?? '')) {
      json(res, 403, QUOTA)
      return true
    }
    if (path === '/search') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase()
      const max = Number(url.searchParams.get('maxResults') ?? 5)
      const hits = [...state.videos.values()]
        .filter((v) => q.split(/\s+/).some((w) => v.title.toLowerCase().includes(w)))
        .slice(0, max)
      json(res, 200, {
        kind: 'youtube#searchListResponse',
        etag: etag(),
        regionCode: 'US',
        pageInfo: { totalResults: 1000000, resultsPerPage: hits.length },
        items: hits.map((v) => ({
          kind: 'youtube#searchResult',
          etag: etag(),
          id: { kind: 'youtube#video', videoId: v.id },
          snippet: {
            publishedAt: v.publishedAt ?? '2026-10-01T10:00:00Z',
            channelTitle: v.channel ?? 'Cozy Channel',
            title: v.title.replace(/&/g, '&amp;').replace(/'/g, '&#39;'),
            liveBroadcastContent: 'none',
          },
        })),
      })
      return true
    }
    if (path === '/videos') {
      const ids = (url.searchParams.get('id') ?? '').split(',')
      json(res, 200, {
        kind: 'youtube#videoListResponse',
        etag: etag(),
        items: ids
          .map((id) => state.videos.get(id))
          .filter((v): v is FakeVideo => !!v)
          .map((v) => ({
            kind: 'youtube#video',
            etag: etag(),
            id: v.id,
            snippet: {
              publishedAt: v.publishedAt ?? '2026-10-01T10:00:00Z',
              channelTitle: v.channel ?? 'Cozy Channel',
              title: v.title,
              thumbnails: { default: { url: `https://i.ytimg.com/vi/${v.id}/default.jpg` } },
            },
            statistics: {
              viewCount: '1000',
              likeCount: '10',
              favoriteCount: '0',
              commentCount: String(v.comments.reduce((n, c) => n + 1 + (c.replies?.length ?? 0), 0)),
            },
          })),
      })
      return true
    }
    const v = state.videos.get(url.searchParams.get('videoId') ?? '')
    if (!v) return (json(res, 404, NOT_FOUND), true)
    if (v.commentsDisabled) return (json(res, 403, DISABLED), true)
    const max = Number(url.searchParams.get('maxResults') ?? 20)
    if (max > 100)
      return (
        json(res, 400, {
          error: {
            code: 400,
            message: 'Invalid value for maxResults',
            errors: [{ reason: 'invalidParameter' }],
          },
        }),
        true
      )
    const token = url.searchParams.get('pageToken')
    const from = token ? Number(Buffer.from(token, 'base64').toString().split(':')[1]) : 0
    const page = v.comments.slice(from, from + max)
    const next =
      from + max < v.comments.length
        ? Buffer.from(`get_newest_first--${v.id}:${from + max}`).toString('base64')
        : undefined
    json(res, 200, {
      kind: 'youtube#commentThreadListResponse',
      etag: etag(),
      ...(next ? { nextPageToken: next } : {}),
      pageInfo: { totalResults: page.length, resultsPerPage: max },
      items: page.map((c) => ({
        kind: 'youtube#commentThread',
        etag: etag(),
        id: c.id,
        snippet: {
          channelId: 'UCq3Zt8vN1xKpB7mR2dW5yLg',
          videoId: v.id,
          topLevelComment: { kind: 'youtube#comment', etag: etag(), id: c.id, snippet: snippet(v.id, c) },
          canReply: true,
          totalReplyCount: c.replies?.length ?? 0,
          isPublic: true,
        },
        ...(c.replies?.length
          ? {
              replies: {
                comments: c.replies.map((r) => ({
                  kind: 'youtube#comment',
                  etag: etag(),
                  id: r.id,
                  snippet: snippet(v.id, r, c.id),
                })),
              },
            }
          : {}),
      })),
    })
    return true
  }
  const google = await startFakeYoutube([], { handle })
  return {
    ...google,
    state,
    /** Edits a comment as its author would (updatedAt moves on). */
    editComment(videoId: string, commentId: string, text: string) {
      const c = state.videos.get(videoId)?.comments.find((x) => x.id === commentId)
      if (!c) throw new Error(`no comment ${commentId}`)
      c.text = text
      c.updatedAt = new Date().toISOString()
    },
    addComment(videoId: string, c: FakeComment) {
      state.videos.get(videoId)?.comments.unshift(c)
    },
    dataCalls: () => google.requests.filter((r) => /\/(search|videos|commentThreads)$/.test(r.path)).length,
  }
}

/**
 * An OpenAI-compatible chat-completions server: labels each input by a word rule and says so,
 * records what it was asked (model, prompt) so a test can check the admin's setting reached it.
 */
export async function startFakeLlm() {
  const calls: Array<{ model: string; system: string; items: number }> = []
  const server = http.createServer((req, res) => {
    void readBody(req).then((raw) => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return json(res, 404, { error: { message: 'Not found' } })
      const body = JSON.parse(raw) as { model: string; messages: Array<{ role: string; content: string }> }
      if (!body.model)
        return json(res, 400, {
          error: { message: 'you must provide a model parameter', type: 'invalid_request_error' },
        })
      const items = JSON.parse(body.messages.find((m) => m.role === 'user')?.content ?? '[]') as Array<{
        i: number
        text: string
      }>
      calls.push({
        model: body.model,
        system: body.messages.find((m) => m.role === 'system')?.content ?? '',
        items: items.length,
      })
      const results = items.map(({ i, text }) => {
        const t = text.toLowerCase()
        const score = /love|great|best|amazing|w\b/.test(t)
          ? 0.8
          : /hate|worst|boring|bad|awful/.test(t)
            ? -0.7
            : 0
        return {
          i,
          label: score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral',
          score,
          reason: score ? 'tone of the words (stand-in model)' : 'no clear tone (stand-in model)',
        }
      })
      json(res, 200, {
        id: `chatcmpl-${calls.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: JSON.stringify({ results }) },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: raw.length / 4, completion_tokens: 50, total_tokens: raw.length / 4 + 50 },
      })
    })
  })
  const port = await listenHttp(server)
  return { base: `http://127.0.0.1:${port}`, calls, close: () => closeServer(server) }
}
