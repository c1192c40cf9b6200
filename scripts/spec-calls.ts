/**
 * Rewrites the generated columns of docs/spec-calls.md: for each spec call the auth of every route
 * serving it and a server test that exercises that route, and the closing table of routes that
 * serve no spec call (from the contracts). The call words and the routes are written by hand.
 * Run: `node --import tsx scripts/spec-calls.ts`; apps/server/src/platform/http/spec-calls.test.ts
 * checks the result against the routes the server really registers.
 */
import fs from 'node:fs'
import path from 'node:path'
import * as prettier from 'prettier'
import type { RouteDef } from '@mouthpiece/contracts/define-route'
import {
  mentionsPath,
  parseTable,
  REPO_ROOT,
  TABLE_FILE,
  testText,
} from '../apps/server/test/spec-calls-table'

const CONTRACTS = path.join(REPO_ROOT, 'packages/contracts/src')
/** Files under `dir`, as paths relative to it, in a stable order. */
const walk = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .sort()

const key = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`
export const authOf = (r: RouteDef) => (r.requiresEnabled ? `${r.auth}, enabled` : r.auth)

async function contractRoutes(): Promise<Map<string, RouteDef & { module: string }>> {
  const files = walk(CONTRACTS).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  const routes = new Map<string, RouteDef & { module: string }>()
  for (const f of files) {
    const mod = (await import(path.join(CONTRACTS, f))) as Record<string, unknown>
    for (const v of Object.values(mod)) {
      const r = v as RouteDef
      if (r && typeof r === 'object' && typeof r.method === 'string' && typeof r.path === 'string')
        routes.set(key(r), { ...r, module: f.split('/')[0]! })
    }
  }
  return routes
}

const serverTests = walk(path.join(REPO_ROOT, 'apps/server/src'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `apps/server/src/${f}`)
const texts = new Map(serverTests.map((f) => [f, testText(f)]))
const GENERIC = /platform\/http\/(strict-input|contract-fuzz)/

function testFor(route: RouteDef & { module: string }, current?: string): string {
  if (current && texts.has(current) && mentionsPath(texts.get(current)!, route.path)) return current
  const hits = serverTests.filter((f) => mentionsPath(texts.get(f)!, route.path))
  const own = hits.filter((f) => f.includes(`/modules/${route.module}/`))
  return own[0] ?? hits.find((f) => !GENERIC.test(f)) ?? hits[0] ?? '—'
}

const routes = await contractRoutes()
const file = path.join(REPO_ROOT, TABLE_FILE)
const text = fs.readFileSync(file, 'utf8')
const { calls } = parseTable(text)
const byLine = new Map(calls.map((c) => [c.line, c]))
const served = new Set<string>()
const code = (s: string) => `\`${s}\``
const out: string[] = []
for (const [i, row] of text.split('\n').entries()) {
  if (/^## Routes beyond/.test(row)) break
  const call = byLine.get(i + 1)
  if (!call) {
    out.push(row)
    continue
  }
  const defs = call.routes.map((r) => routes.get(r))
  call.routes.forEach((r) => served.add(r))
  const auths = defs.map((d, j) => (d ? authOf(d) : `unknown route ${call.routes[j]}`))
  const tests = defs.map((d, j) => (d ? testFor(d, call.tests[j]) : '—'))
  const join = (xs: string[], wrap = true) =>
    xs.length ? xs.map((x) => (wrap && x !== '—' ? code(x) : x)).join('<br>') : '—'
  out.push(
    `| ${call.number} | ${call.call} | ${join(call.routes)} | ${join(auths, false)} | ${join(
      tests.map((t) => t),
      true,
    )} |`,
  )
}
while (out.length && out[out.length - 1] === '') out.pop()
out.push(
  '',
  '## Routes beyond the spec’s calls',
  '',
  'Every other route the server registers: files the pages load, exports, webhooks and the',
  'features the product adds around the spec’s calls (docs/product.md).',
  '',
  '| Route | Auth | What it does |',
  '| --- | --- | --- |',
)
for (const [k, r] of [...routes].sort(
  ([a], [b]) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!) || a.localeCompare(b),
))
  if (!served.has(k)) out.push(`| ${code(k)} | ${authOf(r)} | ${(r.summary ?? '').replace(/\|/g, '\\|')} |`)
// Written as `npm run lint:format` wants it (the tables padded).
const options = (await prettier.resolveConfig(file)) ?? {}
fs.writeFileSync(file, await prettier.format(out.join('\n') + '\n', { ...options, filepath: file }))
const missing = calls.filter((c) => !c.routes.length).length
console.log(`${TABLE_FILE}: ${calls.length} calls (${missing} unserved), ${routes.size} routes`)
