import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ImageSearch } from '@mouthpiece/contracts/ads/image-search'
import { adminHeaders, createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { multipartFile, rendersClient } from '../../renders/testing'
import { productPhoto } from '../images/testing/product-photo'
import { listenTestApp, openSocket } from '../../../../test/sockets'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'

/** A local stand-in for the stock-image API, speaking Pexels' search shape; "outage" answers 503. */
function stockServer() {
  const seen: Array<{ query: string | null; key: string | undefined }> = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    seen.push({ query: url.searchParams.get('query'), key: req.headers.authorization })
    if (url.pathname !== '/v1/search') return void res.writeHead(404).end()
    if (url.searchParams.get('query') === 'outage') return void res.writeHead(503).end('down')
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        page: 1,
        per_page: 24,
        total_results: 1,
        photos: [
          {
            id: 2014422,
            width: 3024,
            height: 3024,
            alt: 'Serum bottle on a table',
            photographer: 'Ana',
            url: 'https://stock.example/photo/2014422',
            src: { medium: 'https://stock.example/m.jpg' },
          },
        ],
      }),
    )
  })
  return { server, seen }
}

describe('ads admin: image search (library offline, a stock API by configuration)', () => {
  let t: TestApp
  let admin: Record<string, string>
  const stock = stockServer()
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: admin })
  const progress = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/admin/search-images/progress?page=1', headers: admin })
    ).json<{ list: ImageSearch[]; total: number }>()
  async function finished(id: number): Promise<ImageSearch> {
    const deadline = Date.now() + 30_000
    for (;;) {
      const s = (await progress()).list.find((x) => x.id === id)!
      if (s.status === 'done' || s.status === 'failed' || Date.now() > deadline) return s
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  beforeAll(async () => {
    await new Promise<void>((r) => stock.server.listen(0, '127.0.0.1', r))
    t = await createTestApp({ workers: true })
    admin = await adminHeaders(t.app)
  })
  afterAll(async () => {
    vi.unstubAllEnvs()
    await t.close()
    await new Promise((r) => stock.server.close(r))
  })

  it('finds uploads, their owner and brand images offline; asks the stock API when configured; a failure is retried', async () => {
    const c = rendersClient(t)
    const me = await c.register('imgsearch')
    const auth = { authorization: `Bearer ${me.token}` }
    const form = multipartFile('file', 'glow-serum.jpg', 'image/jpeg', await productPhoto(300))
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/ads/images/upload',
          payload: form.payload,
          headers: { ...form.headers, ...auth },
        })
      ).statusCode,
    ).toBe(200)
    const brand = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ads/brands',
        payload: { name: 'Glowly', description: 'Vitamin serums' },
        headers: auth,
      })
    ).json<{ brand: { id: number } }>().brand
    const img = multipartFile('file', 'shelf.jpg', 'image/jpeg', await productPhoto(200))
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/ads/brands/${brand.id}/images`,
          payload: img.payload,
          headers: { ...img.headers, ...auth },
        })
      ).statusCode,
    ).toBe(200)

    // Bad input: a clear error, nothing queued.
    const empty = await post('/api/admin/search-images', { query: ' ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json<{ message: string }>().message).toBe('Search for at least 2 characters')
    expect((await progress()).total).toBe(0)

    // Offline: the library only.
    const started = (await post('/api/admin/search-images', { query: 'glow' })).json<{
      search: ImageSearch
    }>().search
    expect(started).toMatchObject({ query: 'glow', status: 'queued', stock: false })
    const found = await finished(started.id)
    expect(found.status, found.error ?? '').toBe('done')
    expect(found.progress).toBe(100)
    expect(found.results.map((h) => [h.source, h.name])).toEqual(
      expect.arrayContaining([
        ['ad_asset', 'glow-serum'],
        ['brand_image', 'Glowly image'],
      ]),
    )
    expect(found.results.every((h) => h.source !== 'stock')).toBe(true)
    const byOwner = await finished(
      (await post('/api/admin/search-images', { query: me.username })).json<{ search: ImageSearch }>().search
        .id,
    )
    expect(byOwner.results.filter((h) => h.owner === me.username).length).toBeGreaterThanOrEqual(2)

    // A stock API by configuration: its photos join the library's.
    vi.stubEnv('ADS_STOCK_IMAGES_URL', `http://127.0.0.1:${(stock.server.address() as AddressInfo).port}`)
    vi.stubEnv('ADS_STOCK_IMAGES_KEY', 'stock-key-1')
    const withStock = await finished(
      (await post('/api/admin/search-images', { query: 'serum' })).json<{ search: ImageSearch }>().search.id,
    )
    expect(withStock).toMatchObject({ status: 'done', stock: true })
    expect(withStock.results).toContainEqual({
      source: 'stock',
      ref: '2014422',
      name: 'Serum bottle on a table',
      width: 3024,
      height: 3024,
      owner: 'Ana',
      brand: null,
      url: 'https://stock.example/photo/2014422',
    })
    expect(withStock.results.some((h) => h.source === 'brand_image')).toBe(true) // "Vitamin serums"
    expect(stock.seen.at(-1)).toEqual({ query: 'serum', key: 'stock-key-1' })

    // The stock API down: the search fails with its reason; only a failed search can be retried.
    const down = await finished(
      (await post('/api/admin/search-images', { query: 'outage' })).json<{ search: ImageSearch }>().search.id,
    )
    expect(down).toMatchObject({
      status: 'failed',
      error: 'The stock-image service answered 503.',
      attempts: 1,
    })
    expect((await post(`/api/admin/search-images/${withStock.id}/retry`)).statusCode).toBe(409)
    expect((await post('/api/admin/search-images/999999/retry')).statusCode).toBe(404)
    vi.stubEnv('ADS_STOCK_IMAGES_URL', '')
    const again = await post(`/api/admin/search-images/${down.id}/retry`)
    expect(again.json()).toMatchObject({ search: { id: down.id, status: 'queued', error: null } })
    expect(await finished(down.id)).toMatchObject({ status: 'done', attempts: 2, stock: false })

    const list = await progress()
    expect(list.list.map((s) => s.id)).toEqual([down.id, withStock.id, byOwner.id, found.id]) // newest first
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/search-images',
          payload: { query: 'x1' },
          headers: auth,
        })
      ).statusCode,
    ).toBe(403)
  })

  it("pushes each move of a search to the admins' sockets, and to no user's", async () => {
    const base = await listenTestApp(t)
    const user = await rendersClient(t).register('imgwatch')
    const adminPage = await openSocket(
      base,
      { adminKey: admin.authorization!.slice('Bearer '.length) },
      RealtimeEvent.adProject,
    )
    const userPage = await openSocket(base, { token: user.token }, RealtimeEvent.adProject)
    try {
      const started = (await post('/api/admin/search-images', { query: 'glow' })).json<{
        search: ImageSearch
      }>().search
      const moves = () =>
        adminPage.heard
          .filter((p) => p.type === 'image-search' && (p.search as ImageSearch).id === started.id)
          .map((p) => p.search as ImageSearch)
      for (
        const deadline = Date.now() + 30_000;
        !moves().some((s) => s.status === 'done');
        await new Promise((r) => setTimeout(r, 50))
      )
        if (Date.now() > deadline)
          throw new Error(`no "done" push; heard ${JSON.stringify(moves().map((s) => s.status))}`)
      expect(moves().map((s) => s.status)).toEqual(['running', 'running', 'done'])
      expect(moves().at(-1)!.results.length).toBeGreaterThan(0)
      expect(userPage.heard.filter((p) => p.type === 'image-search')).toEqual([])
    } finally {
      adminPage.socket.close()
      userPage.socket.close()
    }
  })
})
