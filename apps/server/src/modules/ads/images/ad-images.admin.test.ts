import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type { AdminAdAsset, AdminAdImageGeneration } from '@mouthpiece/contracts/ads/images'
import { adminHeaders, createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { multipartFile, rendersClient } from '../../renders/testing'
import * as repo from './ad-images.repo'
import { productPhoto } from './testing/product-photo'

type Page<T> = { list: T[]; total: number; page: number; per_page: number; lastPage: number }

/** The admin lists of ad assets and ad image generations: server-side paged, searched, filtered, sorted, CSV, retry. */
describe('ads admin: ad assets and ad image generations', () => {
  let t: TestApp
  let admin: Record<string, string>
  const get = <T>(url: string) =>
    t.app.inject({ method: 'GET', url, headers: admin }).then((r) => ({
      status: r.statusCode,
      body: r.body,
      get json() {
        return r.json<T>()
      },
    }))

  beforeAll(async () => {
    t = await createTestApp()
    admin = await adminHeaders(t.app)
  })
  afterAll(async () => {
    await t.close()
  })

  it('lists, searches, filters, sorts, exports and retries', async () => {
    const me = await rendersClient(t).register('adminads')
    const photo = await productPhoto(400)
    const ids: number[] = []
    for (const name of ['serum.jpg', 'bottle.jpg']) {
      const form = multipartFile('file', name, 'image/jpeg', photo)
      const up = await t.app.inject({
        method: 'POST',
        url: '/api/ads/images/upload',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${me.token}` },
      })
      expect(up.statusCode, up.body).toBe(200)
      ids.push(up.json<{ asset: { id: number } }>().asset.id)
    }
    // One extraction failed (as a job would leave it), so it can be retried.
    await repo.updateAsset(t.db, ids[0]!, {
      status: 'failed',
      error: 'No subject',
      request: { mode: 'object' },
    })
    const [failed, done] = await repo.insertGenerations(t.db, [
      {
        user_id: me.id,
        name: 'Spring ad',
        template: 'spotlight',
        headline: 'Glow all day',
        status: 'failed',
        error: 'model refused',
      },
      { user_id: me.id, name: 'Autumn ad', template: 'split', headline: 'Warm tones', status: 'done' },
    ])

    const all = await get<Page<AdminAdAsset>>(`/api/admin/ad-assets?q=${me.username}`)
    expect(all.json).toMatchObject({ total: 2, page: 1, per_page: 25, lastPage: 1 })
    expect(all.json.list.map((a) => a.name)).toEqual(['bottle', 'serum']) // newest first
    expect(
      (
        await get<Page<AdminAdAsset>>(`/api/admin/ad-assets?q=${me.username}&sort=name&dir=asc`)
      ).json.list.map((a) => a.name),
    ).toEqual(['bottle', 'serum'])
    expect((await get<Page<AdminAdAsset>>('/api/admin/ad-assets?q=seru')).json).toMatchObject({
      total: 1,
      list: [{ name: 'serum', username: me.username, status: 'failed' }],
    })
    expect(
      (await get<Page<AdminAdAsset>>(`/api/admin/ad-assets?q=${me.username}&status=uploaded`)).json.list.map(
        (a) => a.name,
      ),
    ).toEqual(['bottle'])
    expect((await get('/api/admin/ad-assets?status=nope')).status).toBe(400)
    expect((await get('/api/admin/ad-assets?sort=width')).status).toBe(400)

    const csv = await get<unknown>(`/api/admin/ad-assets/export?q=${me.username}&status=failed`)
    expect(csv.body.split('\r\n')[0]).toContain('id,name,username,kind,status')
    expect(csv.body).toContain('No subject')
    expect(csv.body).not.toContain('bottle')

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/ad-assets/${ids[1]}/retry-extraction`,
      headers: admin,
    })
    expect(again.statusCode).toBe(409)
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/ad-assets/${ids[0]}/retry-extraction`,
      headers: admin,
    })
    expect(retried.json()).toMatchObject({
      asset: { id: ids[0], status: 'extracting', username: me.username },
    })

    const gens = await get<Page<AdminAdImageGeneration>>(
      `/api/admin/ad-image-generations?q=${me.username}&sort=name&dir=asc`,
    )
    expect(gens.json.list.map((g) => g.name)).toEqual(['Autumn ad', 'Spring ad'])
    expect(
      (await get<Page<AdminAdImageGeneration>>('/api/admin/ad-image-generations?q=glow%20all')).json,
    ).toMatchObject({ total: 1, list: [{ id: failed!.id }] })
    expect(
      (
        await get<Page<AdminAdImageGeneration>>(
          `/api/admin/ad-image-generations?q=${me.username}&status=done`,
        )
      ).json.list.map((g) => g.id),
    ).toEqual([done!.id])
    const gcsv = await get<unknown>(`/api/admin/ad-image-generations/export?q=${me.username}`)
    expect(gcsv.body.split('\r\n')).toHaveLength(4) // header, two rows, trailing newline
    expect(gcsv.body).toContain('model refused')
    expect((await get(`/api/admin/ad-image-generations/${done!.id}`)).json).toMatchObject({
      generation: { name: 'Autumn ad', username: me.username },
    })
    const regen = await t.app.inject({
      method: 'POST',
      url: `/api/admin/ad-image-generations/${failed!.id}/retry`,
      headers: admin,
    })
    expect(regen.json()).toMatchObject({ generation: { status: 'queued', error: null } })

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ad-assets' })).statusCode).toBe(401)
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/ad-image-generations/export',
          headers: { authorization: `Bearer ${me.token}` },
        })
      ).statusCode,
    ).toBe(403)
  })

  it('serves small previews of the pictures to the detail pages (admin only)', async () => {
    const me = await rendersClient(t).register('adminthumbs')
    const form = multipartFile('file', 'serum.jpg', 'image/jpeg', await productPhoto(800))
    const asset = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ads/images/upload',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${me.token}` },
      })
    ).json<{ asset: { id: number } }>().asset
    // A cut-out (transparent PNG) and a finished 9:16 placement, as the jobs leave them.
    const cutout = await sharp({
      create: { width: 600, height: 900, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    await t.storage.put('ad-images/test/cutout.png', cutout, 'image/png')
    await t.storage.put(
      'ad-images/test/story.png',
      await sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#FF6B57' } })
        .png()
        .toBuffer(),
      'image/png',
    )
    await repo.updateAsset(t.db, asset.id, {
      characters: [
        {
          id: 'c1',
          file_key: 'ad-images/test/cutout.png',
          box: { x: 0, y: 0, w: 600, h: 900 },
          width: 600,
          height: 900,
        },
      ],
    })
    const [gen] = await repo.insertGenerations(t.db, [
      {
        user_id: me.id,
        name: 'Story ad',
        template: 'poster',
        headline: 'Hi',
        status: 'done',
        files: { story: 'ad-images/test/story.png' },
      },
    ])

    const thumb = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: admin })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      return sharp(res.rawPayload).metadata()
    }
    expect(await thumb(`/api/admin/ad-assets/${asset.id}/thumbnail`)).toMatchObject({
      format: 'webp',
      width: 480,
    })
    expect(await thumb(`/api/admin/ad-assets/${asset.id}/characters/c1/thumbnail`)).toMatchObject({
      width: 320,
      height: 480,
      hasAlpha: true,
    })
    expect(
      await thumb(`/api/admin/ad-image-generations/${gen!.id}/placements/story/thumbnail`),
    ).toMatchObject({ width: 270, height: 480 })

    expect((await get(`/api/admin/ad-image-generations/${gen!.id}/placements/square/thumbnail`)).status).toBe(
      409,
    )
    expect((await get(`/api/admin/ad-assets/${asset.id}/characters/nope/thumbnail`)).status).toBe(404)
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/ad-assets/${asset.id}/thumbnail`,
          headers: { authorization: `Bearer ${me.token}` },
        })
      ).statusCode,
    ).toBe(403)
  })
})
