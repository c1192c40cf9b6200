import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { WebSocketServer } from 'ws'
import type WebSocket from 'ws'
import { consentGiven, listenHttp } from './harness'
import { fixture } from './twitch-fixtures'
import type { EventSubMessage } from './twitch-fixtures'

export interface HelixCall {
  type: string
  sessionId: string
  transport: { method: string; session_id?: string; callback?: string; secret?: string }
  broadcaster: string
  clientId: string | undefined
  token: string
}

interface Connection {
  ws: WebSocket
  sessionId: string
  url: string
}

/**
 * A local stand-in for Twitch speaking its wire protocols: the OAuth token endpoint, Helix
 * (/users, /eventsub/subscriptions) and the EventSub WebSocket server — welcome, keepalives,
 * notifications, session_reconnect and revocation — built from the recorded fixture payloads.
 */
export async function startFakeTwitch(opts: { keepaliveSeconds?: number } = {}) {
  const keepaliveSeconds = opts.keepaliveSeconds ?? 2
  const helixCalls: HelixCall[] = []
  const tokenRequests: Array<Record<string, string>> = []
  /** Every POST /oauth2/revoke form, in order, and what the fake answered. */
  const revocations: Array<{ client_id?: string; token?: string; status: number }> = []
  let revokeDown = false
  const connections: Connection[] = []
  let validTokens = new Set<string>()
  let issued = 0
  let silent = false
  let port = 0

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  }
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => (raw += c.toString()))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
      // The consent page, already agreed to: straight back to our callback with a code.
      if (req.method === 'GET' && url.pathname === '/oauth2/authorize')
        return consentGiven(res, url, 'good-code')
      if (req.method === 'POST' && url.pathname === '/oauth2/token') {
        const form = Object.fromEntries(new URLSearchParams(raw))
        tokenRequests.push(form)
        if (form.client_secret !== 'twitch-secret')
          return json(res, 403, { status: 403, message: 'invalid client secret' })
        if (form.grant_type === 'authorization_code' && form.code === 'good-code') {
          const token = `tw-access-c${++issued}`
          validTokens.add(token)
          return json(res, 200, {
            access_token: token,
            refresh_token: 'tw-refresh-1',
            expires_in: 14_000,
            scope: ['bits:read'],
            token_type: 'bearer',
          })
        }
        if (form.grant_type === 'refresh_token' && form.refresh_token?.startsWith('tw-refresh-')) {
          const token = `tw-access-r${++issued}`
          validTokens.add(token)
          return json(res, 200, {
            access_token: token,
            refresh_token: `tw-refresh-${issued + 1}`,
            expires_in: 14_000,
            token_type: 'bearer',
          })
        }
        return json(res, 400, { status: 400, message: 'Invalid authorization code' })
      }
      if (req.method === 'POST' && url.pathname === '/oauth2/revoke') {
        // As id.twitch.tv answers: 200 with no body, 400 for an unknown token, 404 for an unknown client.
        const form = Object.fromEntries(new URLSearchParams(raw))
        const status = revokeDown
          ? 503
          : form.client_id !== 'twitch-client'
            ? 404
            : form.token && validTokens.delete(form.token)
              ? 200
              : 400
        revocations.push({ client_id: form.client_id, token: form.token, status })
        if (status === 200) return res.writeHead(200).end()
        return json(res, status, {
          status,
          message:
            status === 400 ? 'Invalid token' : status === 404 ? 'client does not exist' : 'unavailable',
        })
      }
      if (!validTokens.has(bearer))
        return json(res, 401, { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' })
      if (req.method === 'GET' && url.pathname === '/helix/users')
        return json(res, 200, {
          data: [{ id: '1234', login: 'testbroadcaster', display_name: 'testBroadcaster' }],
        })
      if (req.method === 'POST' && url.pathname === '/helix/eventsub/subscriptions') {
        const body = JSON.parse(raw) as {
          type: string
          condition: { broadcaster_user_id: string }
          transport: HelixCall['transport']
        }
        helixCalls.push({
          type: body.type,
          sessionId: body.transport.session_id ?? '',
          transport: body.transport,
          broadcaster: body.condition.broadcaster_user_id,
          clientId: req.headers['client-id'] as string | undefined,
          token: bearer,
        })
        const canned = (
          fixture('create_subscription_responses') as unknown as Record<
            string,
            { data: Array<Record<string, unknown>> } | undefined
          >
        )[body.type]
        const sub = {
          ...(canned?.data[0] ?? {
            id: randomUUID(),
            status: 'enabled',
            type: body.type,
            version: '1',
            cost: 0,
          }),
          condition: body.condition,
          transport: { ...body.transport, connected_at: new Date().toISOString() },
        }
        return json(res, 202, { data: [sub], total: 1, total_cost: 0, max_total_cost: 10 })
      }
      json(res, 404, { message: 'not found' })
    })
  })
  const wss = new WebSocketServer({ server, path: '/ws' })
  wss.on('connection', (ws, req) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const reconnectOf = url.searchParams.get('reconnect_id')
    const sessionId = reconnectOf
      ? Buffer.from(reconnectOf, 'base64url').toString()
      : `${randomUUID().slice(0, 8)}_${randomUUID().slice(0, 8)}`
    const conn = { ws, sessionId, url: req.url ?? '' }
    connections.push(conn)
    const welcome = fixture('session_welcome')
    welcome.metadata.message_id = randomUUID()
    welcome.payload.session = {
      ...welcome.payload.session!,
      id: sessionId,
      keepalive_timeout_seconds: keepaliveSeconds,
      connected_at: new Date().toISOString(),
    }
    ws.send(JSON.stringify(welcome))
    const timer = setInterval(
      () => {
        if (silent || ws.readyState !== ws.OPEN) return
        const keepalive = fixture('session_keepalive')
        keepalive.metadata.message_id = randomUUID()
        ws.send(JSON.stringify(keepalive))
      },
      (keepaliveSeconds * 1000) / 2,
    )
    ws.on('close', () => clearInterval(timer))
  })
  port = await listenHttp(server)

  const open = () => connections.filter((c) => c.ws.readyState === c.ws.OPEN)
  const latest = () => open().at(-1)
  return {
    base: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    helixCalls,
    tokenRequests,
    revocations,
    connections,
    open,
    /** Sends to the newest open socket (or the one given). */
    send(message: EventSubMessage | string, conn = latest()) {
      if (!conn) throw new Error('no EventSub socket is open')
      conn.ws.send(typeof message === 'string' ? message : JSON.stringify(message))
    },
    /** session_reconnect pointing at this server; the new socket keeps the session (and its subscriptions). */
    reconnect(conn = latest()) {
      if (!conn) throw new Error('no EventSub socket is open')
      const m = fixture('session_reconnect')
      m.metadata.message_id = randomUUID()
      m.payload.session = {
        ...m.payload.session!,
        id: conn.sessionId,
        reconnect_url: `ws://127.0.0.1:${port}/ws?reconnect_id=${Buffer.from(conn.sessionId).toString('base64url')}`,
      }
      conn.ws.send(JSON.stringify(m))
    },
    revoke(type: string, status: string, conn = latest()) {
      this.send(
        {
          metadata: {
            message_id: randomUUID(),
            message_type: 'revocation',
            message_timestamp: new Date().toISOString(),
            subscription_type: type,
          },
          payload: {
            subscription: {
              id: randomUUID(),
              type,
              status,
              condition: { broadcaster_user_id: '1234' },
              transport: { method: 'websocket', session_id: conn?.sessionId ?? '' },
            },
          },
        },
        conn,
      )
    },
    /** Stop keepalives (a dead link as the client sees it). */
    setSilent(value: boolean) {
      silent = value
    },
    /** The revoke endpoint answers 503 (a Twitch outage) until set back. */
    setRevokeDown(value: boolean) {
      revokeDown = value
    },
    /** Invalidate every access token issued so far: Helix answers 401 until the client refreshes. */
    expireTokens() {
      validTokens = new Set()
    },
    async close() {
      for (const c of connections) c.ws.terminate()
      wss.close()
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }
}
export type FakeTwitch = Awaited<ReturnType<typeof startFakeTwitch>>
