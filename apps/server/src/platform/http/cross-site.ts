import type { IncomingHttpHeaders } from 'node:http'

/**
 * Whether a page of another site made this browser request. Browsers attach our cookies to a
 * cross-site navigation (SameSite=Lax lets top-level GETs through, and the spec makes some state
 * changes GETs), so a cookie is a credential only for requests our own pages made or the person
 * started (address bar, bookmark). Every current browser says which with `Sec-Fetch-Site`; older
 * ones are judged by `Origin`, then `Referer`. A request with none of them is not a browser's
 * (curl, a server, a test): no other site's page made it.
 */
export function isCrossSite(headers: IncomingHttpHeaders, publicUrl: string): boolean {
  const site = headers['sec-fetch-site']
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none'
  const from = headers.origin ?? headers.referer
  if (!from) return false
  try {
    const host = new URL(from).host
    return host !== headers.host && host !== new URL(publicUrl).host
  } catch {
    // "null" (sandboxed frames, data: pages) or garbage: not one of our pages.
    return true
  }
}
