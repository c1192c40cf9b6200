import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { decodeAudio } from '@mouthpiece/media/audio/ffmpeg'
import { ANALYSIS_RATE, analyseVoice } from '@mouthpiece/media/audio/voice-analysis'

/**
 * The median pitch (Hz) of the voice in an audio or video file's bytes, measured as the server's
 * voice match measures a sample (ffmpeg decodes to 16 kHz mono, YIN over voiced frames): an e2e
 * spec can then tell which voice spoke an output it downloaded.
 */
export async function medianPitch(bytes: Buffer, name: string): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-pitch-'))
  const file = path.join(dir, name)
  try {
    fs.writeFileSync(file, bytes)
    return analyseVoice(await decodeAudio(file, ANALYSIS_RATE), ANALYSIS_RATE).medianF0
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
