import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_CTA } from '@mouthpiece/contracts/ads/images'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { rendersClient } from '../../renders/testing'
import { getBrandKit } from '../brands/brand-kit.service'
import { BRAND_SITE, startBrandSite } from '../testing/brand-site'
import { scrapedBrand } from '../testing/scraped-brand'
import type { BrandSite } from '../testing/brand-site'
import { brandDressing } from './ad-video-brand'

// The end card's words without a render (the drawn card is checked in ad-video-brand.test.ts):
// the ad image's call to action, else the site's first button from the kit, else DEFAULT_CTA.
describe('the ad video end card says the call to action of the brand’s site when no ad image names one', () => {
  let t: TestApp
  let site: BrandSite
  let client: ReturnType<typeof rendersClient>
  beforeAll(async () => {
    site = await startBrandSite()
    t = await createTestApp({ workers: true, env: { SAFE_FETCH_ALLOW_HOSTS: 'localhost' } })
    client = rendersClient(t)
  })
  afterAll(async () => {
    await t.close()
    await site.close()
  })

  const endCardText = async (userId: number, projectId: number, brandId: number) => {
    const kit = (await getBrandKit(t.db, brandId))!
    const dressing = await brandDressing(t, userId, projectId, kit, 'square', BRAND_SITE.primary)
    return dressing.endCard?.text?.content
  }
  const newProject = async (me: Awaited<ReturnType<typeof client.register>>, brandId: number) =>
    (
      await client.call('POST', '/api/ads/projects', me, {
        name: 'Roast',
        brand_id: brandId,
        placements: ['square'],
        copy: 'Fresh coffee, roasted every morning in Leeds.',
      })
    ).json<{ project: { id: number } }>().project

  it('a brand read from its site: its hero button; a brand typed in by hand: the default', async () => {
    const me = await client.register('adcta')
    const brandId = await scrapedBrand(client, me, `${site.url}/`)
    const read = await newProject(me, brandId)
    // No ad image in the project: the kit's first site button, not "Shop now".
    expect(await endCardText(me.id, read.id, brandId)).toBe(BRAND_SITE.cta)

    const typed = (await client.call('POST', '/api/ads/brands', me, { name: 'Acme' })).json<{
      brand: { id: number }
    }>().brand
    await client.call('POST', `/api/ads/brands/${typed.id}/colours`, me, { hex: '#2E7D5B', role: 'primary' })
    const plain = await newProject(me, typed.id)
    expect(await endCardText(me.id, plain.id, typed.id)).toBe(DEFAULT_CTA)
  }, 120_000)
})
