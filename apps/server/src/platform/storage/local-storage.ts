import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FileLinks } from './file-links'
import { assertValidKey, assertValidPrefix, contentTypeFor, fileNotFound } from './storage'
import type { ListedObject, Storage, StoredObject } from './storage'

/**
 * Files on the local disk under `root` (DATA_DIR/files). Content types live in `.meta/<key>.json`
 * beside the tree (keys cannot start with a dot, so no key can reach it). Writes go to a temporary
 * file and are renamed into place, so a crash never leaves half a file under a key.
 */
export function createLocalStorage(root: string, links: FileLinks): Storage {
  const tmpDir = path.join(root, '.tmp')
  const fileOf = (key: string) => path.join(root, ...key.split('/'))
  const metaOf = (key: string) => path.join(root, '.meta', ...key.split('/')) + '.json'

  async function stat(key: string): Promise<StoredObject | null> {
    assertValidKey(key)
    let st: fs.Stats
    try {
      st = await fsp.stat(fileOf(key))
    } catch (err) {
      if (isMissing(err)) return null
      throw err
    }
    if (!st.isFile()) return null
    let contentType = contentTypeFor(key)
    try {
      const meta = JSON.parse(await fsp.readFile(metaOf(key), 'utf8')) as { contentType?: string }
      if (meta.contentType) contentType = meta.contentType
    } catch {
      // No sidecar (written by hand or before one existed): the extension decides.
    }
    return { key, size: st.size, contentType, modifiedAt: st.mtime }
  }

  async function writeAtomically(target: string, body: Readable | Buffer | Uint8Array) {
    await fsp.mkdir(tmpDir, { recursive: true })
    await fsp.mkdir(path.dirname(target), { recursive: true })
    const tmp = path.join(tmpDir, `${Date.now()}-${randomBytes(6).toString('hex')}`)
    let out: fs.WriteStream | null = null
    try {
      if (body instanceof Readable) await pipeline(body, (out = fs.createWriteStream(tmp)))
      else await fsp.writeFile(tmp, body)
      await fsp.rename(tmp, target)
    } catch (err) {
      // A body that breaks at once can fail the pipeline before the stream has even opened its file:
      // that open still lands afterwards, so wait for the stream to close, or the file outlives the rm.
      if (out && !out.closed) await once(out, 'close').catch(() => undefined)
      await fsp.rm(tmp, { force: true })
      throw err
    }
  }

  /** Files under `dir` (a key folder, '' = root) whose keys start with `prefix`; hidden names (.tmp, .meta) are no keys. */
  async function walk(dir: string, prefix: string, into: ListedObject[]): Promise<void> {
    let entries: fs.Dirent[]
    try {
      entries = await fsp.readdir(dir ? fileOf(dir) : root, { withFileTypes: true })
    } catch (err) {
      if (isMissing(err)) return
      throw err
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue
      const key = dir ? `${dir}/${entry.name}` : entry.name
      if (entry.isDirectory()) {
        // Only descend where keys can still start with the prefix.
        if (prefix.startsWith(`${key}/`) || key.startsWith(prefix)) await walk(key, prefix, into)
      } else if (entry.isFile() && key.startsWith(prefix)) {
        const st = await fsp.stat(fileOf(key)).catch((err: unknown) => {
          if (isMissing(err)) return null // deleted while we looked
          throw err
        })
        if (st) into.push({ key, size: st.size, modifiedAt: st.mtime })
      }
    }
  }

  return {
    kind: 'local',
    async put(key, body, contentType) {
      assertValidKey(key)
      await writeAtomically(fileOf(key), body)
      await writeAtomically(
        metaOf(key),
        Buffer.from(JSON.stringify({ contentType: contentType ?? contentTypeFor(key) })),
      )
      const object = await stat(key)
      if (!object) throw new Error(`storage: ${key} vanished after writing`)
      return object
    },
    async get(key, range) {
      const object = await stat(key)
      if (!object) throw fileNotFound()
      const body = fs.createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {})
      return { object, body }
    },
    stat,
    async list(prefix) {
      assertValidPrefix(prefix)
      const listed: ListedObject[] = []
      // Start at the prefix's folder rather than the root: 'backgrounds/' reads one directory.
      await walk(prefix.slice(0, Math.max(prefix.lastIndexOf('/'), 0)), prefix, listed)
      return listed
    },
    async delete(key) {
      assertValidKey(key)
      await fsp.rm(fileOf(key), { force: true })
      await fsp.rm(metaOf(key), { force: true })
    },
    async url(key, opts) {
      assertValidKey(key)
      return links.url(key, opts)
    },
  }
}

function isMissing(err: unknown) {
  const code = (err as { code?: string }).code
  return code === 'ENOENT' || code === 'ENOTDIR'
}
