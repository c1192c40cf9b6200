/** Minimal RIFF/WAVE PCM reading and writing (16-bit and float), enough for our engines and ffmpeg. */

export interface PcmAudio {
  /** Mono samples. */
  pcm: Int16Array
  sampleRate: number
}

export function encodeWav(pcm: Int16Array, sampleRate: number): Buffer {
  const data = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8, 'ascii')
  header.write('fmt ', 12, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(sampleRate, 24)
  header.writeUInt32LE(sampleRate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** Decodes a 16-bit PCM or 32-bit float WAV, mixing channels down to mono. */
export function decodeWav(buf: Buffer): PcmAudio {
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not a WAV file')
  let offset = 12
  let format = 0
  let channels = 1
  let sampleRate = 0
  let bits = 16
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4)
    let size = buf.readUInt32LE(offset + 4)
    const body = offset + 8
    if (id === 'fmt ') {
      format = buf.readUInt16LE(body)
      channels = buf.readUInt16LE(body + 2)
      sampleRate = buf.readUInt32LE(body + 4)
      bits = buf.readUInt16LE(body + 14)
    } else if (id === 'data') {
      // Streams written by a pipe may carry a 0 or 0xFFFFFFFF size: take the rest of the file.
      if (size === 0 || body + size > buf.length) size = buf.length - body
      const bytesPerSample = bits / 8
      const frames = Math.floor(size / (bytesPerSample * channels))
      const pcm = new Int16Array(frames)
      for (let i = 0; i < frames; i++) {
        let sum = 0
        for (let c = 0; c < channels; c++) {
          const at = body + (i * channels + c) * bytesPerSample
          sum +=
            format === 3 && bits === 32 ? buf.readFloatLE(at) * 32767 : bits === 16 ? buf.readInt16LE(at) : 0
        }
        pcm[i] = Math.max(-32768, Math.min(32767, Math.round(sum / channels)))
      }
      if (!sampleRate) throw new Error('WAV without fmt chunk')
      return { pcm, sampleRate }
    }
    offset = body + size + (size % 2)
  }
  throw new Error('WAV without data chunk')
}

/** Scales samples in place by `gain`, clipping at full scale. */
export function applyGain(pcm: Int16Array, gain: number): Int16Array {
  if (gain === 1) return pcm
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(pcm[i]! * gain)))
  return pcm
}

export function toFloat32(pcm: Int16Array): Float32Array {
  const out = new Float32Array(pcm.length)
  for (let i = 0; i < pcm.length; i++) out[i] = pcm[i]! / 32768
  return out
}
