// The bundled server (scripts/build-server.mjs) that the browser tests run, built only when its
// sources changed since the last build — the same rule `scripts/start.sh` applies with `find -newer`.
// `npm test`'s build step runs it as a command; playwright.config.ts calls `ensureServerBundle()` so
// a `npx playwright test` after an edit never runs a stale bundle.
// Usage: node scripts/server-bundle.mjs   (prints the entry it made sure of)
import fs from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')
export const SERVER_BUNDLE_DIR = path.join(root, 'apps/server/dist')
export const SERVER_BUNDLE_ENTRY = path.join(SERVER_BUNDLE_DIR, 'main.js')
const STAMP = path.join(SERVER_BUNDLE_DIR, '.build-stamp')
const SOURCES = ['apps/server/src', 'packages', 'scripts/build-server.mjs', 'package-lock.json']

/** True when some file under `p` (a file or a folder) is newer than `since` (ms). Skips node_modules, as start.sh does. */
export function newerThan(p, since) {
  let stat
  try {
    stat = fs.statSync(p)
  } catch {
    return false
  }
  if (!stat.isDirectory()) return stat.mtimeMs > since
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue
    if (newerThan(path.join(p, entry.name), since)) return true
  }
  return false
}

export function serverBundleIsFresh() {
  if (!fs.existsSync(SERVER_BUNDLE_ENTRY) || !fs.existsSync(STAMP)) return false
  const since = fs.statSync(STAMP).mtimeMs
  return !SOURCES.some((s) => newerThan(path.join(root, s), since))
}

/** Builds apps/server/dist when stale; answers its entry. The stamp's time is taken before the build. */
export function ensureServerBundle() {
  if (serverBundleIsFresh()) return SERVER_BUNDLE_ENTRY
  const startedAt = new Date()
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), SERVER_BUNDLE_DIR], {
    cwd: root,
    stdio: 'inherit',
  })
  fs.writeFileSync(STAMP, '')
  fs.utimesSync(STAMP, startedAt, startedAt)
  return SERVER_BUNDLE_ENTRY
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  console.log(path.relative(root, ensureServerBundle()))
