/** Writes speech to a downloadable file: WAV as is, MP3/M4A/Opus through ffmpeg. */
import { rename, rm, writeFile } from 'node:fs/promises'
import { ffmpeg } from './ffmpeg'
import { encodeWav } from './wav'
import type { PcmAudio } from './wav'

export type AudioFileFormat = 'wav' | 'mp3' | 'm4a' | 'ogg'

const CODEC: Record<Exclude<AudioFileFormat, 'wav'>, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3'],
  m4a: ['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'ipod'],
  ogg: ['-c:a', 'libopus', '-b:a', '64k', '-f', 'ogg'],
}

export async function writeAudioFile(
  audio: PcmAudio,
  outFile: string,
  format: AudioFileFormat,
  signal?: AbortSignal,
): Promise<string> {
  const wav = encodeWav(audio.pcm, audio.sampleRate)
  const partial = `${outFile}.partial`
  try {
    if (format === 'wav') await writeFile(partial, wav)
    else await ffmpeg(['-f', 'wav', '-i', 'pipe:0', ...CODEC[format], '-y', partial], { input: wav, signal })
    await rename(partial, outFile)
    return outFile
  } finally {
    await rm(partial, { force: true })
  }
}
