/**
 * Issue 11 "Speed": a brand scrape of the local test site (HTML + CSS + logos + fonts, served on
 * localhost and reached through the SSRF client's allow-list) ≤ 2 s to a kit. Times the whole read
 * (page, stylesheet, manifest, every logo candidate decoded, palette, fonts fetched and unpacked).
 */
import os from 'node:os'
import type { BenchRun } from './bench-kit'
import { scrapeSite } from '../apps/server/src/modules/ads/scraper/site-reader'
import { startBrandSite } from '../apps/server/src/modules/ads/testing/brand-site'

export const run: BenchRun = async (log) => {
  const site = await startBrandSite()
  try {
    await scrapeSite(`${site.url}/`, { allowHosts: ['localhost'] }) // warm: sharp, the font files
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now()
      const kit = await scrapeSite(`${site.url}/`, { allowHosts: ['localhost'] })
      times.push((performance.now() - t0) / 1000)
      if (i === 0)
        log(
          `kit: ${kit.name.value}, ${kit.logos.length} logos, ${kit.colours.length} colours, ${kit.fonts.length} fonts`,
        )
    }
    times.sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)]!
    const load = os.loadavg()[0]!.toFixed(2)
    return [
      {
        name: 'brand scrape of the local test site to a kit (median of 5)',
        value: median,
        unit: 's',
        target: '≤ 2',
        ok: median <= 2,
        note: `load ${load}`,
      },
      {
        name: 'brand scrape, slowest of 5',
        value: times[times.length - 1]!,
        unit: 's',
        note: `load ${load}`,
      },
    ]
  } finally {
    await site.close()
  }
}
