#!/usr/bin/env node
// Codemod: gives every web feature its public face and points other code at it.
//   - every features/<name>/ gets an index.ts (an empty `export {}` when nothing outside uses it);
//   - every static import from outside a feature into its internals (`import`, `import type`,
//     `export … from`) is rewritten to the feature's index, merging the imports of one feature into
//     one value and one type statement, and what they name is added to the index as explicit named
//     re-exports (`export { A } from './x'`, `export type { T } from './x'`). Existing ones are kept;
//   - every dynamic `import('…/x').then((m) => m.Name)` into another feature (a lazily loaded
//     component) is pointed at a one-line entry `features/<name>/lazy/x.ts` (`export { Name } from
//     '../…/x'`), created if missing, so the component stays its own chunk as before.
// Re-runnable: a second run on a clean tree changes nothing. Rules: scripts/web-features.mjs.
// Usage (from anywhere): node scripts/web-feature-faces.mjs [--dry]
import { writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { mkdirSync } from 'node:fs'
import {
  ROOT,
  FEATURES,
  analyse,
  featureNames,
  featureOf,
  indexOf,
  isIndex,
  namedClause,
  read,
  resolve,
  scanImports,
  specFor,
} from './web-features.mjs'

const dry = process.argv.includes('--dry')
const write = (file, text) => {
  if (dry) return
  mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true })
  writeFileSync(path.join(ROOT, file), text)
}

/** feature → Map(name → { from: file inside the feature, type: boolean }) */
const needs = new Map(featureNames().map((f) => [f, new Map()]))
const manual = []
const need = (feature, target, name, type) => {
  const map = needs.get(feature)
  const had = map.get(name)
  if (had && had.from !== target)
    throw new Error(
      `${feature}: "${name}" is wanted from both ${had.from} and ${target}; rename one before running`,
    )
  map.set(name, { from: target, type: had ? had.type && type : type })
}

/** A lazy entry: one file re-exporting what other features load lazily from one internal file. */
const lazyEntries = new Map() // entry → { target, names: Set }
function lazy(entry, target, names) {
  const e = lazyEntries.get(entry) ?? lazyEntries.set(entry, { target, names: new Set() }).get(entry)
  if (e.target !== target)
    throw new Error(`${entry} would stand for both ${e.target} and ${target}; rename one before running`)
  for (const n of names) e.names.add(n)
}

const WRAP = 150
function statement(keyword, type, names, spec) {
  const head = `${keyword}${type ? ' type' : ''} `
  const one = `${head}{ ${names.join(', ')} } from '${spec}'`
  return one.length <= WRAP ? one : `${head}{\n${names.map((n) => `  ${n},`).join('\n')}\n} from '${spec}'`
}

// 1. Rewrite the importers.
const { breaches } = analyse()
const deepFiles = [...new Set(breaches.filter((b) => b.kind === 'deep').map((b) => b.file))]
let rewritten = 0
for (const file of deepFiles) {
  let src = read(file)
  const edits = [] // { start, end, text }
  const groups = new Map() // feature → { statements: [], values: Map(local → spec), types: Map }
  for (const imp of scanImports(src)) {
    const target = resolve(file, imp.spec)
    const to = target && featureOf(target)
    if (!to || to === featureOf(file)) continue
    const deep = !isIndex(target) && !(file.endsWith('app/route-table.ts') && /\/routes\.tsx?$/.test(target))
    const indexSpec = specFor(file, `${FEATURES}/${to}`)
    if (imp.kind === 'static' && imp.keyword === 'import') {
      const names = namedClause(imp.clause.trim(), imp.typeOnly)
      if (!names) {
        if (deep) manual.push(`${file}: ${imp.spec} (default or namespace import)`)
        continue
      }
      if (!deep && !isIndex(target)) continue
      const g = groups.get(to) ?? {
        statements: [],
        values: new Map(),
        types: new Map(),
        deep: false,
        indexSpec,
      }
      groups.set(to, g)
      g.statements.push(imp)
      g.deep ||= deep
      for (const n of names) {
        const text = n.name === n.local ? n.name : `${n.name} as ${n.local}`
        ;(n.type ? g.types : g.values).set(text, n)
        if (deep) need(to, target, n.name, n.type)
      }
    } else if (deep && imp.kind === 'static') {
      const names = namedClause(imp.clause.trim(), imp.typeOnly)
      if (!names) {
        manual.push(`${file}: ${imp.spec} (export * from)`)
        continue
      }
      for (const n of names) need(to, target, n.name, n.type)
      edits.push({
        start: imp.start,
        end: imp.end,
        text: src.slice(imp.start, imp.end).replace(imp.spec, indexSpec),
      })
    } else if (deep && imp.kind === 'dynamic') {
      // The names come from the `.then((m) => … m.Name …)` that follows (its callback, parentheses matched).
      const after = src.slice(imp.end)
      const m = after.match(/^[\s)]*\.then\(\s*\(?\s*(\w+)\s*\)?\s*=>/)
      let callback = ''
      if (m) {
        let depth = 1,
          i = after.indexOf('.then(') + '.then('.length
        for (; i < after.length && depth; i++) depth += after[i] === '(' ? 1 : after[i] === ')' ? -1 : 0
        callback = after.slice(0, i)
      }
      const used = m
        ? [...new Set([...callback.matchAll(new RegExp(`\\b${m[1]}\\.(\\w+)`, 'g'))].map((x) => x[1]))]
        : []
      if (!used.length) {
        manual.push(`${file}: import('${imp.spec}') (names not found in .then)`)
        continue
      }
      const entry = `${FEATURES}/${to}/lazy/${path.basename(target).replace(/\.tsx?$/, '.ts')}`
      lazy(entry, target, used)
      edits.push({
        start: imp.start,
        end: imp.end,
        text: src.slice(imp.start, imp.end).replace(imp.spec, specFor(file, entry)),
      })
    } else if (deep) manual.push(`${file}: ${imp.spec} (${imp.kind} import)`)
  }
  for (const g of groups.values()) {
    if (!g.deep) continue
    for (const key of g.values.keys()) g.types.delete(key)
    const text = [
      g.values.size ? statement('import', false, [...g.values.keys()], g.indexSpec) : null,
      g.types.size ? statement('import', true, [...g.types.keys()], g.indexSpec) : null,
    ]
      .filter(Boolean)
      .join('\n')
    g.statements.forEach((s, i) => {
      // Remove the whole line (leading indentation and the newline after) of every statement but the first.
      const end = src[s.end] === '\n' ? s.end + 1 : s.end
      edits.push(i === 0 ? { start: s.start, end: s.end, text } : { start: s.start, end, text: '' })
    })
  }
  if (!edits.length) continue
  for (const e of edits.sort((a, b) => b.start - a.start))
    src = src.slice(0, e.start) + e.text + src.slice(e.end)
  write(file, src)
  rewritten++
}

// 2. Write the indexes: existing re-exports kept, the needed ones added.
const EXPORT = /export(\s+type)?\s*\{([^}]*)\}\s*from\s*'([^']+)'\n?/g
let indexesWritten = 0
for (const feature of featureNames()) {
  const file = indexOf(feature)
  const exists = existsSync(path.join(ROOT, file))
  const old = exists ? read(file) : ''
  const byPath = new Map() // './x' → { values: Set, types: Set }
  const entry = (spec) =>
    byPath.get(spec) ?? byPath.set(spec, { values: new Set(), types: new Set() }).get(spec)
  for (const m of old.matchAll(EXPORT)) {
    for (const n of m[2]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      entry(m[3])[m[1] ? 'types' : 'values'].add(n)
  }
  const exported = new Set([...byPath.values()].flatMap((e) => [...e.values, ...e.types]))
  for (const [name, { from, type }] of needs.get(feature)) {
    const e = entry(specFor(file, from))
    if (!type) {
      e.types.delete(name)
      e.values.add(name)
    } else if (!exported.has(name) && !e.values.has(name)) e.types.add(name)
  }
  const body = [...byPath.keys()].sort().flatMap((spec) => {
    const { values, types } = byPath.get(spec)
    return [
      values.size ? statement('export', false, [...values].sort(), spec) : null,
      types.size ? statement('export', true, [...types].sort(), spec) : null,
    ].filter(Boolean)
  })
  const rest = old.replace(EXPORT, '').replace(/^export \{\}\n?/m, '')
  const header = exists
    ? rest.trimEnd()
    : `/**\n * The public face of the ${feature} feature: other features and the app shell import it only from\n * here (scripts/check-web-boundaries.mjs, run by \`npm run lint\`). Its pages are reached through\n * routes.tsx, which app/route-table.ts imports so that they stay lazily loaded.\n */`
  const text = `${header}\n${body.length ? body.join('\n') : 'export {}'}\n`
  if (text !== old) {
    write(file, text)
    indexesWritten++
  }
}

let lazyWritten = 0
for (const [entry, { target, names }] of lazyEntries) {
  const old = existsSync(path.join(ROOT, entry)) ? read(entry) : ''
  const spec = specFor(entry, target)
  for (const m of old.matchAll(EXPORT))
    if (m[3] === spec)
      for (const n of m[2]
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean))
        names.add(n)
  const text = `// Lazy entry (scripts/web-feature-faces.mjs): other features load this with a dynamic import(), so it stays its own chunk.\n${statement('export', false, [...names].sort(), spec)}\n`
  if (text !== old) {
    write(entry, text)
    lazyWritten++
  }
}

for (const m of manual) console.log(`left for a person: ${m}`)
console.log(
  `${dry ? '[dry run] ' : ''}files rewritten: ${rewritten} · indexes written: ${indexesWritten} · lazy entries written: ${lazyWritten} · left for a person: ${manual.length}`,
)
