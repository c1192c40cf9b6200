import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

/**
 * Starts a worker from a sibling module. When running from TypeScript sources (tsx, vitest) the
 * worker first registers tsx's loader itself, so it works whatever flags the parent was started with.
 */
export function startModuleWorker(moduleUrl: URL): Worker {
  if (!moduleUrl.pathname.endsWith('.ts')) return new Worker(moduleUrl)
  // tsx's package exports map `tsx/esm/api` (import condition) to this file; the require build is unusable here.
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'))
  const tsxApi = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href
  const code = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(moduleUrl.href)}) })`
  return new Worker(code, { eval: true, execArgv: [] })
}
