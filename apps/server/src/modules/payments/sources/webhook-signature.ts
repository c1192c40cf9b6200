import { createHmac, timingSafeEqual } from 'node:crypto'

/** Stripe's default tolerance between the signed timestamp and now. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

export class WebhookSignatureError extends Error {}

/**
 * Verifies a `Stripe-Signature: t=<ts>,v1=<hex>[,v1=…]` header: HMAC-SHA256 over `"<ts>.<raw body>"`
 * with the endpoint secret, compared in constant time, timestamp within the tolerance.
 */
export function verifyStripeSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  nowSeconds = Date.now() / 1000,
): void {
  if (!header) throw new WebhookSignatureError('Missing Stripe-Signature header')
  let timestamp: number | undefined
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim())
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value)
    else if (key === 'v1' && value) signatures.push(value)
  }
  if (timestamp === undefined || signatures.length === 0)
    throw new WebhookSignatureError('Malformed Stripe-Signature header')
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest()
  const matches = signatures.some((sig) => {
    if (!/^[0-9a-f]+$/i.test(sig)) return false
    const given = Buffer.from(sig, 'hex')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  if (!matches) throw new WebhookSignatureError('No signature matches the payload')
  if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS)
    throw new WebhookSignatureError('Timestamp outside the tolerance zone')
}

/** Signs a payload the way Stripe does (the sandbox's own events, and tests). */
export function signStripePayload(
  payload: string,
  secret: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
): string {
  const sig = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`).digest('hex')
  return `t=${timestampSeconds},v1=${sig}`
}
