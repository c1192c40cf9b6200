#!/usr/bin/env node
// Codemod: every server module (apps/server/src/modules/<m>) and platform/media is reached from
// outside only through its public face, `<unit>/index.ts`. Re-runnable: run it after a merge or
// whenever someone imported another module's internals, then commit what it changed.
//
//  1. Scans every server file (apps/server/src, apps/server/test) for relative imports that land
//     inside another unit's folder, and for `@mouthpiece/media/…` imports outside platform/media.
//  2. Rewrites them to the unit's folder (the folder, i.e. its index.ts), keeping the imported names;
//     `import * as ns from '<other module>/x'` becomes named imports of the members the file uses
//     (`ns.foo` → `foo`, aliased `nsFoo` when the name is taken).
//  3. Adds the names to the target's index.ts as explicit re-exports (`export { a } from './x'`,
//     `export type { T } from './x'`), one pair of lines per source file, sorted. The index's
//     leading comment is kept; its export lines are regenerated (only `export {…} from` lines).
//  Value imports of another module's `*.table.ts` or `*.repo.ts` are left alone: tables and repos
//  stay out of faces (decision 0044), scripts/check-boundaries.mjs fails on them, and the fix is a
//  use case, a `references…` anchor or a query piece the owner exports (modules/README.md).
//  Test files (`*.test.ts`, apps/server/test) go to the target's `testing/index.ts` instead, so a
//  test reaches another module through its face or its test kit (`<module>/testing`).
//
// Usage: node scripts/module-faces.mjs [--dry] [--only=platform/media]
// Prints what it rewrote; exits 1 if a name would be exported twice from different files.
import { readFileSync, writeFileSync, readdirSync, statSync, existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

process.chdir(path.join(path.dirname(fileURLToPath(import.meta.url)), '..'))
const dry = process.argv.includes('--dry')
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7)
const SRC = 'apps/server/src'
const MEDIA_UNIT = `${SRC}/platform/media`

const files = []
const walk = (d) => {
  for (const n of readdirSync(d)) {
    const p = path.join(d, n)
    if (n === 'node_modules' || n.startsWith('.')) continue
    const s = statSync(p)
    if (s.isDirectory()) walk(p)
    else if (/\.ts$/.test(n) && !n.endsWith('.d.ts')) files.push(p)
  }
}
walk(SRC)
walk('apps/server/test')
const known = new Set(files)

/** The unit a path belongs to: `apps/server/src/modules/<m>` or platform/media; null otherwise. */
export function unitOf(p) {
  const rel = path.relative(`${SRC}/modules`, p)
  if (!rel.startsWith('..') && rel.includes(path.sep)) return `${SRC}/modules/${rel.split(path.sep)[0]}`
  if (p === MEDIA_UNIT || p.startsWith(MEDIA_UNIT + '/')) return MEDIA_UNIT
  return null
}
const isTest = (f) => /\.test\.ts$/.test(f) || f.startsWith('apps/server/test/') || f.includes('/testing/')
const resolveRel = (from, spec) => {
  const base = path.join(path.dirname(from), spec.replace(/\.js$/, ''))
  for (const c of [base + '.ts', base, path.join(base, 'index.ts')])
    if (known.has(c) || (existsSync(c) && statSync(c).isFile())) return c
  return null
}
const relSpec = (from, to) => {
  let r = path.relative(path.dirname(from), to)
  if (!r.startsWith('.')) r = './' + r
  return r.replace(/\.ts$/, '')
}

// ── faces: index.ts files as { header, bySource: Map<spec, {values:Set, types:Set}> } ──
const faces = new Map()
const EXPORT_RE = /^export\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"];?[ \t]*\n?/gm
function face(file) {
  if (faces.has(file)) return faces.get(file)
  const src = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const bySource = new Map()
  let m
  while ((m = EXPORT_RE.exec(src))) {
    const entry = bySource.get(m[3]) ?? { values: new Set(), types: new Set() }
    for (let n of m[2]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const typeOnly = !!m[1] || n.startsWith('type ')
      n = n.replace(/^type\s+/, '')
      ;(typeOnly ? entry.types : entry.values).add(n)
    }
    bySource.set(m[3], entry)
  }
  const rest = src.replace(EXPORT_RE, '')
  const f = { file, header: rest.trim(), bySource, changed: false, original: src }
  faces.set(file, f)
  return f
}
const conflicts = []
function exportFrom(faceFile, name, source, typeOnly) {
  const f = face(faceFile)
  for (const [s, e] of f.bySource) {
    if ((e.values.has(name) || e.types.has(name)) && s !== source) {
      conflicts.push(`${faceFile}: ${name} is exported from ${s}, also wanted from ${source}`)
      return
    }
  }
  const e = f.bySource.get(source) ?? { values: new Set(), types: new Set() }
  f.bySource.set(source, e)
  if (e.values.has(name)) return
  if (typeOnly) {
    if (!e.types.has(name)) {
      e.types.add(name)
      f.changed = true
    }
  } else {
    e.types.delete(name)
    e.values.add(name)
    f.changed = true
  }
}
function renderFace(f) {
  const lines = []
  const sorted = [...f.bySource].sort(([a], [b]) => a.localeCompare(b))
  for (const [source, e] of sorted) {
    const v = [...e.values].sort()
    const t = [...e.types].sort()
    if (v.length) lines.push(`export { ${v.join(', ')} } from '${source}'`)
    if (t.length) lines.push(`export type { ${t.join(', ')} } from '${source}'`)
  }
  return (f.header ? f.header + '\n' : '') + lines.join('\n') + '\n'
}

// ── imports ──
const IMPORT_RE = /^(import|export)(\s+type)?\s+(\{[^}]*\}|\*\s+as\s+\w+)\s+from\s+(['"])([^'"]+)\4/gm
const parseNames = (braces, typeAll) =>
  braces
    .replace(/[{}]/g, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const typeOnly = typeAll || s.startsWith('type ')
      const [orig, alias] = s.replace(/^type\s+/, '').split(/\s+as\s+/)
      return { orig, alias: alias ?? orig, typeOnly }
    })
const cap = (s) => s[0].toUpperCase() + s.slice(1)

let rewrites = 0
const sourceWrites = []
const touched = []
for (const file of files) {
  if (file.endsWith('/index.ts') && unitOf(file) && path.dirname(file) === unitOf(file)) continue
  const fromUnit = unitOf(file)
  const test = isTest(file)
  let src = readFileSync(file, 'utf8')
  const original = src
  // Mid-merge: resolve the conflict first (a rewrite inside conflict markers loses one side).
  if (/^<{7} /m.test(src)) {
    conflicts.push(`${file}: has merge conflict markers; resolve them, then run again`)
    continue
  }
  const pending = [] // namespace imports to expand after the scan
  src = src.replace(IMPORT_RE, (all, kw, typeKw, clause, q, spec) => {
    let faceDir, source
    if (spec.startsWith('@mouthpiece/media/')) {
      if (fromUnit === MEDIA_UNIT || test) return all
      faceDir = MEDIA_UNIT
      source = spec
    } else if (spec.startsWith('.')) {
      const t = resolveRel(file, spec)
      if (!t) return all
      const tu = unitOf(t)
      if (!tu || tu === fromUnit) return all
      if (t === `${tu}/index.ts`) return all
      faceDir = tu
      // Another module's drizzle table or repo: never part of a face (check-boundaries.mjs fails on
      // the import until the owner offers a use case). Row types from a schema do go through it.
      if (
        !test &&
        /\.(table|repo)\.ts$/.test(t) &&
        !typeKw &&
        !clause.startsWith('*') &&
        parseNames(clause, false).some((n) => !n.typeOnly)
      )
        return all
      // A test reaches a module through its face or its test kit.
      if (test && tu !== MEDIA_UNIT) {
        const kit = `${tu}/testing`
        if (t === `${kit}/index.ts`) return all
        faceDir = kit
      }
      source = relSpec(`${faceDir}/index.ts`, t)
    } else return all
    if (only && !faceDir.endsWith(only)) return all
    const faceFile = `${faceDir}/index.ts`
    const newSpec = relSpec(file, faceDir)
    if (clause.startsWith('*')) {
      pending.push({ ns: clause.split(/\s+/).pop(), faceFile, source, newSpec, typeAll: !!typeKw, kw })
      return `__NS_IMPORT_${pending.length - 1}__`
    }
    const names = parseNames(clause, !!typeKw)
    for (const n of names) exportFrom(faceFile, n.orig, source, n.typeOnly)
    rewrites++
    return `${kw}${typeKw ?? ''} ${clause} from ${q}${newSpec}${q}`
  })
  pending.forEach((p, i) => {
    // Comments and strings out of the way (import paths like '../x/renders.service' name no member).
    const code = src
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '')
      .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''")
      .replace(/`[^`]*`/g, (t) => (t.match(/\$\{[^}]*\}/g) ?? []).join(' '))
    const members = new Set()
    const used = new RegExp(`(?<![.\\w])${p.ns}\\.(\\w+)`, 'g')
    let m
    while ((m = used.exec(code))) members.add(m[1])
    const bare = new RegExp(`(?<![.\\w])${p.ns}(?![\\w.]|\\s*\\??:)`, 'g')
    const bareUses = (code.match(bare) ?? []).length
    if (bareUses > 0) {
      conflicts.push(`${file}: namespace ${p.ns} is used as a value; rewrite it by hand`)
      src = src.replace(`__NS_IMPORT_${i}__`, `${p.kw} * as ${p.ns} from '${p.source}'`)
      return
    }
    const specs = []
    for (const member of [...members].sort()) {
      const use = new RegExp(`(?<![.\\w/'"-])${p.ns}\\.${member}\\b`, 'g')
      const taken = new RegExp(`(?<![.\\w])${member}(?!\\w)`).test(code.replace(use, ''))
      const local = taken ? p.ns + cap(member) : member
      src = src.replace(use, local)
      // Used only in type positions? Then a type import (verbatimModuleSyntax).
      const typeOnly = p.typeAll || isTypeOnlyUse(src, local)
      specs.push(`${typeOnly && !p.typeAll ? 'type ' : ''}${member}${local !== member ? ` as ${local}` : ''}`)
      exportFrom(p.faceFile, member, p.source, typeOnly)
    }
    rewrites++
    src = src.replace(
      `__NS_IMPORT_${i}__`,
      `import${p.typeAll ? ' type' : ''} { ${specs.join(', ')} } from '${p.newSpec}'`,
    )
  })
  if (src !== original) {
    src = mergeImports(src)
    touched.push(file)
    sourceWrites.push([file, src])
  }
}

/** One `import {…}` and one `import type {…}` per face a file imports (the rewrite may leave several). */
function mergeImports(src) {
  const re = /^import(\s+type)?\s+\{([^}]*)\}\s+from\s+(['"])([^'"]+)\3;?[ \t]*\n/gm
  const groups = new Map()
  let m
  while ((m = re.exec(src))) {
    if (!m[4].startsWith('.')) continue
    const key = `${m[1] ? 'type' : 'value'} ${m[4]}`
    const g = groups.get(key) ?? []
    g.push({
      text: m[0],
      names: m[2]
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
      type: !!m[1],
      spec: m[4],
      q: m[3],
    })
    groups.set(key, g)
  }
  for (const g of groups.values()) {
    if (g.length < 2) continue
    const names = [...new Set(g.flatMap((x) => x.names))]
    const merged = `import${g[0].type ? ' type' : ''} { ${names.join(', ')} } from ${g[0].q}${g[0].spec}${g[0].q}\n`
    src = src.replace(g[0].text, merged)
    for (const x of g.slice(1)) src = src.replace(x.text, '')
  }
  return src
}

/** A name whose every use sits after `:`, `<`, `typeof`, `extends`, `|`, `&` or in `type X =`… is used as a type only. */
function isTypeOnlyUse(src, name) {
  const re = new RegExp(`(?<![.\\w])${name}(?!\\w)`, 'g')
  let m
  while ((m = re.exec(src))) {
    const before = src.slice(Math.max(0, m.index - 40), m.index)
    if (/(?::\s*|<\s*|typeof\s+|extends\s+|\|\s*|&\s*|\bas\s+)$/.test(before) && !/\(\s*$/.test(before))
      continue
    if (/import\s+(type\s+)?\{[^}]*$/.test(src.slice(Math.max(0, m.index - 400), m.index))) continue
    return false
  }
  return true
}

let facesWritten = 0
for (const f of faces.values()) {
  const text = renderFace(f)
  if (text === f.original) continue
  if (!f.header)
    f.header = `/** The public face of ${path.relative(SRC, path.dirname(f.file))}: what other code may import from it. Kept by scripts/module-faces.mjs. */`
  facesWritten++
  if (!dry && !conflicts.length) {
    mkdirSync(path.dirname(f.file), { recursive: true })
    writeFileSync(f.file, renderFace(f))
  }
}
if (!dry && !conflicts.length) for (const [file, text] of sourceWrites) writeFileSync(file, text)
for (const t of touched) console.log(`rewrote ${t}`)
console.log(
  `module faces: ${rewrites} imports rewritten in ${touched.length} files, ${facesWritten} index files updated${dry ? ' (dry run)' : ''}`,
)
for (const c of conflicts) console.error(`conflict: ${c}`)
process.exit(conflicts.length ? 1 : 0)
