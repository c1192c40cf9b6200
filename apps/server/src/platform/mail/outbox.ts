import fs from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config'
import { outboxDir } from './mailer'
import { parseEml } from './eml'

export interface OutboxEntry {
  id: string
  to: string
  subject: string
  created_at: string
  text: string
  html?: string
}

const ID = /^[A-Za-z0-9_-]+$/

/** Mails the embedded default has written, newest first, one page at a time. */
export async function listOutbox(config: Pick<Config, 'dataDir'>, page: number, perPage: number) {
  const ids = await outboxIds(config)
  const slice = ids.slice((page - 1) * perPage, page * perPage)
  const list: OutboxEntry[] = []
  for (const id of slice) {
    const mail = await readOutboxMail(config, id)
    if (mail) list.push(mail)
  }
  return { list, total: ids.length }
}

/** One outbox mail by id (its file name without `.eml`); undefined when there is none. */
export async function readOutboxMail(
  config: Pick<Config, 'dataDir'>,
  id: string,
): Promise<OutboxEntry | undefined> {
  if (!ID.test(id)) return undefined
  let raw: string
  try {
    raw = await fs.readFile(path.join(outboxDir(config), `${id}.eml`), 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw err
  }
  const mail = parseEml(raw)
  return {
    id,
    to: mail.headers.get('to') ?? '',
    subject: mail.headers.get('subject') ?? '',
    created_at: createdAt(id, mail.headers.get('date')),
    text: mail.text,
    ...(mail.html !== undefined ? { html: mail.html } : {}),
  }
}

async function outboxIds(config: Pick<Config, 'dataDir'>): Promise<string[]> {
  let names: string[]
  try {
    names = await fs.readdir(outboxDir(config))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
  return names
    .filter((n) => n.endsWith('.eml') && !n.startsWith('.'))
    .map((n) => n.slice(0, -4))
    .filter((id) => ID.test(id))
    .sort()
    .reverse()
}

/** The file name starts with the send time in milliseconds; the Date header is the fallback. */
function createdAt(id: string, dateHeader: string | undefined): string {
  const ms = Number(id.split('-')[0])
  if (Number.isFinite(ms) && ms > 0) return new Date(ms).toISOString()
  const parsed = dateHeader ? new Date(dateHeader) : undefined
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : new Date(0).toISOString()
}
