/**
 * Silence in front of a spoken alert. Browser sources (OBS included) open their audio output
 * lazily and can swallow the first tens of milliseconds of a sound, so the first syllable of
 * "Alice tipped…" would be lost. The speech WAV is small PCM, so the page inserts the silence into
 * the file itself: the clip's own timeline then carries the offset, and the mouth follows
 * `currentTime - seconds` exactly.
 */
export const PREROLL_SECONDS = 0.08

function ascii(view: DataView, at: number, length: number): string {
  let s = ''
  for (let i = 0; i < length; i++) s += String.fromCharCode(view.getUint8(at + i))
  return s
}

/**
 * The same PCM WAV with `seconds` of silence before its first sample, or null when the bytes are
 * not a PCM WAV this function understands (the caller then plays the original without pre-roll).
 */
export function withLeadingSilence(wav: ArrayBuffer, seconds = PREROLL_SECONDS): ArrayBuffer | null {
  if (wav.byteLength < 44) return null
  const view = new DataView(wav)
  if (ascii(view, 0, 4) !== 'RIFF' || ascii(view, 8, 4) !== 'WAVE') return null
  let offset = 12
  let blockAlign = 0
  let sampleRate = 0
  let format = 0
  while (offset + 8 <= wav.byteLength) {
    const id = ascii(view, offset, 4)
    const size = view.getUint32(offset + 4, true)
    if (id === 'fmt ') {
      format = view.getUint16(offset + 8, true)
      sampleRate = view.getUint32(offset + 12, true)
      blockAlign = view.getUint16(offset + 20, true)
    } else if (id === 'data') {
      // 1 = integer PCM (silence is 0 for 16-bit), 3 = float (0.0); 8-bit PCM's silence is 128: not handled.
      if ((format !== 1 && format !== 3) || !blockAlign || !sampleRate || (format === 1 && blockAlign < 2))
        return null
      const dataStart = offset + 8
      const dataSize = Math.min(size, wav.byteLength - dataStart)
      const pad = Math.round(sampleRate * seconds) * blockAlign
      const out = new Uint8Array(dataStart + pad + dataSize)
      out.set(new Uint8Array(wav, 0, dataStart), 0)
      out.set(new Uint8Array(wav, dataStart, dataSize), dataStart + pad)
      const outView = new DataView(out.buffer)
      outView.setUint32(4, out.byteLength - 8, true)
      outView.setUint32(offset + 4, dataSize + pad, true)
      return out.buffer
    }
    offset += 8 + size + (size % 2)
  }
  return null
}

/** A valid, silent 16-bit mono WAV of `seconds`: used to find out whether autoplay is allowed. */
export function silentWav(seconds = 0.05, sampleRate = 8000): ArrayBuffer {
  const samples = Math.round(seconds * sampleRate)
  const out = new ArrayBuffer(44 + samples * 2)
  const v = new DataView(out)
  const put = (at: number, s: string) => [...s].forEach((c, i) => v.setUint8(at + i, c.charCodeAt(0)))
  put(0, 'RIFF')
  v.setUint32(4, 36 + samples * 2, true)
  put(8, 'WAVE')
  put(12, 'fmt ')
  v.setUint32(16, 16, true)
  v.setUint16(20, 1, true)
  v.setUint16(22, 1, true)
  v.setUint32(24, sampleRate, true)
  v.setUint32(28, sampleRate * 2, true)
  v.setUint16(32, 2, true)
  v.setUint16(34, 16, true)
  put(36, 'data')
  v.setUint32(40, samples * 2, true)
  return out
}
