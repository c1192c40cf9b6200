/**
 * A small brand site for tests, e2e and the bench (HTML + CSS + logos + fonts), served on
 * localhost: the scraper reaches it through the SSRF client's allow-list setting only.
 * Its icons lie about their sizes in `sizes=`, as real sites do; the scraper must measure.
 */
import fs from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

const require = createRequire(import.meta.url)
/** WOFF and WOFF2 files an npm package ships (OFL fonts), so the site serves real fonts. */
const fontFile = (name: string) => fs.readFileSync(require.resolve(`@fontsource/bebas-neue/files/${name}`))

export const BRAND_SITE = {
  name: 'Acme Roasters',
  description: 'Small-batch coffee, roasted every morning in Leeds.',
  primary: '#FF6B57',
  secondary: '#1E3A5F',
  text: '#1A1A1A',
  background: '#FFFFFF',
  theme: '#FF6B57',
  headline: 'Fresh coffee',
  subhead: 'Roasted this morning, at your door by Friday',
  ogTitle: 'Fresh coffee delivered',
  cta: 'Shop the roasts',
  secondCta: 'Start a subscription',
}

const LOGO_SVG = `<svg class="site-logo" viewBox="0 0 240 80" width="240" height="80" role="img" aria-label="Acme Roasters logo"><rect width="240" height="80" rx="12" fill="${BRAND_SITE.primary}"/><circle cx="40" cy="40" r="22" fill="${BRAND_SITE.secondary}"/><text x="76" y="50" font-size="28" fill="#FFFFFF">ACME</text></svg>`

const GREEN_LOGO_SVG = `<svg viewBox="0 0 240 80" width="240" height="80" role="img" aria-label="Verdant logo"><circle cx="40" cy="40" r="26" fill="#0B7252"/><rect x="80" y="24" width="140" height="32" rx="6" fill="#0B7252"/></svg>`

const page = (body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`

const HOME_HEAD = `<title>Acme Roasters | Fresh coffee delivered</title>
<meta name="description" content="${BRAND_SITE.description}">
<meta property="og:site_name" content="${BRAND_SITE.name}">
<meta property="og:title" content="${BRAND_SITE.name} | ${BRAND_SITE.ogTitle}">
<meta property="og:image" content="/og.png">
<meta name="theme-color" content="${BRAND_SITE.theme}">
<link rel="stylesheet" href="/css/site.css">
<link rel="icon" href="/favicon.png" sizes="256x256">
<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="16x16">
<link rel="manifest" href="/site.webmanifest">
<style>.hero{background-color:#1E3A5F;color:#FFFFFF}</style>`

const CSS = `/* brand tokens */
:root { --brand-primary: ${BRAND_SITE.primary}; --brand-secondary: rgb(30, 58, 95); --text-color: ${BRAND_SITE.text}; --bg-page: #fff; --spacing: 8px; }
@font-face { font-family: "Acme Display"; src: url("/fonts/display.woff2") format("woff2"), url("/fonts/display.woff") format("woff"); font-weight: 700; font-style: normal; }
@font-face { font-family: 'Acme Script'; src: url(/fonts/script.woff2) format('woff2'); font-weight: 400; }
body { font-family: "Inter", Helvetica, Arial, sans-serif; color: var(--text-color); background: #FFFFFF; }
h1, h2 { font-family: "Acme Display", sans-serif; color: ${BRAND_SITE.primary}; }
a { color: #FF6B57; }
`

export interface BrandSite {
  url: string
  close: () => Promise<void>
  hits: string[]
}

/** Starts the site on localhost (IPv4 and IPv6) on a free port. */
export async function startBrandSite(): Promise<BrandSite> {
  const png = (w: number, h: number, colour: string) =>
    sharp({ create: { width: w, height: h, channels: 4, background: colour } })
      .png()
      .toBuffer()
  const files: Record<string, { type: string; body: Buffer | string }> = {
    '/': {
      type: 'text/html; charset=utf-8',
      body: page(
        // The hero's headline and buttons, and the chrome a scraper must not take for them.
        `<header><a href="/" class="logo">${LOGO_SVG}</a><nav><a href="/shop">Shop</a>` +
          `<a href="/login" class="btn btn-ghost">Log in</a><button class="menu-toggle">Menu</button></nav>` +
          `<a href="/cart" class="cart-button">Cart (0)</a></header>` +
          `<main class="hero"><h1>${BRAND_SITE.headline}</h1><h2>${BRAND_SITE.subhead}</h2>` +
          `<a href="/shop" class="btn btn-primary">${BRAND_SITE.cta}</a>` +
          `<button type="button" class="btn-secondary">${BRAND_SITE.secondCta}</button></main>` +
          `<div class="cookie-banner"><button>Accept all</button></div>` +
          `<footer><a class="button" href="/careers">Join the team</a></footer>`,
        HOME_HEAD,
      ),
    },
    '/no-logo': {
      type: 'text/html',
      body: page(
        '<p>Just words.</p>',
        '<title>Plain Page</title><style>:root{--brand-primary:#336699}</style>',
      ),
    },
    // A brand whose logo is its own green (the logo vanishes on the brand colour), with a white
    // footer variant, and near-copies of the green from anti-aliasing and rounding (issue 25).
    '/green': {
      type: 'text/html; charset=utf-8',
      body: page(
        `<header><a href="/green" class="brand">${GREEN_LOGO_SVG}</a></header><main><h1>Grow more</h1>` +
          `<img src="/product-pot.png" alt="Self-watering pot"><img src="/icon-cart.png" alt=""></main>` +
          `<footer><img class="footer-logo" src="/logo-white.png" alt="Verdant logo"></footer>`,
        `<title>Verdant</title><meta property="og:site_name" content="Verdant"><style>:root{--brand-primary:#0B6E4F;--bg-page:#F4F1EC}` +
          `a:hover{color:#0B6F50}.btn{background:#0B7252;color:#FFFFFF}.btn:hover{background:#0B7252}</style>`,
      ),
    },
    '/logo-white.png': {
      type: 'image/png',
      body: await sharp(
        Buffer.from(
          GREEN_LOGO_SVG.replace(/#0B7252/g, '#FFFFFF').replace(
            '<svg ',
            '<svg xmlns="http://www.w3.org/2000/svg" ',
          ),
        ),
      )
        .png()
        .toBuffer(),
    },
    '/product-pot.png': { type: 'image/png', body: await png(600, 600, '#C2412D') },
    '/icon-cart.png': { type: 'image/png', body: await png(24, 24, '#0B6E4F') },
    '/css/site.css': { type: 'text/css', body: CSS },
    '/favicon.png': { type: 'image/png', body: await png(16, 16, BRAND_SITE.primary) },
    '/apple-touch-icon.png': { type: 'image/png', body: await png(180, 180, BRAND_SITE.primary) },
    '/icon-512.png': { type: 'image/png', body: await png(512, 512, BRAND_SITE.secondary) },
    '/og.png': { type: 'image/png', body: await png(1200, 630, BRAND_SITE.secondary) },
    '/site.webmanifest': {
      type: 'application/manifest+json',
      body: JSON.stringify({
        name: BRAND_SITE.name,
        icons: [{ src: '/icon-512.png', sizes: '48x48', type: 'image/png' }],
      }),
    },
    '/fonts/display.woff': { type: 'font/woff', body: fontFile('bebas-neue-latin-400-normal.woff') },
    '/fonts/display.woff2': { type: 'font/woff2', body: fontFile('bebas-neue-latin-400-normal.woff2') },
    '/fonts/script.woff2': { type: 'font/woff2', body: fontFile('bebas-neue-latin-400-normal.woff2') },
  }
  const hits: string[] = []
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!
    hits.push(path)
    if (path === '/slow') return // never answers: the scraper's time limit must end it
    if (path === '/to-private') {
      res.writeHead(302, { location: 'http://10.0.0.1/admin' })
      res.end()
      return
    }
    if (path === '/to-metadata') {
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' })
      res.end()
      return
    }
    const file = files[path]
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('not found')
      return
    }
    res.writeHead(200, { 'content-type': file.type })
    res.end(file.body)
  })
  await new Promise<void>((r) => server.listen(0, r))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://localhost:${port}`,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}
