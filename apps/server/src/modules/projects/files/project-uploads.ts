/**
 * Files people upload into projects (asset files, backgrounds, base videos, own audio): written to a
 * temp file with a size cap, then recognised by their content (ffprobe / sharp), never by name.
 */
import fs from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import sharp from 'sharp'
import { AppError } from '../../../platform/http/errors'
import { probe } from '../../../platform/media'

export const MAX_PROJECT_UPLOAD_BYTES = 200 * 1024 * 1024
export const MAX_PROJECT_UPLOAD_MB = MAX_PROJECT_UPLOAD_BYTES / 1024 / 1024
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif'])
/** Containers ffprobe names for real video files (a still image probes as image2/png_pipe and is not one). */
const VIDEO_CONTAINERS = /mov|mp4|matroska|webm|avi|flv|mpegts|mpeg/

export interface ReceivedFile {
  file: string
  originalName: string
  fields: Record<string, string>
  cleanup: () => Promise<void>
}

export interface Recognised {
  kind: 'image' | 'video' | 'audio'
  duration: number | null
  format: string
  width?: number
  height?: number
}

/** Writes the first file part of a multipart request to `tmpDir` (other parts are read as fields). */
export async function receiveUpload(
  parts: AsyncIterableIterator<{
    type: 'file' | 'field'
    fieldname: string
    filename?: string
    file?: Readable & { truncated?: boolean }
    value?: unknown
  }>,
  tmpDir: string,
  maxBytes = MAX_PROJECT_UPLOAD_BYTES,
): Promise<ReceivedFile> {
  await mkdir(tmpDir, { recursive: true })
  const fields: Record<string, string> = {}
  let received: { file: string; originalName: string } | undefined
  // A part refused after the file was written (a field sent after it) leaves no temp file behind.
  let written: string | undefined
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : ''
        continue
      }
      if (received || !part.file) {
        part.file?.resume()
        continue
      }
      written = path.join(tmpDir, `upload-${randomUUID()}`)
      await pipeline(part.file, fs.createWriteStream(written))
      if (part.file.truncated)
        throw new AppError(
          'too_large',
          `The file is too large. Please upload one under ${Math.round(maxBytes / 1024 / 1024)} MB.`,
          413,
        )
      received = { file: written, originalName: part.filename ?? 'upload' }
    }
  } catch (err) {
    if (written) await rm(written, { force: true })
    throw err
  }
  if (!received)
    throw new AppError('validation', 'Please choose a file to upload.', 422, {
      file: ['Please choose a file to upload.'],
    })
  const file = received.file
  return { ...received, fields, cleanup: () => rm(file, { force: true }) }
}

/** What a file really is, by its content; null for anything we cannot use. */
export async function recognise(file: string): Promise<Recognised | null> {
  const info = await probe(file).catch(() => null)
  if (info) {
    const video = info.streams.find(
      (s) => s.codec_type === 'video' && !['png', 'mjpeg', 'gif', 'webp', 'bmp'].includes(s.codec_name ?? ''),
    )
    const audio = info.streams.find((s) => s.codec_type === 'audio')
    const duration = Number(info.format.duration ?? video?.duration ?? audio?.duration)
    const format = info.format.format_name ?? ''
    if (video && VIDEO_CONTAINERS.test(format) && duration > 0)
      return { kind: 'video', duration, format, width: video.width, height: video.height }
    if (audio && !video && duration > 0) return { kind: 'audio', duration, format }
  }
  const meta = await sharp(file)
    .metadata()
    .catch(() => null)
  if (meta?.format && IMAGE_FORMATS.has(meta.format))
    return { kind: 'image', duration: null, format: meta.format, width: meta.width, height: meta.height }
  return null
}
