import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Brand } from '@mouthpiece/contracts/ads/brands.schemas'
import type { ScrapeTask } from '@mouthpiece/contracts/ads/scraper.schemas'
import { SAFE_FETCH_REFUSED_MESSAGE, SAFE_FETCH_TIMEOUT_MESSAGE } from '../../../platform/http/safe-fetch'
import { adminHeaders, createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { rendersClient } from '../../renders/testing'
import { BRAND_SITE, startBrandSite } from '../testing/brand-site'
import type { BrandSite } from '../testing/brand-site'
import { NO_LOGO_WARNING, scrapeSite, WOFF2_NOTE } from './site-reader'
import { adScrapeTasks } from './scraper.table'
import { adBrands } from '../brands/brands.table'

describe('ads scraper: a brand kit from a site, through the SSRF-safe client', () => {
  let t: TestApp
  let site: BrandSite
  let client: ReturnType<typeof rendersClient>
  beforeAll(async () => {
    process.env.ADS_SCRAPE_PAGE_TIMEOUT_MS = '1500'
    site = await startBrandSite()
    t = await createTestApp({ workers: true, env: { SAFE_FETCH_ALLOW_HOSTS: 'localhost' } })
    client = rendersClient(t)
  })
  afterAll(async () => {
    await t.close()
    await site.close()
    delete process.env.ADS_SCRAPE_PAGE_TIMEOUT_MS
  })

  const waitTask = async (id: string, who: { token: string }): Promise<ScrapeTask> => {
    for (let i = 0; i < 300; i++) {
      const task = (await client.call('GET', `/api/ads/scrape-tasks/${id}`, who)).json<{ task: ScrapeTask }>()
        .task
      if (task.status === 'completed' || task.status === 'failed') return task
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('scrape did not finish')
  }

  it('reads name, description, logos (measured), colours and fonts, each with its source, unconfirmed', async () => {
    const me = await client.register('scraper')
    const started = Date.now()
    const res = await client.call('POST', '/api/ads/brands/scrape', me, { url: `${site.url}/` })
    expect(res.statusCode, res.body).toBe(200)
    const task = await waitTask(res.json<{ task: ScrapeTask }>().task.id, me)
    expect(task, JSON.stringify(task)).toMatchObject({ status: 'completed', progress: 100 })
    expect(Date.now() - started).toBeLessThan(10_000)
    const brand = (await client.call('GET', `/api/ads/brands/${task.brand_id}`, me)).json<{ brand: Brand }>()
      .brand
    expect(brand.name).toBe(BRAND_SITE.name)
    expect(brand.name_source).toMatchObject({ kind: 'og:site_name', confirmed: false })
    expect(brand.description).toBe(BRAND_SITE.description)
    expect(brand.website).toBe(`${site.url}/`)

    // Logos: the inline SVG first; real sizes, not the `sizes=` the markup claims.
    expect(brand.logos[0]).toMatchObject({
      mime: 'image/svg+xml',
      width: 240,
      height: 80,
      primary: true,
      source: { kind: 'inline svg', confirmed: false },
    })
    const bySource = Object.fromEntries(brand.logos.map((l) => [l.source.kind, l]))
    expect(bySource['apple-touch-icon']).toMatchObject({ width: 180, height: 180 })
    expect(bySource['manifest icon']).toMatchObject({ width: 512, height: 512 })
    expect(bySource['link rel=icon']).toMatchObject({ width: 16, height: 16 })
    expect(brand.images[0]).toMatchObject({ width: 1200, height: 630, source: { kind: 'og:image' } })
    expect((await client.call('GET', brand.logos[0]!.url, me)).headers['content-type']).toBe('image/svg+xml')

    // Colours: custom properties by name, theme-color, then the logo palette.
    const colour = (hex: string) => brand.colours.find((c) => c.hex === hex)
    expect(colour(BRAND_SITE.primary)).toMatchObject({
      role: 'primary',
      source: { kind: 'css --brand-primary' },
    })
    expect(colour(BRAND_SITE.secondary)).toMatchObject({
      role: 'secondary',
      source: { kind: 'css --brand-secondary' },
    })
    expect(colour(BRAND_SITE.text)).toMatchObject({ role: 'text' })
    expect(colour('#FFFFFF')).toMatchObject({ role: 'background' })
    expect(
      brand.contrast.find((p) => p.foreground === BRAND_SITE.text && p.background === '#FFFFFF'),
    ).toMatchObject({ body_text: true })
    expect(
      brand.colours.every(
        (c) => c.source.confirmed === false && c.source.confidence > 0 && c.source.confidence < 1,
      ),
    ).toBe(true)

    // Fonts: the WOFF face is kept as a TTF file; the WOFF2-only face has a note; families by use.
    const display = brand.fonts.find((f) => f.family === 'Acme Display')!
    expect(display).toMatchObject({
      weight: 700,
      role: 'heading',
      format: 'ttf',
      source: { kind: '@font-face' },
    })
    const file = await client.call('GET', display.url!, me)
    expect(file.rawPayload.readUInt32BE(0)).toBe(0x00010000)
    expect(brand.fonts.find((f) => f.family === 'Acme Script')).toMatchObject({ url: null, note: WOFF2_NOTE })
    expect(brand.fonts.find((f) => f.family === 'Inter')).toMatchObject({
      role: 'body',
      url: null,
      source: { kind: 'font-family' },
    })

    // The user fixes a colour and saves: the fixed one becomes theirs, the rest confirmed.
    const fixed = (
      await client.call(
        'POST',
        `/api/ads/brands/${brand.id}/colours/${colour(BRAND_SITE.secondary)!.id}/update`,
        me,
        { hex: '#123456' },
      )
    ).json<{ brand: Brand }>().brand
    expect(fixed.colours.find((c) => c.hex === '#123456')!.source).toEqual({
      kind: 'user',
      detail: null,
      confidence: 1,
      confirmed: true,
    })
    const saved = (
      await client.call('POST', `/api/ads/brands/${brand.id}/update`, me, { confirm_all: true })
    ).json<{ brand: Brand }>().brand
    expect([...saved.colours, ...saved.fonts, ...saved.logos].every((v) => v.source.confirmed)).toBe(true)
    expect(saved.name_source.confirmed).toBe(true)
  })

  it('keeps every logo variant (header SVG and footer PNG), offers the product pictures, and merges near-copies of the brand colour under ΔE 5', async () => {
    const me = await client.register('scraper-green')
    const res = await client.call('POST', '/api/ads/brands/scrape', me, { url: `${site.url}/green` })
    expect(res.statusCode, res.body).toBe(200)
    const task = await waitTask(res.json<{ task: ScrapeTask }>().task.id, me)
    expect(task.status, JSON.stringify(task)).toBe('completed')
    const brand = (await client.call('GET', `/api/ads/brands/${task.brand_id}`, me)).json<{ brand: Brand }>()
      .brand
    expect(brand.logos.map((l) => [l.source.kind, l.mime])).toEqual(
      expect.arrayContaining([
        ['inline svg', 'image/svg+xml'],
        ['footer img logo', 'image/png'],
      ]),
    )
    expect(brand.logos[0]!.source.kind).toBe('inline svg')
    // The page's product picture is offered as a brand image; the 24 px cart icon is not.
    expect(brand.images.map((i) => [i.source.kind, i.width])).toEqual([['product img', 600]])
    // #0B6E4F, #0B6F50 and #0B7252 are one colour: the kit keeps the first, named by its property.
    const greens = brand.colours.filter((c) => /^#0B(6E|6F|72)/.test(c.hex))
    expect(greens.map((c) => c.hex)).toEqual(['#0B6E4F'])
    expect(brand.contrast.every((p) => p.ratio > 1.1)).toBe(true)
  })

  it("keeps the site's headline and call-to-action buttons (not its nav, cookie or footer buttons) and starts an empty ad copy from them", async () => {
    const me = await client.register('scraper-copy')
    const res = await client.call('POST', '/api/ads/brands/scrape', me, { url: `${site.url}/` })
    const task = await waitTask(res.json<{ task: ScrapeTask }>().task.id, me)
    expect(task.status, JSON.stringify(task)).toBe('completed')
    const brand = (await client.call('GET', `/api/ads/brands/${task.brand_id}`, me)).json<{ brand: Brand }>()
      .brand
    // The hero's h1, the line under it, then og:title without the brand's name.
    expect(brand.site_headlines.map((h) => [h.text, h.source.kind])).toEqual([
      [BRAND_SITE.headline, 'h1'],
      [BRAND_SITE.subhead, 'hero h2'],
      [BRAND_SITE.ogTitle, 'og:title'],
    ])
    expect(brand.site_headlines[0]!.source).toMatchObject({ confirmed: false, detail: 'hero h1' })
    // The hero's buttons; "Log in", "Menu", "Cart (0)", "Accept all" and the footer's are chrome.
    expect(brand.site_ctas.map((c) => [c.text, c.source.kind])).toEqual([
      [BRAND_SITE.cta, 'hero button'],
      [BRAND_SITE.secondCta, 'hero button'],
    ])

    const expected = `${BRAND_SITE.headline}\n\n${BRAND_SITE.description}\n\n${BRAND_SITE.cta}`
    const create = (body: object) =>
      client.call('POST', '/api/ads/projects', me, body).then((r) => {
        expect(r.statusCode, r.body).toBe(200)
        return r.json<{ project: { id: number; copy: string } }>().project
      })
    const update = (id: number, body: object) =>
      client.call('POST', `/api/ads/projects/${id}/update`, me, body).then((r) => {
        expect(r.statusCode, r.body).toBe(200)
        return r.json<{ project: { copy: string } }>().project
      })
    // A new project with this brand and no copy starts from the site's words.
    expect((await create({ name: 'Filled', brand_id: brand.id })).copy).toBe(expected)
    // Copy the user wrote is theirs.
    expect((await create({ name: 'Mine', brand_id: brand.id, copy: 'Our beans, your mug.' })).copy).toBe(
      'Our beans, your mug.',
    )
    // Picking the brand later fills a project still without copy…
    const later = await create({ name: 'Later' })
    expect(later.copy).toBe('')
    expect((await update(later.id, { brand_id: brand.id, copy: '' })).copy).toBe(expected)
    // …and the user may still edit it, or clear it: saving with the same brand does not fill it again.
    expect((await update(later.id, { copy: 'Edited hook' })).copy).toBe('Edited hook')
    expect((await update(later.id, { brand_id: brand.id, copy: '' })).copy).toBe('')
    // A brand picked over copy the user wrote changes nothing in it.
    const written = await create({ name: 'Written', copy: 'Hand-written' })
    expect((await update(written.id, { brand_id: brand.id })).copy).toBe('Hand-written')
    // The page's Save marks the read lines as reviewed.
    const saved = (
      await client.call('POST', `/api/ads/brands/${brand.id}/update`, me, { confirm_all: true })
    ).json<{ brand: Brand }>().brand
    expect([...saved.site_headlines, ...saved.site_ctas].every((l) => l.source.confirmed)).toBe(true)
  })

  it('refuses loopback, private, metadata and IPv6 loopback addresses and a name resolving to one, with a clear message', async () => {
    const me = await client.register('ssrf')
    for (const url of [
      'http://127.0.0.1/',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      `http://127.0.0.1:${new URL(site.url).port}/`,
    ]) {
      const res = await client.call('POST', '/api/ads/brands/scrape', me, { url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json<{ message: string }>().message, url).toBe(SAFE_FETCH_REFUSED_MESSAGE)
    }
    // A DNS name that resolves to a private address (every address of the name is checked).
    const e = await scrapeSite('http://brand.example.test/', {
      resolve: async () => ['93.184.216.34', '10.0.0.7'],
    }).catch((err: Error) => err)
    expect((e as Error).message.split('#')[0]).toBe(SAFE_FETCH_REFUSED_MESSAGE)
    const count = async () =>
      (await t.db.select().from(adScrapeTasks)).filter((r) => r.user_id === me.id).length
    expect(await count()).toBe(0)
  })

  it('a redirect to a private address fails the task with a clear message; nothing half-made; retry runs it again', async () => {
    const me = await client.register('redirect')
    for (const path of ['/to-private', '/to-metadata']) {
      const res = await client.call('POST', '/api/ads/brands/scrape', me, { url: `${site.url}${path}` })
      const task = await waitTask(res.json<{ task: ScrapeTask }>().task.id, me)
      expect(task).toMatchObject({ status: 'failed', error: SAFE_FETCH_REFUSED_MESSAGE, brand_id: null })
    }
    expect((await t.db.select().from(adBrands)).filter((b) => b.user_id === me.id)).toEqual([])
    const failed = (await client.call('GET', '/api/ads/brands', me)).json<{ brands: unknown[] }>().brands
    expect(failed).toEqual([])
    const tasks = (await t.db.select().from(adScrapeTasks)).filter((r) => r.user_id === me.id)
    const retry = await client.call('POST', `/api/ads/retry-extraction/${tasks[0]!.id}`, me)
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json<{ task: ScrapeTask }>().task.status).toBe('queued')
    const again = await waitTask(tasks[0]!.id, me)
    expect(again).toMatchObject({ status: 'failed', attempts: 2 })
    const notFailed = await client.call(
      'POST',
      `/api/ads/retry-extraction/${tasks[0]!.id}`,
      await client.register('other'),
    )
    expect(notFailed.statusCode).toBe(404)
  })

  it('a site that times out fails with the time message; a page with no logo still makes a brand, with a warning', async () => {
    const me = await client.register('slow')
    const slow = await client.call('POST', '/api/ads/brands/scrape', me, { url: `${site.url}/slow` })
    const task = await waitTask(slow.json<{ task: ScrapeTask }>().task.id, me)
    expect(task).toMatchObject({ status: 'failed', error: SAFE_FETCH_TIMEOUT_MESSAGE, brand_id: null })

    const plain = await client.call('POST', '/api/ads/brands/scrape', me, { url: `${site.url}/no-logo` })
    const done = await waitTask(plain.json<{ task: ScrapeTask }>().task.id, me)
    expect(done).toMatchObject({ status: 'completed', warnings: [NO_LOGO_WARNING] })
    const brand = (await client.call('GET', `/api/ads/brands/${done.brand_id}`, me)).json<{ brand: Brand }>()
      .brand
    expect(brand).toMatchObject({
      name: 'Plain Page',
      logos: [],
      colours: [{ hex: '#336699', role: 'primary' }],
    })

    const bad = await client.call('POST', '/api/ads/brands/scrape', me, { url: 'ftp://example.com/' })
    expect(bad.json<{ message: string }>().message).toBe('Please enter a direct http(s) link')

    // The admin's site scraper: a scrape for this user, every task listed, a failed one retried.
    const headers = await adminHeaders(t.app)
    const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers, payload })
    const handled = await admin('POST', '/api/admin/site-scraper/handle', {
      url: `${site.url}/no-logo`,
      user_id: me.id,
    })
    expect(handled.statusCode, handled.body).toBe(200)
    const forMe = await waitTask(handled.json<{ task: ScrapeTask }>().task.id, me)
    expect(forMe).toMatchObject({ status: 'completed', brand_id: expect.any(Number) })
    const listed = (await admin('GET', '/api/admin/site-scraper/tasks?page=1')).json<{
      list: (ScrapeTask & { username: string | null })[]
    }>().list
    expect(listed.find((x) => x.id === forMe.id)).toMatchObject({
      username: me.username,
      status: 'completed',
    })
    const retried = await admin('POST', `/api/admin/site-scraper/tasks/${task.id}/retry`)
    expect(retried.json<{ task: ScrapeTask }>().task).toMatchObject({ id: task.id, status: 'queued' })
    expect((await admin('POST', `/api/admin/site-scraper/tasks/${forMe.id}/retry`)).json()).toMatchObject({
      message: 'Only a failed scrape can be retried.',
    })
  })
})
