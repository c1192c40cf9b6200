/**
 * Reads a font's family name (name ID 1, Windows platform) from a TTF/OTF or WOFF file. libass
 * matches caption styles on this name, and for weights other than regular/bold it includes the
 * weight ("Roboto ExtraBold"), so it cannot be derived from the family alone.
 */
import { readFileSync } from 'node:fs'
import { inflateSync } from 'node:zlib'

function nameFromTable(t: Buffer): string | null {
  const count = t.readUInt16BE(2)
  const strings = t.readUInt16BE(4)
  let fallback: string | null = null
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 12
    const platform = t.readUInt16BE(at)
    const nameId = t.readUInt16BE(at + 6)
    const length = t.readUInt16BE(at + 8)
    const offset = t.readUInt16BE(at + 10)
    if (nameId !== 1) continue
    const raw = t.subarray(strings + offset, strings + offset + length)
    if (platform === 3) return raw.swap16().toString('utf16le')
    fallback ??= raw.toString('latin1')
  }
  return fallback
}

const cache = new Map<string, string | null>()

export function fontFamilyName(file: string): string | null {
  if (cache.has(file)) return cache.get(file)!
  const d = readFileSync(file)
  let name: string | null = null
  const signature = d.toString('latin1', 0, 4)
  if (signature === 'wOFF') {
    const tables = d.readUInt16BE(12)
    for (let i = 0; i < tables; i++) {
      const at = 44 + i * 20
      if (d.toString('latin1', at, at + 4) !== 'name') continue
      const offset = d.readUInt32BE(at + 4)
      const compLength = d.readUInt32BE(at + 8)
      const origLength = d.readUInt32BE(at + 12)
      const body = d.subarray(offset, offset + compLength)
      name = nameFromTable(Buffer.from(compLength < origLength ? inflateSync(body) : body))
    }
  } else {
    const tables = d.readUInt16BE(4)
    for (let i = 0; i < tables; i++) {
      const at = 12 + i * 16
      if (d.toString('latin1', at, at + 4) !== 'name') continue
      const offset = d.readUInt32BE(at + 8)
      const length = d.readUInt32BE(at + 12)
      name = nameFromTable(Buffer.from(d.subarray(offset, offset + length)))
    }
  }
  cache.set(file, name)
  return name
}
