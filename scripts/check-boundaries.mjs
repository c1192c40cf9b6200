#!/usr/bin/env node
// Module boundaries of the server (docs/architecture.md, "A module's public face"), checked on every
// `npm run lint`:
//  1. Code outside a module folder (`apps/server/src/modules/<m>/`) imports only its face,
//     `modules/<m>/index.ts`; a test (`*.test.ts`, apps/server/test) may also use its test kit,
//     `modules/<m>/testing/…`. The same holds for platform/media (`platform/media/index.ts`).
//     No exception: another module's drizzle table is never imported (a foreign key takes the
//     owner's `references…` anchor from its index, a list the owner's use case or query piece).
//  2. `@mouthpiece/media` is imported only under apps/server/src/platform/media (tests exempt; bench/
//     is a measuring tool outside the app and is not checked).
//  3. No module cycle: the graph of which module imports which (through faces or not, tests left
//     out) has no strongly connected component of more than one module.
//  4. A face keeps tables and repos private: `modules/<m>/index.ts` re-exports nothing from a
//     `*.repo.ts`, and from a `*.table.ts` only row types and `references…` foreign-key anchors.
//  5. SQL only in repos: drizzle queries (`db.select/insert/update/delete/execute`, `.from(`) and
//     `sql` templates appear only in `*.repo.ts`, `*.table.ts` (column defaults, indexes), tests
//     and test kits, and platform/db (the client and list paging).
// `scripts/module-faces.mjs` fixes rule 1 mechanically.
// Usage: node scripts/check-boundaries.mjs   Last line: "boundaries: N violations (…)"; exits 1 when N > 0.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

process.chdir(path.join(path.dirname(fileURLToPath(import.meta.url)), '..'))
const SRC = 'apps/server/src'
const MEDIA_UNIT = `${SRC}/platform/media`

const files = []
const walk = (d) => {
  for (const n of readdirSync(d)) {
    const p = path.join(d, n)
    if (n === 'node_modules' || n === 'dist' || n.startsWith('.')) continue
    const s = statSync(p)
    if (s.isDirectory()) walk(p)
    else if (/\.(ts|tsx)$/.test(n) && !n.endsWith('.d.ts')) files.push(p)
  }
}
for (const r of ['apps/server/src', 'apps/server/test', 'apps/web/src']) if (existsSync(r)) walk(r)
const known = new Set(files)

const unitOf = (p) => {
  const rel = path.relative(`${SRC}/modules`, p)
  if (!rel.startsWith('..') && rel.includes(path.sep)) return `${SRC}/modules/${rel.split(path.sep)[0]}`
  if (p.startsWith(MEDIA_UNIT + '/')) return MEDIA_UNIT
  return null
}
const isTest = (f) => /\.test\.tsx?$/.test(f) || f.startsWith('apps/server/test/') || f.includes('/testing/')
const resolveRel = (from, spec) => {
  const base = path.join(path.dirname(from), spec.replace(/\.js$/, ''))
  for (const c of [base + '.ts', base + '.tsx', base, path.join(base, 'index.ts')]) if (known.has(c)) return c
  return null
}
const short = (p) => path.relative(SRC, p)

const violations = []
const moduleEdges = new Map()
const counts = { imports: 0, crossUnit: 0, throughFaces: 0, testKits: 0 }
const re =
  /^(?:import|export)(\s+type)?\s+(?:(\{[^}]*\}|\*\s+as\s+\w+|\w+(?:\s*,\s*\{[^}]*\})?)\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm

for (const f of files) {
  const src = readFileSync(f, 'utf8')
  const fromUnit = unitOf(f)
  const test = isTest(f)
  let m
  while ((m = re.exec(src))) {
    const spec = m[3] ?? m[4]
    counts.imports++
    if (spec.startsWith('@mouthpiece/media')) {
      if (fromUnit !== MEDIA_UNIT && !test)
        violations.push(`${short(f)}: imports ${spec} (only platform/media may; import from platform/media)`)
      continue
    }
    if (!spec.startsWith('.')) continue
    const t = resolveRel(f, spec)
    if (!t) continue
    const tu = unitOf(t)
    if (!tu || tu === fromUnit) continue
    counts.crossUnit++
    if (!test && fromUnit?.includes('/modules/') && tu.includes('/modules/')) {
      const a = path.basename(fromUnit),
        b = path.basename(tu)
      if (!moduleEdges.has(a)) moduleEdges.set(a, new Map())
      if (!moduleEdges.get(a).has(b)) moduleEdges.get(a).set(b, `${short(f)} -> ${short(t)}`)
    }
    if (t === `${tu}/index.ts`) {
      counts.throughFaces++
      continue
    }
    if (test && t.startsWith(`${tu}/testing/`)) {
      counts.testKits++
      continue
    }
    const key = `${short(f)} -> ${short(t)}`
    violations.push(
      `${key}: reaches into ${path.relative(SRC, tu)} past its index.ts${test ? ' or testing/' : ''}`,
    )
  }
}

// Rule 4: faces keep tables and repos private.
const faceRe = /^export(\s+type)?\s+\{([^}]*)\}\s+from\s+['"](\.[^'"]+)['"]/gm
for (const f of files.filter((p) => /^apps\/server\/src\/modules\/[^/]+\/index\.ts$/.test(p))) {
  const src = readFileSync(f, 'utf8')
  let m
  while ((m = faceRe.exec(src))) {
    const t = resolveRel(f, m[3])
    if (!t) continue
    const values = m[2]
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !m[1] && !s.startsWith('type '))
      .map((s) => s.split(/\s+as\s+/).pop())
    if (t.endsWith('.repo.ts'))
      violations.push(
        `${short(f)}: re-exports ${m[2].trim()} from ${short(t)} (repos are private: export a use case)`,
      )
    else if (t.endsWith('.table.ts') && values.some((n) => !/^references[A-Z]\w*$/.test(n)))
      violations.push(
        `${short(f)}: re-exports ${values.join(', ')} from ${short(t)} (tables are private: only row types and references… anchors)`,
      )
  }
}

// Rule 5: SQL only in repos. Comments are blanked first; each pattern is a drizzle query or raw SQL.
const SQL_PATTERNS = [
  [/\bsql(?:<[^>`]*>)?\s*`/g, 'sql`…`'],
  [/\bsql\.(?:raw|identifier|join|param|placeholder)\(/g, 'sql.…()'],
  [
    /\b(?:db|tx|q|trx)\s*\.\s*(?:select|selectDistinct|selectDistinctOn|insert|update|delete|execute)\s*\(/g,
    'db.…()',
  ],
  [/\)\s*\.from\s*\(/g, '.from()'],
]
const sqlExempt = (p) =>
  /\.(repo|table)\.ts$/.test(p) ||
  isTest(p) ||
  p.startsWith(`${SRC}/platform/db/`) ||
  !p.startsWith(`${SRC}/`)
for (const f of files.filter((p) => !sqlExempt(p))) {
  const code = readFileSync(f, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
  const hits = new Set()
  for (const [p, what] of SQL_PATTERNS)
    for (const m of code.matchAll(p)) hits.add(`${code.slice(0, m.index).split('\n').length} ${what}`)
  if (!hits.size) continue
  violations.push(
    `${short(f)}: runs SQL outside a *.repo.ts (line ${[...hits]
      .sort((x, y) => parseInt(x) - parseInt(y))
      .slice(0, 5)
      .join(', ')}${hits.size > 5 ? ', …' : ''}): move it into the module's repo`,
  )
}

// Module cycles (Tarjan over the module graph).
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
  for (const w of moduleEdges.get(v)?.keys() ?? []) {
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
for (const v of moduleEdges.keys()) if (!idx.has(v)) strong(v)
for (const c of sccs) {
  const members = new Set(c)
  const via = c.flatMap((a) =>
    [...(moduleEdges.get(a) ?? [])]
      .filter(([b]) => members.has(b))
      .map(([b, where]) => `  ${a} -> ${b} (${where})`),
  )
  violations.push(`module cycle: ${c.sort().join(', ')}\n${via.join('\n')}`)
}
for (const v of violations) console.log(v)
const pairs = [...moduleEdges.values()].reduce((n, e) => n + e.size, 0)
console.log(
  `boundaries: ${counts.crossUnit} imports cross a module or platform/media: ${counts.throughFaces} through index.ts, ${counts.testKits} tests through testing/; ${pairs} module dependencies, ${sccs.length} module cycles`,
)
console.log(`boundaries: ${violations.length} violations`)
process.exit(violations.length ? 1 : 0)
