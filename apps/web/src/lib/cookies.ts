/** Minimal document.cookie access. Values are URI-encoded so any token survives the round trip. */

export interface CookieOptions {
  /** Lifetime in seconds; omitted = session cookie. */
  maxAgeSeconds?: number
  path?: string
}

export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  const prefix = `${encodeURIComponent(name)}=`
  for (const part of document.cookie.split(';')) {
    const item = part.trim()
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length))
  }
  return undefined
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `path=${options.path ?? '/'}`,
    'SameSite=Lax',
  ]
  if (options.maxAgeSeconds !== undefined)
    parts.push(`max-age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`)
  if (typeof location !== 'undefined' && location.protocol === 'https:') parts.push('Secure')
  document.cookie = parts.join('; ')
}

export function removeCookie(name: string, path = '/'): void {
  document.cookie = `${encodeURIComponent(name)}=; path=${path}; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`
}
