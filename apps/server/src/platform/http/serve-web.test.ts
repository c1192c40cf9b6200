import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { listenApp, overlayKeyOf, signUp } from '../../modules/donations/testing'
import { COMPRESS_MIN_BYTES } from './compress-responses'

/** A built web app as Vite and its precompress plugin leave it: hashed chunks with .br/.gz copies. */
function fakeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-dist-'))
  fs.mkdirSync(path.join(dist, 'assets'))
  const write = (name: string, text: string, compressed = true) => {
    fs.writeFileSync(path.join(dist, name), text)
    if (!compressed) return
    fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(text))
    fs.writeFileSync(path.join(dist, `${name}.gz`), zlib.gzipSync(text))
  }
  write(
    'index.html',
    `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}<script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>`,
  )
  write('assets/index-Ab12Cd34.js', `export const page = ${JSON.stringify('landing '.repeat(500))}\n`)
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false)
  return dist
}

describe('the web app and API answers on the wire', () => {
  let t: TestApp
  let dist: string
  beforeAll(async () => {
    dist = fakeDist()
    t = await createTestApp({ env: { WEB_DIST: dist } })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(dist, { recursive: true, force: true })
  })
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

  it('sends hashed assets precompressed (brotli first, then gzip) and cached for a year, immutable', async () => {
    const original = fs.readFileSync(path.join(dist, 'assets/index-Ab12Cd34.js'), 'utf8')
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(original)

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(original)

    const plain = await get('/assets/index-Ab12Cd34.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(original)
  })

  it('never lets index.html be cached without revalidation, on any page path, compressed too', async () => {
    for (const url of ['/landing', '/', '/tts/some-creator']) {
      const res = await get(url, 'br, gzip')
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers['content-encoding']).toBe('br')
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('/assets/index-Ab12Cd34.js')
    }
    const plain = await get('/landing')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('<div id="root">')
    expect((await get('/index.html', 'br')).headers['cache-control']).toBe('no-cache')
    // Files kept under their own name are cached briefly only.
    expect((await get('/favicon.svg', 'br')).headers['cache-control']).toBe('public, max-age=3600')
  })

  it('sends only files of the build by their exact name; other paths get the page shell, a rebuild its new chunks', async () => {
    const isShell = (res: { statusCode: number; body: string }) =>
      res.statusCode === 200 && res.body.includes('<div id="root">')
    fs.writeFileSync(path.join(dist, '.build-stamp'), 'stamp')
    for (const url of [
      '/ASSETS/index-Ab12Cd34.js',
      '/assets/INDEX-Ab12Cd34.js',
      '/.build-stamp',
      '/assets/../.build-stamp',
      '/..%2f..%2fetc%2fpasswd',
      '/assets/',
    ]) {
      const res = await get(url)
      expect(isShell(res), url).toBe(true)
    }
    expect((await get('/assets/index-Ab12Cd34.js?v=2')).body).toContain('landing landing')
    expect((await t.app.inject({ method: 'HEAD', url: '/favicon.svg' })).statusCode).toBe(200)

    // A rebuild while the server runs: its new chunk is served once index.html has changed.
    fs.writeFileSync(path.join(dist, 'assets/page-Zz99.js'), 'export const fresh = 1\n')
    const later = new Date(Date.now() + 5_000)
    fs.utimesSync(path.join(dist, 'index.html'), later, later)
    const fresh = await get('/assets/page-Zz99.js')
    expect(fresh.headers['content-type']).toMatch(/javascript/)
    expect(fresh.body).toBe('export const fresh = 1\n')
  })

  it('compresses JSON answers above the threshold for clients that accept it, and leaves small ones', async () => {
    const docs = await get('/api/docs/json', 'gzip, br')
    expect(docs.statusCode).toBe(200)
    expect(docs.headers['content-encoding']).toBe('br')
    const json = zlib.brotliDecompressSync(docs.rawPayload).toString()
    expect(json.length).toBeGreaterThan(COMPRESS_MIN_BYTES)
    expect(JSON.parse(json)).toMatchObject({ openapi: expect.any(String) })
    expect(docs.rawPayload.length).toBeLessThan(json.length / 3)
    expect(Number(docs.headers['content-length'])).toBe(docs.rawPayload.length)

    const gz = await get('/api/docs/json', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(json))
    const plain = await get('/api/docs/json')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    expect(plain.json()).toEqual(JSON.parse(json))
    expect((await get('/api/docs/json', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip')

    const health = await get('/api/health', 'br, gzip')
    expect(health.statusCode).toBe(200)
    expect(health.headers['content-encoding']).toBeUndefined()
    // Errors in the spec's shape stay readable JSON as well.
    const missing = await get('/api/no-such-route', 'br')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ code: 'not_found' })
  })

  it('keeps the overlay event stream uncompressed, so each event reaches OBS at once', async () => {
    const creator = await signUp(t.app, 'wirecheck')
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/donation/settings', headers: creator.headers })
    ).json<{ settings: { overlay_url: string } }>()
    const base = await listenApp(t.app)
    const url = `${base}/api/donation/overlay/stream?key=${encodeURIComponent(overlayKeyOf(settings.settings.overlay_url))}`
    const { headers, first } = await new Promise<{ headers: http.IncomingHttpHeaders; first: string }>(
      (resolve, reject) => {
        const req = http.get(
          url,
          { headers: { 'accept-encoding': 'br, gzip', accept: 'text/event-stream' } },
          (res) => {
            res.once('data', (chunk: Buffer) => {
              resolve({ headers: res.headers, first: chunk.toString() })
              req.destroy()
            })
          },
        )
        req.on('error', reject)
      },
    )
    expect(headers['content-type']).toMatch(/^text\/event-stream/)
    expect(headers['content-encoding']).toBeUndefined()
    expect(first).toMatch(/^(:|event:|id:|data:|retry:)/m)
  })
})
