import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { loadConfig } from '../config'
import { createStorage } from './create-storage'
import { createFileLinks } from './file-links'
import { createLocalStorage } from './local-storage'
import { createS3Storage } from './s3-storage'
import type { Storage } from './storage'

const BAD_KEYS = [
  '',
  '../escape.txt',
  'a/../../escape.txt',
  '/etc/passwd',
  'a//b',
  '.hidden',
  'a/.meta/x',
  'a\\..\\b',
  'sp ace',
  'x'.repeat(600),
]

/** The behaviour every storage must have, run against local files and against the S3 wire. */
function storageContract(name: string, make: () => Storage) {
  describe(`${name} storage`, () => {
    let storage: Storage
    beforeAll(() => {
      storage = make()
    })

    it('stores a buffer and reads it back with its size and type', async () => {
      const put = await storage.put('renders/1/out.mp4', Buffer.from('fake video bytes'), 'video/mp4')
      expect(put).toMatchObject({ key: 'renders/1/out.mp4', size: 16, contentType: 'video/mp4' })
      const { object, body } = await storage.get('renders/1/out.mp4')
      expect(object).toMatchObject({ size: 16, contentType: 'video/mp4' })
      expect(await text(body)).toBe('fake video bytes')
      expect(await storage.stat('renders/1/out.mp4')).toMatchObject({ size: 16, contentType: 'video/mp4' })
    })

    it('stores a stream of unknown length, guessing the type from the name', async () => {
      const chunks = Array.from({ length: 50 }, (_, i) => `chunk ${i};`)
      const put = await storage.put('audio/voice.wav', Readable.from(chunks))
      expect(put).toMatchObject({ size: chunks.join('').length, contentType: 'audio/wav' })
      expect(await text((await storage.get('audio/voice.wav')).body)).toBe(chunks.join(''))
    })

    it('reads a byte range', async () => {
      await storage.put('ranges/abc.txt', Buffer.from('0123456789'))
      const { object, body } = await storage.get('ranges/abc.txt', { start: 2, end: 5 })
      expect(object.size).toBe(10)
      expect(await text(body)).toBe('2345')
    })

    it('replaces an object and forgets a deleted one', async () => {
      await storage.put('tmp/x.txt', Buffer.from('one'))
      await storage.put('tmp/x.txt', Buffer.from('two!'))
      expect(await text((await storage.get('tmp/x.txt')).body)).toBe('two!')
      await storage.delete('tmp/x.txt')
      expect(await storage.stat('tmp/x.txt')).toBeNull()
      await expect(storage.get('tmp/x.txt')).rejects.toMatchObject({ status: 404, message: 'File not found' })
      await storage.delete('tmp/x.txt')
    })

    it('lists the objects under a prefix with their size and time', async () => {
      const before = Date.now() - 2000
      for (const key of [
        'listing/a/one.txt',
        'listing/a/two.txt',
        'listing/a/deep/three.txt',
        'listing/b/four.txt',
        'listingx.txt',
      ]) {
        await storage.put(key, Buffer.from(key))
      }
      const keys = async (prefix: string) => (await storage.list(prefix)).map((o) => o.key).sort()
      expect(await keys('listing/a/')).toEqual([
        'listing/a/deep/three.txt',
        'listing/a/one.txt',
        'listing/a/two.txt',
      ])
      expect(await keys('listing/')).toHaveLength(4)
      expect(await keys('listing')).toHaveLength(5)
      expect(await keys('listing/a/t')).toEqual(['listing/a/two.txt'])
      expect(await keys('nothing-here/')).toEqual([])
      const [one] = await storage.list('listing/a/one')
      expect(one).toMatchObject({ key: 'listing/a/one.txt', size: 'listing/a/one.txt'.length })
      expect(one!.modifiedAt.getTime()).toBeGreaterThan(before)
      await storage.delete('listing/a/one.txt')
      expect(await keys('listing/a/')).toEqual(['listing/a/deep/three.txt', 'listing/a/two.txt'])
      for (const prefix of ['../', '/', '.meta/', 'a//'])
        await expect(storage.list(prefix), prefix).rejects.toMatchObject({ code: 'invalid_key' })
    })

    it('refuses keys that could leave the storage root', async () => {
      for (const key of BAD_KEYS) {
        await expect(storage.put(key, Buffer.from('nope')), key).rejects.toMatchObject({
          code: 'invalid_key',
          status: 400,
        })
        await expect(storage.stat(key), key).rejects.toMatchObject({ code: 'invalid_key' })
        await expect(storage.url(key), key).rejects.toMatchObject({ code: 'invalid_key' })
      }
    })
  })
}

describe('local files', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-files-'))
  const links = createFileLinks('a-test-secret-of-some-length', 'http://localhost:3700')
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
  storageContract('local', () => createLocalStorage(path.join(root, 'files'), links))

  it('never leaves half a file under a key when the upload breaks', async () => {
    const storage = createLocalStorage(path.join(root, 'files'), links)
    await storage.put('uploads/a.bin', Buffer.from('complete'))
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1))
        this.destroy(new Error('client went away'))
      },
    })
    await expect(storage.put('uploads/a.bin', broken)).rejects.toThrow('client went away')
    expect(await text((await storage.get('uploads/a.bin')).body)).toBe('complete')
    await expect(
      storage.put(
        'uploads/b.bin',
        Readable.from(
          (async function* () {
            yield Buffer.from('partial')
            throw new Error('cut')
          })(),
        ),
      ),
    ).rejects.toThrow('cut')
    expect(await storage.stat('uploads/b.bin')).toBeNull()
    expect(fs.readdirSync(path.join(root, 'files', '.tmp'))).toEqual([])
  })

  it('keeps everything inside its root', async () => {
    const storage = createLocalStorage(path.join(root, 'files'), links)
    for (const key of BAD_KEYS) await storage.put(key, Buffer.from('x')).catch(() => {})
    expect(fs.existsSync(path.join(root, 'escape.txt'))).toBe(false)
    expect(fs.readdirSync(root)).toEqual(['files'])
  })
})

describe('signed file links served by the app', () => {
  let t: TestApp
  let storage: Storage
  beforeAll(async () => {
    t = await createTestApp()
    storage = t.storage
    await storage.put('exports/clip.mp4', Buffer.from('0123456789abcdef'), 'video/mp4')
  })
  afterAll(async () => t.close())
  const open = (url: string, headers: Record<string, string> = {}) => {
    const u = new URL(url)
    return t.app.inject({ method: 'GET', url: u.pathname + u.search, headers })
  }

  it('serves a file to whoever holds the link', async () => {
    const url = await storage.url('exports/clip.mp4')
    expect(url.startsWith(`${t.config.publicUrl}/api/files/exports/clip.mp4?`)).toBe(true)
    const res = await open(url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('video/mp4')
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.body).toBe('0123456789abcdef')
  })

  it('serves byte ranges so players can seek', async () => {
    const url = await storage.url('exports/clip.mp4')
    const res = await open(url, { range: 'bytes=4-7' })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe('bytes 4-7/16')
    expect(res.body).toBe('4567')
    const tail = await open(url, { range: 'bytes=-3' })
    expect(tail.body).toBe('def')
    expect((await open(url, { range: 'bytes=99-' })).statusCode).toBe(416)
  })

  it('offers a download under a chosen name', async () => {
    const res = await open(await storage.url('exports/clip.mp4', { downloadName: 'My clip.mp4' }))
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''My%20clip.mp4")
  })

  it('refuses expired, altered or borrowed links', async () => {
    await storage.put('exports/other.mp4', Buffer.from('secret'), 'video/mp4')
    const expired = await storage.url('exports/clip.mp4', { expiresInSeconds: -10 })
    expect((await open(expired)).statusCode).toBe(403)
    expect((await open(expired)).json()).toMatchObject({ message: 'This link has expired or is not valid' })

    const good = new URL(await storage.url('exports/clip.mp4'))
    const borrowed = new URL(good)
    borrowed.pathname = '/api/files/exports/other.mp4'
    expect((await open(borrowed.toString())).statusCode).toBe(403)
    const stretched = new URL(good)
    stretched.searchParams.set('expires', String(Number(good.searchParams.get('expires')) + 3600))
    expect((await open(stretched.toString())).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/files/exports/clip.mp4' })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/files/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
      400,
    )
  })

  it('answers 404 for a link to a file since deleted', async () => {
    await storage.put('exports/gone.mp4', Buffer.from('x'))
    const url = await storage.url('exports/gone.mp4')
    await storage.delete('exports/gone.mp4')
    expect((await open(url)).statusCode).toBe(404)
  })
})

/**
 * A minimal S3 endpoint speaking the wire shapes of PutObject, GetObject (with Range), HeadObject,
 * DeleteObject and ListObjectsV2 in path style, recording what the SDK sent.
 */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string; modified: Date }>()
  const requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }> = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers })
      const url = new URL(req.url!, 'http://s3.local')
      const [, bucket, ...rest] = url.pathname.split('/')
      const key = decodeURIComponent(rest.join('/'))
      const id = `${bucket}/${key}`
      const noSuchKey = () => {
        res.writeHead(404, { 'content-type': 'application/xml' })
        res.end(
          req.method === 'HEAD'
            ? undefined
            : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`,
        )
      }
      if (
        !req.headers.authorization?.startsWith('AWS4-HMAC-SHA256') &&
        !url.searchParams.has('X-Amz-Signature')
      ) {
        res.writeHead(403, { 'content-type': 'application/xml' })
        return res.end('<Error><Code>AccessDenied</Code><Message>Unsigned</Message></Error>')
      }
      if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2')
        return listObjects(bucket!, url, res)
      const obj = objects.get(id)
      switch (req.method) {
        case 'PUT': {
          const body = Buffer.concat(chunks)
          objects.set(id, {
            body,
            contentType: req.headers['content-type'] ?? 'binary/octet-stream',
            modified: new Date(),
          })
          res.writeHead(200, { etag: `"${body.length}"` })
          return res.end()
        }
        case 'HEAD':
        case 'GET': {
          if (!obj) return noSuchKey()
          const headers: http.OutgoingHttpHeaders = {
            'content-type': url.searchParams.get('response-content-type') ?? obj.contentType,
            'last-modified': obj.modified.toUTCString(),
            etag: `"${obj.body.length}"`,
            'accept-ranges': 'bytes',
          }
          const disposition = url.searchParams.get('response-content-disposition')
          if (disposition) headers['content-disposition'] = disposition
          const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '')
          if (range && req.method === 'GET') {
            const part = obj.body.subarray(Number(range[1]), Number(range[2]) + 1)
            res.writeHead(206, {
              ...headers,
              'content-length': part.length,
              'content-range': `bytes ${range[1]}-${range[2]}/${obj.body.length}`,
            })
            return res.end(part)
          }
          res.writeHead(200, { ...headers, 'content-length': obj.body.length })
          return res.end(req.method === 'HEAD' ? undefined : obj.body)
        }
        case 'DELETE':
          objects.delete(id)
          res.writeHead(204)
          return res.end()
        default:
          res.writeHead(405)
          return res.end()
      }
    })
  })
  /** ListObjectsV2 in pages of LIST_PAGE keys (S3's are 1000), so clients must follow the continuation token. */
  const LIST_PAGE = 2
  function listObjects(bucket: string, url: URL, res: http.ServerResponse) {
    const prefix = url.searchParams.get('prefix') ?? ''
    const matching = [...objects.keys()].filter((id) => id.startsWith(`${bucket}/${prefix}`)).sort()
    const start = Number(url.searchParams.get('continuation-token') ?? 0)
    const page = matching.slice(start, start + LIST_PAGE)
    const truncated = start + LIST_PAGE < matching.length
    const contents = page.map((id) => {
      const o = objects.get(id)!
      return `<Contents><Key>${id.slice(bucket.length + 1)}</Key><LastModified>${o.modified.toISOString()}</LastModified><ETag>"${o.body.length}"</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
    })
    res.writeHead(200, { 'content-type': 'application/xml' })
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${prefix}</Prefix>` +
        `<KeyCount>${page.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
        (truncated ? `<NextContinuationToken>${start + LIST_PAGE}</NextContinuationToken>` : '') +
        `${contents.join('')}</ListBucketResult>`,
    )
  }
  return { server, objects, requests }
}

describe('S3 over its wire', () => {
  const s3 = fakeS3()
  let endpoint: string
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve))
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    s3.server.closeAllConnections()
    await new Promise((r) => s3.server.close(r))
  })
  const make = () =>
    createS3Storage({
      bucket: 'media',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'secret',
    })

  storageContract('S3', make)

  it('addresses the bucket in the path and sends plain bodies without checksum trailers', async () => {
    await make().put('plain/a.txt', Readable.from(['hello ', 'world']))
    const put = s3.requests.filter((r) => r.method === 'PUT' && r.url.startsWith('/media/plain/a.txt'))
    expect(put).toHaveLength(1)
    const headers = put[0]!.headers
    expect(headers['content-length']).toBe('11')
    expect(headers['content-encoding']).toBeUndefined()
    expect(
      Object.keys(headers).filter((h) => h.startsWith('x-amz-checksum') || h === 'x-amz-trailer'),
    ).toEqual([])
    expect(s3.objects.get('media/plain/a.txt')?.body.toString()).toBe('hello world')
  })

  it('follows the listing across pages', async () => {
    const storage = make()
    for (const n of [1, 2, 3, 4, 5]) await storage.put(`paged/${n}.txt`, Buffer.from('x'.repeat(n)))
    const sent = s3.requests.length
    const listed = await storage.list('paged/')
    expect(listed.map((o) => [o.key, o.size]).sort()).toEqual(
      [1, 2, 3, 4, 5].map((n) => [`paged/${n}.txt`, n]),
    )
    expect(s3.requests.slice(sent).filter((r) => r.url.includes('list-type=2'))).toHaveLength(3)
  })

  it('hands out presigned links that open without credentials', async () => {
    const storage = make()
    await storage.put('share/v.mp4', Buffer.from('video!'), 'video/mp4')
    const url = new URL(await storage.url('share/v.mp4', { expiresInSeconds: 600, downloadName: 'v.mp4' }))
    expect(url.origin + url.pathname).toBe(`${endpoint}/media/share/v.mp4`)
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600')
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="v.mp4"')
    expect(await res.text()).toBe('video!')
  })

  it('is what S3_* configuration selects', () => {
    const config = loadConfig({
      DATA_DIR: os.tmpdir(),
      S3_BUCKET: 'media',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
    })
    expect(createStorage(config).kind).toBe('s3')
    expect(createStorage(loadConfig({ DATA_DIR: os.tmpdir() })).kind).toBe('local')
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'a' })).toThrow(/S3_SECRET_ACCESS_KEY/)
  })
})
