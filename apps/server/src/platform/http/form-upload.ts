/**
 * Small multipart uploads read whole (a CSV table, a voice sample): the text fields and one file,
 * and the checks every CSV upload makes before its rows are read. Big files (videos) stream to
 * disk in their modules instead.
 */
import type { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import { AppError, fieldError } from './errors'

/** One part as `req.parts()` yields it. */
export type FormPart = {
  type: 'file' | 'field'
  fieldname: string
  filename?: string
  mimetype?: string
  file?: Readable & { truncated?: boolean }
  value?: unknown
}

export interface UploadedFile {
  name: string
  mimetype: string
  bytes: Buffer
  /** Cut short at the route's `fileSize` limit: the caller answers with its "too large" message. */
  truncated: boolean
}

export interface FormInput {
  fields: Record<string, string | string[]>
  file?: UploadedFile
}

/** Fields (repeated names become lists) and the first non-empty file of `fileField`; other files are skipped. */
export async function readForm(
  parts: AsyncIterable<FormPart> | undefined,
  fileField: string,
): Promise<FormInput> {
  const fields: Record<string, string | string[]> = {}
  let file: UploadedFile | undefined
  for await (const part of parts ?? []) {
    if (part.type === 'field') {
      const value = typeof part.value === 'string' ? part.value : ''
      const had = fields[part.fieldname]
      fields[part.fieldname] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value]
      continue
    }
    if (file || part.fieldname !== fileField || !part.file) {
      part.file?.resume()
      continue
    }
    const chunks: Buffer[] = []
    for await (const c of part.file) chunks.push(c as Buffer)
    if (chunks.length)
      file = {
        name: part.filename ?? 'upload',
        mimetype: part.mimetype ?? '',
        bytes: Buffer.concat(chunks),
        truncated: Boolean(part.file.truncated),
      }
  }
  return { fields, file }
}

/**
 * `req.parts()` options: at most `files` files of `fileSize` bytes, a longer one cut short and left
 * to the caller (`truncated`) instead of failing the whole request with a bare 413 — so a picture
 * picked by mistake can be told "not a CSV". (@fastify/multipart honours `throwFileSizeLimit` for
 * `parts()` too; its types name it for `file()` only.)
 */
export function partLimits(fileSize: number, files = 1) {
  const options = { limits: { fileSize, files }, throwFileSizeLimit: false }
  return options
}

/**
 * The one file of `field` in a multipart request, read whole up to `maxBytes` (a longer one comes
 * back `truncated`); undefined when the request is not multipart or has no such file.
 */
export async function readUpload(
  req: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<UploadedFile | undefined> {
  if (!req.isMultipart()) return undefined
  return (await readForm(req.parts(partLimits(maxBytes)), field)).file
}

/** The spec's 413 for a file cut short at the size limit. */
export function tooLargeError(field: string, message: string): AppError {
  return new AppError('too_large', message, 413, { [field]: [message] })
}

/** `file` unless it was cut short at the size limit (then the 413 with `message`). */
export function wholeFile(
  file: UploadedFile | undefined,
  field: string,
  message: string,
): UploadedFile | undefined {
  if (file?.truncated) throw tooLargeError(field, message)
  return file
}

const CSV_TYPES = ['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel']

/** A CSV by name or type, and text (no NUL bytes): a renamed picture or a spreadsheet workbook is not one. */
export function isCsvFile(file: Pick<UploadedFile, 'name' | 'mimetype' | 'bytes'>): boolean {
  const byName = /\.csv$/i.test(file.name)
  const byType = CSV_TYPES.includes(file.mimetype.toLowerCase().split(';')[0]!.trim())
  return (byName || byType) && !file.bytes.includes(0)
}

export interface CsvUploadRules {
  /** The form field the file came in (errors are keyed by it). */
  field: string
  /** No file, or not a CSV. */
  required: string
  /** Answered (413) for a file cut short at the route's limit or longer than `maxBytes`. */
  tooLarge: string
  maxBytes: number
}

/** The text of an uploaded CSV, or the caller's message: not a CSV first, then too large. */
export function csvUploadText(file: UploadedFile | undefined, rules: CsvUploadRules): string {
  if (!file || !isCsvFile(file)) throw fieldError(rules.field, rules.required)
  if (file.truncated || file.bytes.length > rules.maxBytes) throw tooLargeError(rules.field, rules.tooLarge)
  return file.bytes.toString('utf8').replace(/^\uFEFF/, '')
}
