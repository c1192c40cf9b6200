import { createHash, createHmac } from 'node:crypto'

/**
 * AWS Signature Version 4 for one request (what the SDKs do, in 40 lines, so the Auto Scaling
 * adapter needs no SDK). https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html
 */
export interface SigV4Input {
  method: string
  url: URL
  headers: Record<string, string>
  body: string
  region: string
  service: string
  accessKeyId: string
  secretAccessKey: string
  sessionToken?: string
  now?: Date
}

const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex')
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest()
/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** The headers to send: the given ones plus host, x-amz-date, the token and Authorization. */
export function signV4(input: SigV4Input): Record<string, string> {
  const amzDate = (input.now ?? new Date()).toISOString().replace(/[:-]|\.\d{3}/g, '')
  const day = amzDate.slice(0, 8)
  const headers: Record<string, string> = { ...input.headers, host: input.url.host, 'x-amz-date': amzDate }
  if (input.sessionToken) headers['x-amz-security-token'] = input.sessionToken
  const names = Object.keys(headers)
    .map((h) => h.toLowerCase())
    .sort()
  const lower = Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]),
  )
  const query = [...input.url.searchParams]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  const signedHeaders = names.join(';')
  const canonical = [
    input.method,
    input.url.pathname || '/',
    query,
    ...names.map((n) => `${n}:${lower[n]}`),
    '',
    signedHeaders,
    sha256(input.body),
  ].join('\n')
  const scope = `${day}/${input.region}/${input.service}/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')
  const key = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), input.service),
    'aws4_request',
  )
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex')
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  }
}
