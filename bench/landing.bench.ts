/**
 * What the landing page costs on the wire: the real server (its own process, fresh PGlite) serving
 * the built web app (apps/web/dist — run `npm run build` first), opened in Debian's Chromium. Bytes
 * are Chromium's own `encodedDataLength` from the DevTools protocol (what the network panel shows as
 * transferred: compressed body plus headers), summed per resource type, on a cold cache.
 * Target (issue 14): ≤ 150 KB of JavaScript for /landing, and no editor or admin code loaded.
 *
 *   npm run bench -- landing        (PORT=3760 LANDING_PATH=/landing)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { startServerProcess } from '../apps/server/test/server-process'
import { CHROMIUM_ARGS } from '../e2e/support'
import type { BenchRun } from './bench-kit'

const PORT = Number(process.env.PORT ?? 3760)
const PAGE_PATH = process.env.LANDING_PATH ?? '/landing'
const TARGET_JS_KB = 150
const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist')
/** Chunk names that belong to the editor or the admin area: none may load on the landing page. */
const FORBIDDEN = /(admin|editor|outbox|users-page|plans-page|customer-|donation-settings)/

interface Loaded {
  url: string
  type: string
  bytes: number
  encoding: string
}

/** Opens `url` in a fresh Chromium profile and answers every response with its bytes on the wire. */
async function measure(url: string): Promise<Loaded[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    const seen = new Map<string, Omit<Loaded, 'bytes'>>()
    const loaded: Loaded[] = []
    cdp.on('Network.responseReceived', (e) => {
      const encoding =
        Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ??
        'identity'
      seen.set(e.requestId, { url: e.response.url, type: e.type ?? 'Other', encoding: String(encoding) })
    })
    cdp.on('Network.loadingFinished', (e) => {
      const r = seen.get(e.requestId)
      if (r) loaded.push({ ...r, bytes: e.encodedDataLength })
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.getByRole('main').first().waitFor()
    return loaded
  } finally {
    await browser.close()
  }
}

export const run: BenchRun = async (log) => {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build` first')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-landing-bench-'))
  const server = await startServerProcess({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    WEB_DIST,
    LOG_LEVEL: 'warn',
  })
  try {
    const loaded = await measure(`http://localhost:${PORT}${PAGE_PATH}`)
    const scripts = loaded.filter((r) => r.type === 'Script')
    const sum = (list: Loaded[]) => list.reduce((n, r) => n + r.bytes, 0)
    for (const r of scripts.sort((a, b) => b.bytes - a.bytes))
      log(`${(r.bytes / 1024).toFixed(1).padStart(7)} KB  ${r.encoding.padEnd(8)} ${new URL(r.url).pathname}`)
    const forbidden = scripts.filter((r) => FORBIDDEN.test(new URL(r.url).pathname))
    const jsKb = sum(scripts) / 1024
    return [
      {
        name: `${PAGE_PATH}: JavaScript on the wire`,
        value: Math.round(jsKb * 10) / 10,
        unit: 'KB',
        target: `≤ ${TARGET_JS_KB}`,
        ok: jsKb <= TARGET_JS_KB,
      },
      { name: `${PAGE_PATH}: scripts loaded`, value: scripts.length, unit: 'files' },
      {
        name: `${PAGE_PATH}: editor or admin scripts loaded`,
        value: forbidden.length,
        unit: 'files',
        target: '0',
        ok: forbidden.length === 0,
        note: forbidden.map((r) => path.basename(r.url)).join(', ') || undefined,
      },
      {
        name: `${PAGE_PATH}: everything on the wire (HTML, CSS, fonts, images, API)`,
        value: Math.round(sum(loaded) / 102.4) / 10,
        unit: 'KB',
      },
    ]
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
