import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isForbiddenAddress, safeDownload, safeRequest, SAFE_FETCH_REFUSED_MESSAGE } from './safe-fetch'
import { AppError } from './errors'

describe('safe-fetch: the SSRF-safe client', () => {
  let server: http.Server
  let port: number
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-safe-'))
  const file = path.join(dir, 'out')

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/video') {
        res.writeHead(200, { 'content-type': 'video/mp4' })
        res.end(Buffer.alloc(1000, 1))
        return
      }
      if (req.url === '/big') {
        res.writeHead(200)
        res.end(Buffer.alloc(5000, 1))
        return
      }
      if (req.url === '/to-private') {
        res.writeHead(302, { location: 'http://10.0.0.1/secret' })
        res.end()
        return
      }
      if (req.url === '/to-metadata') {
        res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' })
        res.end()
        return
      }
      if (req.url === '/to-v6') {
        res.writeHead(302, { location: `http://[::1]:${port}/video` })
        res.end()
        return
      }
      if (req.url === '/loop') {
        res.writeHead(302, { location: '/loop' })
        res.end()
        return
      }
      if (req.url === '/to-video') {
        res.writeHead(302, { location: '/video' })
        res.end()
        return
      }
      if (req.url === '/echo' && req.method === 'POST') {
        const parts: Buffer[] = []
        req
          .on('data', (c: Buffer) => parts.push(c))
          .on('end', () => {
            res.writeHead(201, { 'content-type': 'application/json' })
            res.end(JSON.stringify({ got: Buffer.concat(parts).toString(), auth: req.headers.authorization }))
          })
        return
      }
      res.writeHead(404)
      res.end()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise((r) => server.close(r))
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const refused = async (url: string, opts: Partial<Parameters<typeof safeDownload>[2]> = {}) => {
    const error = await safeDownload(url, file, { maxBytes: 10_000, ...opts }).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error, url).toBeInstanceOf(AppError)
    return error as AppError
  }

  it('knows the forbidden ranges, IPv4 and IPv6, mapped forms included', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      '::ffff:169.254.169.254',
    ]) {
      expect(isForbiddenAddress(a), a).toBe(true)
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isForbiddenAddress(a), a).toBe(false)
  })

  it('refuses loopback, private and metadata literals with a clear message', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/video`,
      'http://10.0.0.1/video',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${port}/video`,
      'http://[::ffff:127.0.0.1]/',
      'http://0x7f000001/',
      'http://2130706433/',
    ]) {
      const e = await refused(url)
      expect(e.status, url).toBe(400)
      expect(e.message.split('#')[0], url).toBe(SAFE_FETCH_REFUSED_MESSAGE)
    }
    expect((await refused('file:///etc/passwd')).message).toBe('Please enter a direct http(s) link')
  })

  it('refuses a name that resolves to a private address (every address of the name is checked)', async () => {
    const e = await refused('http://videos.example.test/clip.mp4', {
      resolve: async () => ['93.184.216.34', '10.1.2.3'],
    })
    expect(e.code).toBe('url_refused')
    expect((await refused('http://localhost/clip.mp4')).code).toBe('url_refused')
  })

  it('follows redirects re-checking each hop; a redirect to a private address, or too many, is refused', async () => {
    const allow = { allowHosts: ['127.0.0.1'] }
    const ok = await safeDownload(`http://127.0.0.1:${port}/to-video`, file, { maxBytes: 10_000, ...allow })
    expect(ok).toMatchObject({ status: 200, bytes: 1000, finalUrl: `http://127.0.0.1:${port}/video` })
    expect((await refused(`http://127.0.0.1:${port}/to-private`, allow)).code).toBe('url_refused')
    expect((await refused(`http://127.0.0.1:${port}/to-metadata`, allow)).code).toBe('url_refused')
    expect((await refused(`http://127.0.0.1:${port}/to-v6`, allow)).code).toBe('url_refused')
    expect((await refused(`http://127.0.0.1:${port}/loop`, allow)).code).toBe('too_many_redirects')
  })

  it('caps the size and the time', async () => {
    const allow = { allowHosts: ['127.0.0.1'] }
    expect((await refused(`http://127.0.0.1:${port}/big`, { ...allow, maxBytes: 4000 })).code).toBe(
      'too_large',
    )
    expect(fs.existsSync(file) && fs.statSync(file).size > 4000).toBe(false)
    const slow = http.createServer(() => undefined)
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r))
    const slowPort = (slow.address() as AddressInfo).port
    expect((await refused(`http://127.0.0.1:${slowPort}/`, { ...allow, timeoutMs: 300 })).code).toBe(
      'timeout',
    )
    slow.closeAllConnections()
    await new Promise((r) => slow.close(r))
  })

  it('safeRequest: a POST with a body, refused on a private address unless its host is allowed; redirects not followed; capped', async () => {
    const post = (url: string, opts: Partial<Parameters<typeof safeRequest>[2]> = {}) =>
      safeRequest(
        url,
        {
          method: 'POST',
          headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
          body: '{"a":1}',
        },
        { maxBytes: 10_000, ...opts },
      )
    for (const url of [
      `http://127.0.0.1:${port}/echo`,
      'http://169.254.169.254/v1/chat/completions',
      `http://localhost:${port}/echo`,
    ]) {
      const e = await post(url).then(
        () => null,
        (err: unknown) => err,
      )
      expect(e, url).toBeInstanceOf(AppError)
      expect((e as AppError).message.split('#')[0]).toBe(SAFE_FETCH_REFUSED_MESSAGE)
    }
    const ok = await post(`http://127.0.0.1:${port}/echo`, { allowHosts: ['127.0.0.1'] })
    expect(ok.status).toBe(201)
    expect(JSON.parse(ok.body.toString())).toEqual({ got: '{"a":1}', auth: 'Bearer k' })
    expect((await post(`http://127.0.0.1:${port}/to-private`, { allowHosts: ['127.0.0.1'] })).status).toBe(
      302,
    )
    const moved = await safeRequest(
      `http://127.0.0.1:${port}/to-metadata`,
      { method: 'GET' },
      { maxBytes: 100, allowHosts: ['127.0.0.1'] },
    )
    expect(moved).toMatchObject({
      status: 301,
      headers: { location: 'http://169.254.169.254/latest/meta-data/' },
    })
    const big = await safeRequest(
      `http://127.0.0.1:${port}/big`,
      { method: 'GET' },
      { maxBytes: 100, allowHosts: ['127.0.0.1'] },
    ).then(
      () => null,
      (err: unknown) => err,
    )
    expect((big as AppError).status).toBe(413)
  })
})
