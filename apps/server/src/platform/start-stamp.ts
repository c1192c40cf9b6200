import fs from 'node:fs'
import path from 'node:path'
import { createHash } from 'node:crypto'

/**
 * Proof that this build of the server has already started completely (seeds run, job queues
 * created, workers started) on this embedded database. With it, a start can answer HTTP first and
 * run seeds and workers just after: what they write is already there, and every queue a request
 * may send to exists. Without it (a fresh data dir, new code, new migrations), they run before the
 * server listens, as on a first start. See docs/decisions/0013-bundled-server-start.md.
 */

/**
 * What names the code being run: the bundled entry (`npm start` runs apps/server/dist/main.js) and
 * its chunks, whose file names carry esbuild's content hashes. Sources run through tsx (tests,
 * `npm run serve`) have no such name: undefined, and every start is treated as a first one.
 */
export function builtCodeIdentity(entry = process.argv[1]): string | undefined {
  if (!entry?.endsWith('.js') || !fs.existsSync(entry)) return undefined
  const dir = path.dirname(entry)
  const hash = createHash('sha256').update(fs.readFileSync(entry))
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort())
    hash.update(file).update('\0')
  return hash.digest('hex')
}

/** Inside the database's own folder, like the migration stamp: a replaced database keeps no old stamp. */
export const startStampFile = (pgliteDir: string) => path.join(pgliteDir, 'mouthpiece-started.sha256')

export function startedBefore(stamp: string | undefined, identity: string | undefined): boolean {
  return !!stamp && !!identity && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === identity
}

export function markStarted(stamp: string | undefined, identity: string | undefined): void {
  if (stamp && identity) fs.writeFileSync(stamp, identity)
}
