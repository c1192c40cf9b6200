import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { csvCell, csvFileName, csvHeaders } from './csv'
import type { CsvCell } from './csv'

/**
 * Streams a CSV download from batches of rows (see `scanAll`): the header, then one chunk per
 * batch, pulled only as fast as the client reads (Readable.from respects backpressure). No row cap.
 */
export function sendCsvStream<T>(
  reply: FastifyReply,
  name: string,
  header: string[],
  batches: AsyncIterable<T[]>,
  toRow: (row: T) => CsvCell[],
) {
  async function* lines() {
    yield `\uFEFF${header.map(csvCell).join(',')}\r\n`
    for await (const batch of batches) {
      let chunk = ''
      for (const row of batch) chunk += `${toRow(row).map(csvCell).join(',')}\r\n`
      yield chunk
    }
  }
  return reply.headers(csvHeaders(csvFileName(name))).send(Readable.from(lines()))
}

/** The same download from CSV text the database already wrote (see `scanCsv`): header, then each chunk as it comes. */
export function sendCsvText(
  reply: FastifyReply,
  name: string,
  header: string[],
  chunks: AsyncIterable<string>,
) {
  async function* lines() {
    yield `\uFEFF${header.map(csvCell).join(',')}\r\n`
    yield* chunks
  }
  return reply.headers(csvHeaders(csvFileName(name))).send(Readable.from(lines()))
}
