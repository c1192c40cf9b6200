import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { OverlayAlert } from '@mouthpiece/contracts/donations/donations.schemas'

/** The loopback ports the alerts work may use (4000–4099); a random start spreads parallel test files. */
const FIRST_PORT = 4000
const PORTS = 100
/**
 * Ports of the range that fetch refuses to connect to ("bad ports" of the Fetch standard): a fake
 * listening there would make the code under test fail with "fetch failed (bad port)".
 */
const FETCH_BAD_PORTS = new Set([4045])

/** Listens on the first free port of the range and answers it. */
export async function listenInRange(listen: (port: number) => Promise<void>): Promise<number> {
  const start = Math.floor(Math.random() * PORTS)
  for (let i = 0; i < PORTS; i++) {
    const port = FIRST_PORT + ((start + i) % PORTS)
    if (FETCH_BAD_PORTS.has(port)) continue
    try {
      await listen(port)
      return port
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err
    }
  }
  throw new Error('no free port in 4000-4099')
}

export async function listenHttp(server: http.Server): Promise<number> {
  return listenInRange(
    (port) =>
      new Promise<void>((resolve, reject) => {
        const onError = (err: Error) => reject(err)
        server.once('error', onError)
        server.listen(port, '127.0.0.1', () => {
          server.off('error', onError)
          resolve()
        })
      }),
  )
}

/**
 * A provider's consent page where the user has already agreed: 302 back to `redirect_uri` with
 * the code the fake's token endpoint accepts and the `state` we sent (a browser test clicks through).
 */
export function consentGiven(res: http.ServerResponse, authorize: URL, code: string) {
  const redirect = authorize.searchParams.get('redirect_uri')
  if (!redirect) return res.writeHead(400, { 'content-type': 'text/plain' }).end('redirect_uri is missing')
  const back = new URL(redirect)
  back.searchParams.set('code', code)
  back.searchParams.set('state', authorize.searchParams.get('state') ?? '')
  res.writeHead(302, { location: back.toString() }).end()
}

export async function listenApp(app: FastifyInstance): Promise<string> {
  await listenInRange(async (port) => {
    await app.listen({ port, host: '127.0.0.1' })
  })
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}

/** The rows of a raw query (drizzle types them as unknown: the shape is the query's). */
export const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows

export async function waitFor<T>(
  check: () => T | Promise<T>,
  ms = 8000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** Signs a user up through the API; answers the bearer headers and id. */
export async function signUp(app: FastifyInstance, username: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, email: `${username}@example.com`, password: 'a good password 1' },
  })
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`)
  const body = res.json<{ token: string; user: { id: number } }>()
  return { id: body.user.id, headers: { authorization: `Bearer ${body.token}` } }
}

export interface OverlayClient {
  alerts: Array<OverlayAlert & { receivedAtMs: number; eventId: string }>
  hello: Array<{ volume: number }>
  close(): void
}

/**
 * The overlay page's side of the stream, as EventSource would read it: `event`/`id`/`data`
 * fields, blank line per event. Sends Last-Event-ID when given; `onAlert` runs as each alert is read
 * (the bench times arrivals with it).
 */
export async function openOverlay(
  base: string,
  key: string,
  lastEventId?: string,
  onAlert?: (alert: OverlayAlert) => void,
): Promise<OverlayClient> {
  const ctrl = new AbortController()
  const res = await fetch(`${base}/api/donation/overlay/stream?key=${encodeURIComponent(key)}`, {
    headers: lastEventId ? { 'last-event-id': lastEventId } : {},
    signal: ctrl.signal,
  })
  if (!res.ok || !res.body) throw new Error(`overlay stream answered ${res.status}`)
  const client: OverlayClient = { alerts: [], hello: [], close: () => ctrl.abort() }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  void (async () => {
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        buffer += value
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((l) => !l.startsWith(':'))
              .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
          )
          if (fields.event === 'alert' && fields.data) {
            const alert = JSON.parse(fields.data) as OverlayAlert
            onAlert?.(alert)
            client.alerts.push({ ...alert, receivedAtMs: Date.now(), eventId: fields.id ?? '' })
          }
          if (fields.event === 'hello' && fields.data)
            client.hello.push(JSON.parse(fields.data) as { volume: number })
        }
      }
    } catch {
      // aborted
    }
  })()
  return client
}

export const overlayKeyOf = (overlayUrl: string) => new URL(overlayUrl).searchParams.get('key')!
