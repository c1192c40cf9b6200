#!/usr/bin/env node
// Import cycles among the project's own TypeScript files (relative imports and the workspace's
// @mouthpiece/* packages), found with Tarjan's strongly connected components. Type-only imports
// count too: a cycle of types is still a cycle a reader must hold in mind.
// Usage (from anywhere): node scripts/import-cycles.mjs [DIR...]   (DIRs relative to the repo root; default apps packages bench e2e)
// Last line: "import cycles: N"; exits 1 when N > 0. Run by `npm run lint`.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// Paths below are relative to the repo root, wherever the script is started from.
process.chdir(path.join(path.dirname(fileURLToPath(import.meta.url)), '..'))
const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['apps', 'packages', 'bench', 'e2e']
const files = []
const walk = (d) => {
  for (const n of readdirSync(d)) {
    const p = path.join(d, n)
    if (n === 'node_modules' || n === 'dist' || n.startsWith('.')) continue
    const s = statSync(p)
    if (s.isDirectory()) walk(p)
    else if (/\.(ts|tsx|mts)$/.test(n) && !/\.(test|spec)\.tsx?$/.test(n) && !n.endsWith('.d.ts'))
      files.push(p)
  }
}
for (const r of roots) if (existsSync(r)) walk(r)
const set = new Set(files)
const resolve = (from, spec) => {
  let base
  if (spec.startsWith('.')) base = path.join(path.dirname(from), spec)
  else if (spec.startsWith('@mouthpiece/')) {
    const [, pkg, ...rest] = spec.split('/')
    base = path.join('packages', pkg, 'src', ...rest)
  } else return null
  base = base.replace(/\.(js|mjs)$/, '')
  for (const c of [
    base,
    base + '.ts',
    base + '.tsx',
    base + '.mts',
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (set.has(c)) return c
  return null
}
const edges = new Map()
const re =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g
for (const f of files) {
  const src = readFileSync(f, 'utf8')
  const out = new Set()
  let m
  while ((m = re.exec(src))) {
    const t = resolve(f, m[1] ?? m[2])
    if (t && t !== f) out.add(t)
  }
  edges.set(f, [...out])
}
let index = 0
const idx = new Map(),
  low = new Map(),
  stack = [],
  on = new Set(),
  sccs = []
const strong = (v) => {
  idx.set(v, index)
  low.set(v, index)
  index++
  stack.push(v)
  on.add(v)
  for (const w of edges.get(v) ?? []) {
    if (!idx.has(w)) {
      strong(w)
      low.set(v, Math.min(low.get(v), low.get(w)))
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)))
  }
  if (low.get(v) === idx.get(v)) {
    const c = []
    let w
    do {
      w = stack.pop()
      on.delete(w)
      c.push(w)
    } while (w !== v)
    if (c.length > 1) sccs.push(c)
  }
}
for (const f of files) if (!idx.has(f)) strong(f)
for (const c of sccs) console.log(`cycle of ${c.length}: ${c.sort().join(' ')}`)
console.log(`import cycles: ${sccs.length}`)
process.exit(sccs.length ? 1 : 0)
