/**
 * Checks an uploaded audio file by probing its content with ffprobe (never by its name): it must be
 * one of the accepted containers, hold an audio stream and be of sane length.
 */
import { stat } from 'node:fs/promises'
import {
  MAX_AUDIO_UPLOAD_BYTES,
  MAX_AUDIO_UPLOAD_SECONDS,
  NOT_AUDIO_MESSAGE,
} from '@mouthpiece/contracts/media/voices.schemas'
import { MediaInputError } from '../speech/speech.types'
import { ffprobe } from './ffmpeg'

export interface AudioUploadInfo {
  format: 'wav' | 'mp3' | 'm4a' | 'webm' | 'ogg'
  codec: string
  durationSeconds: number
  sampleRate: number
  channels: number
}

/** ffprobe format names (comma lists) for the containers we accept. */
const FORMATS: [RegExp, AudioUploadInfo['format']][] = [
  [/(^|,)wav(,|$)/, 'wav'],
  [/(^|,)mp3(,|$)/, 'mp3'],
  [/(^|,)(mov|mp4|m4a|3gp|3g2|mj2)(,|$)/, 'm4a'],
  [/(^|,)(matroska|webm)(,|$)/, 'webm'],
  [/(^|,)ogg(,|$)/, 'ogg'],
]

export async function probeAudioUpload(file: string, signal?: AbortSignal): Promise<AudioUploadInfo> {
  const size = (await stat(file)).size
  if (size === 0) throw new MediaInputError('The uploaded file is empty', 'empty_upload')
  if (size > MAX_AUDIO_UPLOAD_BYTES)
    throw new MediaInputError(
      `The audio file is too large (max ${MAX_AUDIO_UPLOAD_BYTES / 1024 / 1024} MB)`,
      'upload_too_large',
    )
  let probe
  try {
    probe = await ffprobe(file, signal)
  } catch (error) {
    if (signal?.aborted) throw error
    throw new MediaInputError(NOT_AUDIO_MESSAGE, 'not_audio')
  }
  const formatName = probe.format.format_name ?? ''
  const format = FORMATS.find(([re]) => re.test(formatName))?.[1]
  const audio = probe.streams.find((s) => s.codec_type === 'audio')
  // Images probe as e.g. png_pipe/image2 with a video stream: no audio stream, refused.
  if (!format || !audio) throw new MediaInputError(NOT_AUDIO_MESSAGE, 'not_audio')
  const durationSeconds = Number(audio.duration ?? probe.format.duration ?? 0)
  if (!(durationSeconds > 0)) throw new MediaInputError('The audio file has no sound in it', 'empty_audio')
  if (durationSeconds > MAX_AUDIO_UPLOAD_SECONDS)
    throw new MediaInputError(
      `The audio is too long (max ${MAX_AUDIO_UPLOAD_SECONDS / 60} minutes)`,
      'audio_too_long',
    )
  return {
    format,
    codec: audio.codec_name ?? 'unknown',
    durationSeconds,
    sampleRate: Number(audio.sample_rate ?? 0),
    channels: audio.channels ?? 1,
  }
}
