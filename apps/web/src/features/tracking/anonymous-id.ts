/** A random v4 UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false)
    return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const KEY = 'mouthpiece.anonymous_id'
let memo: string | undefined

/**
 * This browser's own random id: tracking counts visitors before they sign in with it, and the
 * early-access survey sends it as its uuid. Kept in localStorage; in memory when storage is off.
 */
export function anonymousId(): string {
  if (memo) return memo
  try {
    const stored = localStorage.getItem(KEY)
    if (stored && /^[0-9a-f-]{36}$/i.test(stored)) return (memo = stored)
    memo = newUuid()
    localStorage.setItem(KEY, memo)
  } catch {
    memo ??= newUuid()
  }
  return memo
}
