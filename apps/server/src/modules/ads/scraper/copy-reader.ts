/**
 * The words a brand already uses to sell: its hero headline and its call-to-action buttons. A few
 * candidates of each, best first, so an ad starts from the site's own voice (issue 25, decision 0076).
 * Navigation, footers and the usual chrome ("Log in", "Menu", "Cart (0)", cookie buttons) are left out.
 */
import type * as cheerio from 'cheerio'

/** One candidate line, with where it was read and how sure we are (the scraper's `ScrapedText`). */
export interface SiteLine {
  value: string
  source: string
  detail: string | null
  confidence: number
}

export const MAX_SITE_HEADLINES = 3
export const MAX_SITE_CTAS = 3
/** The ad fields these feed: a headline of at most 120 characters, a button of at most 30. */
const HEADLINE_MAX = 120
const CTA_MAX = 30

/** Button texts that steer the site rather than sell: never a call to action for an ad. */
const CHROME =
  /^(log ?in|log ?out|sign ?in|sign ?out|my account|account|profile|menu|open menu|close( menu)?|toggle (navigation|menu)|navigation|search|cart|basket|bag|checkout|wishlist|skip( to (main )?content)?|back|next|previous|prev|accept( all)?( cookies)?|reject( all)?|cookie settings|manage cookies|ok|got it|dismiss|language|english|en|×|x|☰|submit)$/i
const clean = (s: string) => s.replace(/\s+/g, ' ').trim()
/** "Cart (2)", "Bag 0": a counter is chrome too. */
const withoutCount = (s: string) => s.replace(/\s*[([]?\d+[)\]]?$/, '').trim()

/** In a navigation bar, footer, cookie banner or dialog: never a candidate. */
const CHROME_ZONE =
  'nav, footer, [role="navigation"], [role="dialog"], dialog, [class*="cookie" i], [id*="cookie" i], [class*="consent" i], [aria-hidden="true"]'
const HERO_ZONE = '[class*="hero" i], [id*="hero" i], [class*="banner" i], [class*="jumbotron" i]'

export function readSiteCopy(
  $: cheerio.CheerioAPI,
  ogTitle: string | null,
  brandName: string,
): { headlines: SiteLine[]; ctas: SiteLine[] } {
  const headlines: SiteLine[] = []
  const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  const addHeadline = (value: string, source: string, detail: string, confidence: number) => {
    const text = clean(value)
    if (text.length < 3 || text.length > HEADLINE_MAX || !/\p{L}/u.test(text)) return
    if (sameText(text, brandName) || headlines.some((h) => sameText(h.value, text))) return
    headlines.push({ value: text, source, detail, confidence })
  }
  // The page's h1 is its headline; a hero's h2 is the line under it (or the headline when a site
  // styles a div as its h1). Headings in chrome are section titles, not a promise.
  $('h1').each((_, el) => {
    const node = $(el)
    if (node.closest(CHROME_ZONE).length) return
    addHeadline(node.text(), 'h1', node.closest(HERO_ZONE).length ? 'hero h1' : 'h1', 0.9)
  })
  $(HERO_ZONE)
    .find('h2')
    .each((_, el) => {
      const node = $(el)
      if (!node.closest(CHROME_ZONE).length) addHeadline(node.text(), 'hero h2', 'hero h2', 0.75)
    })
  if (ogTitle) {
    // "Acme Roasters | Fresh coffee delivered": the part that is not the brand's name.
    const parts = ogTitle.split(/\s[|–—·-]\s|:\s/).map(clean)
    const line = parts.find((p) => p && !sameText(p, brandName)) ?? ''
    addHeadline(line, 'og:title', ogTitle.slice(0, 200), 0.6)
  }

  const ctas: Array<SiteLine & { order: number }> = []
  let order = 0
  $('a, button, [role="button"], input[type="submit"], input[type="button"]').each((_, el) => {
    const node = $(el)
    order++
    const tag = el.tagName.toLowerCase()
    const cls = `${node.attr('class') ?? ''} ${node.attr('id') ?? ''}`
    // A link is a button only when the site styles it as one; a <button> always is.
    const styled = /button|btn|cta/i.test(cls)
    if (tag === 'a' && !styled && node.attr('role') !== 'button') return
    if (node.closest(CHROME_ZONE).length || node.closest('form[role="search"], [class*="search" i]').length)
      return
    const raw = tag === 'input' ? (node.attr('value') ?? '') : node.text()
    const text = clean(raw)
    if (text.length < 2 || text.length > CTA_MAX || text.split(' ').length > 5 || !/\p{L}/u.test(text)) return
    if (CHROME.test(text) || CHROME.test(withoutCount(text))) return
    if (ctas.some((c) => sameText(c.value, text))) return
    const inHero = node.closest(`${HERO_ZONE}, main`).length > 0
    const inHeader = node.closest('header').length > 0
    const confidence = (inHero ? 0.85 : inHeader ? 0.7 : 0.55) + (/cta|primary/i.test(cls) ? 0.05 : 0)
    ctas.push({
      value: text,
      source: inHero ? 'hero button' : inHeader ? 'header button' : 'page button',
      detail: tag === 'a' ? (node.attr('href') ?? 'a').slice(0, 200) : tag,
      confidence,
      order,
    })
  })
  // Most prominent first; the page's order among equals (the first hero button is the main one).
  ctas.sort((a, b) => b.confidence - a.confidence || a.order - b.order)
  return {
    headlines: headlines.slice(0, MAX_SITE_HEADLINES),
    ctas: ctas.slice(0, MAX_SITE_CTAS).map(({ order: _order, ...c }) => c),
  }
}
