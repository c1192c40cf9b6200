import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { decodeAudio } from '@mouthpiece/media/audio/ffmpeg'
import { ANALYSIS_RATE, analyseVoice } from '@mouthpiece/media/audio/voice-analysis'
import { measureVoiceQuality, timbreDistance } from '@mouthpiece/media/audio/voice-quality'
import type { VoiceQuality } from '@mouthpiece/media/audio/voice-quality'

/** What an e2e spec hears of a voice in a file: its median pitch and its timbre (band levels). */
export interface Heard {
  /** Median F0 (Hz), as the server's voice match measures a sample (YIN over voiced frames). */
  pitch: number
  quality: VoiceQuality
}

/**
 * The voice in an audio or video file's bytes (ffmpeg decodes to 16 kHz mono, as the server's voice
 * match does): an e2e spec can then tell which voice spoke an output it downloaded.
 */
export async function hear(bytes: Buffer, name: string): Promise<Heard> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-pitch-'))
  const file = path.join(dir, name)
  try {
    fs.writeFileSync(file, bytes)
    const pcm = await decodeAudio(file, ANALYSIS_RATE)
    return {
      pitch: analyseVoice(pcm, ANALYSIS_RATE).medianF0,
      quality: measureVoiceQuality(pcm, ANALYSIS_RATE),
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** RMS difference (dB) of two voices' relative mel band levels: the same voice measures close. */
export const timbreApart = (a: Heard, b: Heard): number => timbreDistance(a.quality, b.quality)
