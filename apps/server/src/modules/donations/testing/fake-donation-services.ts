import http from 'node:http'
import createV2Server from 'socket.io-v2'
import { WebSocketServer } from 'ws'
import type WebSocket from 'ws'
import { consentGiven, listenHttp } from './harness'

type Json = Record<string, unknown>
export const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let raw = ''
    req.on('data', (c: Buffer) => (raw += c.toString()))
    req.on('end', () => resolve(raw))
  })
}

export async function closeServer(server: http.Server) {
  server.closeAllConnections()
  await new Promise<void>((r) => server.close(() => r()))
}

/**
 * Streamlabs as seen from our side: OAuth token endpoint, /user, /socket/token, and a socket.io 2
 * server — the protocol generation of sockets.streamlabs.com (Engine.IO 3) — that accepts
 * `?token=<socket token>`, refuses any other token in its handshake, and emits `event` payloads.
 * Streamlabs has no token revocation endpoint; `requests` lets a test check none was invented.
 */
export async function startFakeStreamlabs() {
  const requests: string[] = []
  const server = http.createServer((req, res) => {
    void readBody(req).then((raw) => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      requests.push(`${req.method} ${url.pathname}`)
      if (req.method === 'GET' && url.pathname === '/api/v2.0/authorize')
        return consentGiven(res, url, 'sl-code')
      const bearer = req.headers.authorization === 'Bearer sl-access'
      if (req.method === 'POST' && url.pathname === '/api/v2.0/token') {
        const form = Object.fromEntries(new URLSearchParams(raw))
        if (form.code !== 'sl-code' || form.client_secret !== 'sl-secret')
          return json(res, 400, { message: 'invalid_grant' })
        return json(res, 200, {
          access_token: 'sl-access',
          refresh_token: 'sl-refresh',
          expires_in: 3600,
          token_type: 'Bearer',
        })
      }
      if (!bearer) return json(res, 401, { message: 'Unauthorized' })
      if (url.pathname === '/api/v2.0/user')
        return json(res, 200, {
          streamlabs: { id: 4242, display_name: 'SLStreamer' },
          twitch: { id: 1234, name: 'testbroadcaster' },
        })
      if (url.pathname === '/api/v2.0/socket/token')
        return json(res, 200, { socket_token: 'sl-socket-token' })
      json(res, 404, { message: 'not found' })
    })
  })
  const io = createV2Server(server, { transports: ['websocket'], serveClient: false })
  const tokens: string[] = []
  let refuse = false
  io.use((socket, next) => {
    const token = socket.handshake.query.token ?? ''
    tokens.push(token)
    if (refuse || token !== 'sl-socket-token') return next(new Error('Unauthorized'))
    next()
  })
  const sockets = () => Object.values(io.sockets.sockets)
  const port = await listenHttp(server)
  return {
    base: `http://127.0.0.1:${port}`,
    tokens,
    requests,
    connected: () => sockets().length,
    emit: (payload: unknown) => io.emit('event', payload),
    /** Every handshake is refused from now on (a revoked socket token). */
    setRefusing(value: boolean) {
      refuse = value
    },
    dropAll() {
      for (const s of sockets()) s.disconnect(true)
    },
    async close() {
      for (const s of sockets()) s.disconnect(true)
      server.closeAllConnections()
      await new Promise<void>((r) => io.close(() => r()))
    },
  }
}

/**
 * StreamElements: /kappa/v2/channels/me for JWTs and OAuth tokens, the OAuth token endpoint, and
 * the Astro WebSocket (subscribe → response / err_unauthorized / rate_limit_exceeded, then
 * `message` frames per topic).
 */
export async function startFakeStreamElements() {
  const subscriptions: Array<{ topic: string; token: string; token_type: string }> = []
  let rateLimited = false
  let unauthorized = false
  /** POST /oauth2/revoke?client_id&token calls, in order. */
  const revocations: Array<{ client_id: string | null; token: string | null }> = []
  const server = http.createServer((req, res) => {
    void readBody(req).then((raw) => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (req.method === 'GET' && url.pathname === '/oauth2/authorize')
        return consentGiven(res, url, 'se-code')
      if (req.method === 'POST' && url.pathname === '/oauth2/revoke') {
        revocations.push({
          client_id: url.searchParams.get('client_id'),
          token: url.searchParams.get('token'),
        })
        return json(res, 200, {})
      }
      if (req.method === 'POST' && url.pathname === '/oauth2/token') {
        const form = Object.fromEntries(new URLSearchParams(raw))
        if (form.code !== 'se-code') return json(res, 400, { message: 'invalid_grant' })
        return json(res, 200, {
          access_token: 'se-oauth-access',
          refresh_token: 'se-oauth-refresh',
          expires_in: 3600,
        })
      }
      if (url.pathname === '/kappa/v2/channels/me') {
        const auth = req.headers.authorization ?? ''
        if (auth === 'Bearer se-jwt-good-0123456789' || auth === 'OAuth se-oauth-access')
          return json(res, 200, { _id: 'se-channel-1', username: 'sestreamer', displayName: 'SEStreamer' })
        return json(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'invalid token' })
      }
      json(res, 404, { message: 'not found' })
    })
  })
  const wss = new WebSocketServer({ server })
  const sockets: WebSocket[] = []
  wss.on('connection', (ws) => {
    sockets.push(ws)
    ws.on('message', (data) => {
      const frame = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : '{}') as {
        type: string
        nonce: string
        data: { topic: string; token: string; token_type: string }
      }
      if (frame.type !== 'subscribe') return
      subscriptions.push(frame.data)
      const base = {
        id: `r-${subscriptions.length}`,
        ts: new Date().toISOString(),
        type: 'response',
        nonce: frame.nonce,
      }
      if (rateLimited)
        return ws.send(
          JSON.stringify({ ...base, error: 'rate_limit_exceeded', data: { message: 'rate limit exceeded' } }),
        )
      const good =
        !unauthorized &&
        (frame.data.token === 'se-jwt-good-0123456789' || frame.data.token === 'se-oauth-access')
      ws.send(
        JSON.stringify(
          good
            ? { ...base, data: { message: 'successfully subscribed to topic', topic: frame.data.topic } }
            : { ...base, error: 'err_unauthorized', data: { message: 'invalid token' } },
        ),
      )
    })
  })
  const port = await listenHttp(server)
  const open = () => sockets.filter((s) => s.readyState === s.OPEN)
  return {
    base: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    subscriptions,
    revocations,
    open,
    send(topic: string, data: Json | string) {
      for (const s of open())
        s.send(
          typeof data === 'string'
            ? data
            : JSON.stringify({
                id: `m-${Date.now()}`,
                ts: new Date().toISOString(),
                type: 'message',
                topic,
                room_id: 'se-channel-1',
                data,
              }),
        )
    },
    sendRaw(text: string) {
      for (const s of open()) s.send(text)
    },
    setRateLimited(value: boolean) {
      rateLimited = value
    },
    /** Every token is refused from now on (a revoked JWT). */
    setUnauthorized(value: boolean) {
      unauthorized = value
    },
    dropAll() {
      for (const s of sockets) s.terminate()
    },
    async close() {
      for (const s of sockets) s.terminate()
      wss.close()
      await closeServer(server)
    },
  }
}

export interface ChatPage {
  items: Json[]
  nextPageToken?: string
  pollingIntervalMillis?: number
  offlineAt?: string
}

/**
 * YouTube Data API v3 and Google OAuth: channels, liveBroadcasts, liveChat/messages pages in order.
 * After the last page the chat ends — or, with `stayLive`, stays live answering empty pages until
 * `addPage` gives it more (a browser test fires chat events when it wants them).
 */
export async function startFakeYoutube(
  pages: ChatPage[],
  opts: {
    stayLive?: boolean
    handle?: (req: http.IncomingMessage, url: URL, res: http.ServerResponse, body: string) => boolean
  } = {},
) {
  const requests: Array<{ path: string; params: Record<string, string>; at: number }> = []
  /** Tokens posted to Google's /revoke, in order. */
  const revocations: string[] = []
  let page = 0
  const server = http.createServer((req, res) => {
    void readBody(req).then((raw) => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      requests.push({ path: url.pathname, params: Object.fromEntries(url.searchParams), at: Date.now() })
      if (req.method === 'GET' && url.pathname === '/auth') return consentGiven(res, url, 'yt-code')
      if (req.method === 'POST' && url.pathname === '/revoke') {
        const token = new URLSearchParams(raw).get('token') ?? ''
        revocations.push(token)
        return token === 'yt-refresh' || token === 'yt-access'
          ? json(res, 200, {})
          : json(res, 400, { error: 'invalid_token' })
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = Object.fromEntries(new URLSearchParams(raw))
        if (form.code !== 'yt-code') return json(res, 400, { error: 'invalid_grant' })
        return json(res, 200, {
          access_token: 'yt-access',
          refresh_token: 'yt-refresh',
          expires_in: 3599,
          token_type: 'Bearer',
        })
      }
      // Other YouTube Data calls (sentiment's search, videos and comments) answered by the caller's stand-in.
      if (opts.handle?.(req, url, res, raw)) return
      if (req.headers.authorization !== 'Bearer yt-access')
        return json(res, 401, { error: { code: 401, message: 'Invalid Credentials' } })
      if (url.pathname === '/youtube/v3/channels')
        return json(res, 200, { items: [{ id: 'UC-streamer', snippet: { title: 'YT Streamer' } }] })
      if (url.pathname === '/youtube/v3/liveBroadcasts')
        return json(res, 200, {
          items:
            page < pages.length || opts.stayLive
              ? [{ id: 'b1', snippet: { liveChatId: 'chat-1' }, status: { lifeCycleStatus: 'live' } }]
              : [],
        })
      if (url.pathname === '/youtube/v3/liveChat/messages') {
        const current = pages[page]
        if (!current && opts.stayLive)
          return json(res, 200, {
            kind: 'youtube#liveChatMessageListResponse',
            pollingIntervalMillis: 100,
            items: [],
            nextPageToken: `page-${page + 1}`,
          })
        if (!current)
          return json(res, 403, {
            error: {
              code: 403,
              errors: [{ reason: 'liveChatEnded' }],
              message: 'The live chat is no longer live.',
            },
          })
        page++
        return json(res, 200, {
          kind: 'youtube#liveChatMessageListResponse',
          pollingIntervalMillis: 100,
          ...current,
        })
      }
      json(res, 404, { error: { code: 404 } })
    })
  })
  const port = await listenHttp(server)
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    revocations,
    addPage(next: ChatPage) {
      pages.push(next)
    },
    async close() {
      await closeServer(server)
    },
  }
}
