import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'

/**
 * Secrets at rest: platform tokens and the overlay key are AES-256-GCM encrypted with a key derived
 * from DONATIONS_SECRET, so a copied database (backup, dump) does not hand out access to creators'
 * Twitch/YouTube accounts. Format: v1.<iv>.<tag>.<ciphertext>, base64url.
 */
export interface Sealer {
  seal(plain: string): string
  open(sealed: string): string
  /** HMAC-signed, expiring JSON (OAuth `state`). */
  sign(payload: object, ttlSeconds: number): string
  verify<T>(token: string): T | null
}

export function createSealer(secret: string): Sealer {
  const key = createHash('sha256').update(`mouthpiece-donations-tokens:${secret}`).digest()
  const macKey = createHash('sha256').update(`mouthpiece-donations-state:${secret}`).digest()
  const mac = (data: string) => createHmac('sha256', macKey).update(data).digest('base64url')
  return {
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.')
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split('.')
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('token-crypto: not a sealed value')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      )
    },
    sign(payload, ttlSeconds) {
      const data = Buffer.from(
        JSON.stringify({ ...payload, exp: Math.floor(Date.now() / 1000) + ttlSeconds }),
      ).toString('base64url')
      return `${data}.${mac(data)}`
    },
    verify<T>(token: string): T | null {
      const [data, sig] = token.split('.')
      if (!data || !sig) return null
      const expected = Buffer.from(mac(data))
      const given = Buffer.from(sig)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      try {
        const payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as T & { exp?: number }
        if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) return null
        return payload
      } catch {
        return null
      }
    },
  }
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
