import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

/**
 * Starts a worker from a sibling module. From the bundle (`npm start`, the image) it runs the
 * worker's own bundled JavaScript. When running from TypeScript sources (tsx, vitest) the worker
 * first registers tsx's loader itself, so it works whatever flags the parent was started with.
 */
export function startModuleWorker(moduleUrl: URL): Worker {
  // The bundled server (scripts/build-server.mjs) built each worker module too and says where.
  const bundled = (globalThis as { __mouthpieceBundledWorkers?: Record<string, string> })
    .__mouthpieceBundledWorkers?.[moduleUrl.href]
  if (bundled) return new Worker(new URL(bundled))
  if (!moduleUrl.pathname.endsWith('.ts')) return new Worker(moduleUrl)
  // tsx's package exports map `tsx/esm/api` (import condition) to this file; the require build is unusable here.
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'))
  const tsxApi = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href
  const code = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(moduleUrl.href)}) })`
  return new Worker(code, { eval: true, execArgv: [] })
}
