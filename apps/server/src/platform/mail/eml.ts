/**
 * A small reader for the RFC 822 messages the outbox writes (nodemailer's output): unfolded
 * headers with RFC 2047 encoded words, single-part or multipart bodies in 7bit, 8bit,
 * quoted-printable or base64. Enough to show a mail in the admin area, not a general MIME parser.
 */
export interface ParsedMail {
  headers: Map<string, string>
  text: string
  html?: string
}

export function parseEml(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw)
  const parts: { text?: string; html?: string } = {}
  collectParts(headers, body, parts)
  return { headers, text: parts.text ?? '', html: parts.html }
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n')
  const end = normalized.indexOf('\n\n')
  const head = end === -1 ? normalized : normalized.slice(0, end)
  const body = end === -1 ? '' : normalized.slice(end + 2)
  const headers = new Map<string, string>()
  // Continuation lines start with whitespace and belong to the header above.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()))
  }
  return { headers, body }
}

function collectParts(headers: Map<string, string>, body: string, out: { text?: string; html?: string }) {
  const type = (headers.get('content-type') ?? 'text/plain').toLowerCase()
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1]
    if (!boundary) return
    const sections = body.split(`--${boundary}`).slice(1)
    for (const section of sections) {
      if (section.startsWith('--')) break
      const part = splitEntity(section.replace(/^\n/, ''))
      collectParts(part.headers, part.body, out)
    }
    return
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit')
  if (type.startsWith('text/html')) out.html ??= decoded
  else if (type.startsWith('text/plain')) out.text ??= decoded
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body)
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    default:
      return body.replace(/\n$/, '')
  }
}

function decodeQuotedPrintable(text: string): string {
  const softBreaksRemoved = text.replace(/=\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const ch = softBreaksRemoved[i]!
    const hex = softBreaksRemoved.slice(i + 1, i + 3)
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(ch, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8').replace(/\n$/, '')
}

/** RFC 2047: `=?charset?Q|B?text?=`; whitespace between adjacent encoded words is dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) => {
      if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8')
      return decodeQuotedPrintable(text.replace(/_/g, ' '))
    })
}
