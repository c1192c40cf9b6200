// Shared by scripts/check-web-boundaries.mjs (the lint check) and scripts/web-feature-faces.mjs (the
// codemod): the web app's files, the feature each belongs to, and the imports each makes.
//
// The rule both enforce (apps/web/README.md, "Feature boundaries"): a feature is the folder
// apps/web/src/features/<name>/. Code outside it (other features, the app shell) imports it only
// through its public file `features/<name>/index.ts` (static imports). Two more doors keep code
// splitting as it was: app/route-table.ts imports each feature's `routes.tsx`, whose pages are
// dynamic imports inside the feature (importing the index from the route table would pull every
// exported component into the entry chunk); and a component another feature loads lazily is
// offered by the index as a loader (`export const loadQuickCreate = () => import('./lazy/…')`), so
// it stays its own chunk while callers still go through the index.
// components/ and lib/ are shared by all features and import none.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SRC = 'apps/web/src'
export const FEATURES = `${SRC}/features`
export const ROUTE_TABLE = `${SRC}/app/route-table.ts`

const posix = (p) => p.split(path.sep).join('/')
const abs = (p) => path.join(ROOT, p)

/** Every .ts/.tsx file of the web app (tests included: they are code too), repo-relative. */
export function webFiles() {
  const out = []
  const walk = (d) => {
    for (const n of readdirSync(abs(d))) {
      const p = `${d}/${n}`
      if (n === 'node_modules' || n.startsWith('.')) continue
      if (statSync(abs(p)).isDirectory()) walk(p)
      else if (/\.(ts|tsx)$/.test(n) && !n.endsWith('.d.ts')) out.push(p)
    }
  }
  walk(SRC)
  return out.sort()
}

export const featureNames = () =>
  readdirSync(abs(FEATURES))
    .filter((n) => statSync(abs(`${FEATURES}/${n}`)).isDirectory())
    .sort()

/** The feature a file belongs to, or null (app shell, components, lib, test helpers). */
export function featureOf(file) {
  const m = file.match(/^apps\/web\/src\/features\/([^/]+)\//)
  return m ? m[1] : null
}

/** 'app' | 'components' | 'lib' | 'test' | 'feature' | 'root' */
export function areaOf(file) {
  const rest = file.slice(SRC.length + 1)
  const top = rest.includes('/') ? rest.split('/')[0] : 'root'
  return top === 'features' ? 'feature' : top
}

export const indexOf = (feature) => {
  for (const n of ['index.ts', 'index.tsx'])
    if (existsSync(abs(`${FEATURES}/${feature}/${n}`))) return `${FEATURES}/${feature}/${n}`
  return `${FEATURES}/${feature}/index.ts`
}
export const isIndex = (file) => /^apps\/web\/src\/features\/[^/]+\/index\.tsx?$/.test(file)
export const isRoutesEntry = (file) => /^apps\/web\/src\/features\/[^/]+\/routes\.tsx?$/.test(file)

/** The repo-relative file a relative specifier names, or null (packages, non-code assets, globs). */
export function resolve(from, spec) {
  if (!spec.startsWith('.')) return null
  const base = posix(path.normalize(path.join(path.dirname(from), spec)))
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(abs(c)) && statSync(abs(c)).isFile() && /\.tsx?$/.test(c)) return c
  }
  // A feature folder without its index yet still names the feature's public face.
  if (/^apps\/web\/src\/features\/[^/]+$/.test(base)) return `${base}/index.ts`
  return null
}

/** Specifier from a file to another file or folder, as the code base writes them (no extension). */
export function specFor(from, to) {
  let rel = posix(path.relative(path.dirname(from), to))
    .replace(/\/index\.tsx?$/, '')
    .replace(/\.tsx?$/, '')
  if (!rel.startsWith('.')) rel = `./${rel}`
  return rel
}

export const read = (file) => readFileSync(abs(file), 'utf8')

const STATIC =
  /(?<=^|\n)[ \t]*(import|export)([ \t]+type)?[ \t]+(\*[ \t]+as[ \t]+\w+|(?:\w+[ \t]*,[ \t]*)?\{[^}]*\}|\w+)[ \t]+from[ \t]+(['"])([^'"]+)\4/g
const BARE = /(?<=^|\n)[ \t]*import[ \t]+(['"])([^'"]+)\1/g
const DYNAMIC = /import\(\s*(['"])([^'"]+)\1\s*\)/g

/**
 * The imports a source makes: static (`import`/`export … from`, multi-line clauses included), bare
 * (`import './x.css'`) and dynamic (`import('./x')`). Each with the statement's span and its clause.
 */
export function scanImports(src) {
  const out = []
  let m
  STATIC.lastIndex = 0
  while ((m = STATIC.exec(src))) {
    out.push({
      kind: 'static',
      keyword: m[1],
      typeOnly: Boolean(m[2]),
      clause: m[3],
      spec: m[5],
      start: m.index,
      end: m.index + m[0].length,
    })
  }
  BARE.lastIndex = 0
  while ((m = BARE.exec(src)))
    out.push({ kind: 'bare', spec: m[2], start: m.index, end: m.index + m[0].length })
  DYNAMIC.lastIndex = 0
  while ((m = DYNAMIC.exec(src)))
    out.push({ kind: 'dynamic', spec: m[2], start: m.index, end: m.index + m[0].length })
  return out.sort((a, b) => a.start - b.start)
}

/** `{ a, b as c, type D }` → [{ name: 'a', local: 'a', type: false }, …]; null for default/namespace clauses. */
export function namedClause(clause, typeOnly) {
  const m = clause.match(/^\{([^}]*)\}$/)
  if (!m) return null
  return m[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const t = /^type\s+/.test(s)
      const [name, local] = s.replace(/^type\s+/, '').split(/\s+as\s+/)
      return { name, local: local ?? name, type: typeOnly || t }
    })
}

/**
 * Every import of the web app, classified. `kind` of a breach: 'deep' (into another feature's
 * internals), 'shared' (components/ or lib/ importing a feature), 'self' (a feature importing its own
 * index: a cycle in waiting). Also the feature graph (feature → features it imports).
 */
export function analyse() {
  const breaches = []
  const graph = new Map(featureNames().map((f) => [f, new Set()]))
  let crossFeature = 0
  for (const file of webFiles()) {
    const src = read(file)
    const from = featureOf(file)
    const area = areaOf(file)
    for (const imp of scanImports(src)) {
      const target = resolve(file, imp.spec)
      const to = target && featureOf(target)
      if (!to) continue
      const line = src.slice(0, imp.start).split('\n').length
      if (from === to) {
        if (isIndex(target) && !isIndex(file)) breaches.push({ kind: 'self', file, line, imp, target, to })
        continue
      }
      if (from) {
        crossFeature++
        graph.get(from)?.add(to)
      }
      if (area === 'components' || area === 'lib')
        breaches.push({ kind: 'shared', file, line, imp, target, to })
      else if (isIndex(target)) continue
      else if (file === ROUTE_TABLE && isRoutesEntry(target)) continue
      else breaches.push({ kind: 'deep', file, line, imp, target, to })
    }
  }
  return { breaches, graph, crossFeature, cycles: stronglyConnected(graph) }
}

/** Tarjan: the groups of features that import each other (directly or around a loop). */
export function stronglyConnected(graph) {
  let i = 0
  const idx = new Map(),
    low = new Map(),
    stack = [],
    on = new Set(),
    out = []
  const visit = (v) => {
    idx.set(v, i)
    low.set(v, i)
    i++
    stack.push(v)
    on.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w)
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
      if (c.length > 1) out.push(c.sort())
    }
  }
  for (const v of graph.keys()) if (!idx.has(v)) visit(v)
  return out
}

/** Pairs of features that import each other directly. */
export function twoWayPairs(graph) {
  const pairs = []
  for (const [a, outs] of graph)
    for (const b of outs) if (a < b && graph.get(b)?.has(a)) pairs.push(`${a}↔${b}`)
  return pairs.sort()
}
