/**
 * A return address as a path on our own site, or undefined. Browsers read addresses loosely —
 * they drop tabs and new lines (`/%09/evil.example` becomes `//evil.example`), read `\` as `/`
 * and resolve dot segments — so the address is parsed as a URL against our origin exactly as a
 * browser would, and accepted only when it stays on that origin. The answer is rebuilt from the
 * parsed parts, so what we redirect to is what we checked.
 */
export function sameOriginPath(address: string | null | undefined, origin: string): string | undefined {
  if (!address) return undefined
  let url: URL
  try {
    url = new URL(address, origin)
  } catch {
    return undefined
  }
  if (url.origin !== new URL(origin).origin) return undefined
  const path = `${url.pathname}${url.search}${url.hash}`
  // A path that begins with two slashes would be read as another host when sent back ("/.//evil").
  return path.startsWith('//') || path.startsWith('/\\') ? undefined : path
}
