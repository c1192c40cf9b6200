#!/usr/bin/env node
// Module boundaries of the server (docs/architecture.md, "A module's public face"), checked on every
// `npm run lint`:
//  1. Code outside a module folder (`apps/server/src/modules/<m>/`) imports only its face,
//     `modules/<m>/index.ts`; a test (`*.test.ts`, apps/server/test) may also use its test kit,
//     `modules/<m>/testing/…`. The same holds for platform/media (`platform/media/index.ts`).
//  2. `@mouthpiece/media` is imported only under apps/server/src/platform/media (tests exempt; bench/
//     is a measuring tool outside the app and is not checked).
//  3. No module cycle: the graph of which module imports which (through faces or not, tests left
//     out) has no strongly connected component of more than one module.
// The only exceptions are ALLOWED_TABLE_IMPORTS below: a repo that joins another module's drizzle
// table. Tables stay out of index.ts; each line is debt to pay by asking the owning module for a
// use case or read model instead. `scripts/module-faces.mjs` fixes rule 1 mechanically.
// Usage: node scripts/check-boundaries.mjs [--list-tables]   Last line: "boundaries: N violations (…)"; exits 1 when N > 0.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

process.chdir(path.join(path.dirname(fileURLToPath(import.meta.url)), '..'))
const SRC = 'apps/server/src'
const MEDIA_UNIT = `${SRC}/platform/media`

/**
 * Recorded debt: `importing file -> table file: names` of another module's drizzle tables read by a
 * repo or service (joins, counts, admin screens). Remove a line when the importer asks the owner.
 */
const ALLOWED_TABLE_IMPORTS = [
  // Foreign keys: a table that references another module's row (`.references(() => users.id)`).
  // Structural, but still listed so a new one is a decision someone sees.
  'modules/adimport/adimport.table.ts -> modules/users/users.table.ts: users',
  'modules/ads/brands/brands.table.ts -> modules/users/users.table.ts: users',
  'modules/ads/images/ad-images.table.ts -> modules/users/users.table.ts: users',
  'modules/ads/projects/ad-projects.table.ts -> modules/users/users.table.ts: users',
  'modules/ads/scraper/scraper.table.ts -> modules/users/users.table.ts: users',
  'modules/ads/videos/ad-audios.table.ts -> modules/renders/renders.table.ts: renders',
  'modules/ads/videos/ad-audios.table.ts -> modules/users/users.table.ts: users',
  'modules/ads/videos/ad-generations.table.ts -> modules/renders/renders.table.ts: renders',
  'modules/ads/videos/ad-generations.table.ts -> modules/users/users.table.ts: users',
  'modules/auth/auth.table.ts -> modules/users/users.table.ts: users',
  'modules/avatars/avatars.table.ts -> modules/users/users.table.ts: users',
  'modules/avatars/avatars.table.ts -> modules/voices/voice-profiles.table.ts: voiceProfiles',
  'modules/donations/donations.table.ts -> modules/users/users.table.ts: users',
  'modules/donations/tip-videos/tip-video.table.ts -> modules/renders/renders.table.ts: renders',
  'modules/donations/tip-videos/tip-video.table.ts -> modules/users/users.table.ts: users',
  'modules/notifications/notifications.table.ts -> modules/users/users.table.ts: users',
  'modules/payments/payments.table.ts -> modules/users/users.table.ts: users',
  'modules/projects/projects.table.ts -> modules/renders/renders.table.ts: renders',
  'modules/projects/projects.table.ts -> modules/users/users.table.ts: users',
  'modules/renders/renders.table.ts -> modules/avatars/avatars.table.ts: customAvatars',
  'modules/renders/renders.table.ts -> modules/users/users.table.ts: users',
  'modules/sentiment/sentiment.table.ts -> modules/users/users.table.ts: users',
  'modules/tracking/tracking.table.ts -> modules/users/users.table.ts: users',
  'modules/voices/personal-voices.table.ts -> modules/users/users.table.ts: users',
  'modules/voices/voices.table.ts -> modules/users/users.table.ts: users',
  // Reads of another module's tables (joins, counts, admin lists): debt; the owner should offer a
  // use case or read model through its index.ts instead.
  'modules/adimport/adimport.repo.ts -> modules/users/users.table.ts: users',
  'modules/ads/admin/ads-admin.service.ts -> modules/users/users.table.ts: users',
  'modules/ads/images/ad-images.repo.ts -> modules/users/users.table.ts: users',
  'modules/ads/projects/ad-project-stats.ts -> modules/renders/renders.table.ts: renders',
  'modules/ads/search/image-search.service.ts -> modules/users/users.table.ts: users',
  'modules/ads/videos/ad-videos.routes.ts -> modules/users/users.table.ts: users',
  'modules/auth/sessions.repo.ts -> modules/users/users.table.ts: users',
  'modules/avatars/avatar-dataset.service.ts -> modules/users/users.table.ts: users',
  'modules/backoffice/final-videos/final-videos.repo.ts -> modules/renders/renders.table.ts: renders',
  'modules/backoffice/final-videos/final-videos.repo.ts -> modules/users/users.table.ts: users',
  'modules/backoffice/final-videos/final-videos.service.ts -> modules/renders/renders.table.ts: renders',
  'modules/backoffice/projects/admin-projects.repo.ts -> modules/projects/projects.table.ts: projects',
  'modules/backoffice/projects/admin-projects.repo.ts -> modules/users/users.table.ts: users',
  'modules/backoffice/projects/admin-projects.service.ts -> modules/projects/projects.table.ts: projects',
  'modules/backoffice/usage-files/usage-files.repo.ts -> modules/avatars/avatars.table.ts: customAvatars',
  'modules/backoffice/usage-files/usage-files.repo.ts -> modules/donations/donations.table.ts: alertEvents',
  'modules/backoffice/usage-files/usage-files.repo.ts -> modules/renders/renders.table.ts: renders',
  'modules/backoffice/usage-files/usage-files.repo.ts -> modules/users/users.table.ts: users',
  'modules/backoffice/usage-files/usage-files.repo.ts -> modules/voices/voices.table.ts: audioUploads',
  'modules/donations/tip-videos/tip-video.repo.ts -> modules/renders/renders.table.ts: renders',
  'modules/onboarding/onboarding.repo.ts -> modules/users/users.table.ts: users',
  'modules/operations/bulk-actions.repo.ts -> modules/renders/renders.table.ts: renders',
  'modules/operations/bulk-actions.repo.ts -> modules/users/users.table.ts: users',
  'modules/payments/payments.repo.ts -> modules/users/users.table.ts: users',
  'modules/projects/library/asset-library.service.ts -> modules/avatars/avatars.table.ts: customAvatars',
  'modules/projects/library/asset-library.service.ts -> modules/renders/renders.table.ts: renders',
  'modules/projects/library/asset-library.service.ts -> modules/voices/voices.table.ts: audioUploads',
  'modules/sentiment/sentiment.repo.ts -> modules/renders/renders.table.ts: renders',
  'modules/sentiment/sentiment.repo.ts -> modules/users/users.table.ts: users',
  'modules/tracking/tracking.repo.ts -> modules/users/users.table.ts: users',
]

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

const listTables = process.argv.includes('--list-tables') // prints the allow-list as it would be today
const tableLines = []
const allowed = new Map(
  ALLOWED_TABLE_IMPORTS.map((line) => {
    const [k, names] = line.split(': ')
    return [k, new Set(names.split(', '))]
  }),
)
const usedAllowed = new Set()
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
    const names = (m[2] ?? '')
      .replace(/[{}]/g, '')
      .split(',')
      .map(
        (s) =>
          s
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0],
      )
      .filter(Boolean)
    if (listTables && !test && t.endsWith('.table.ts') && !m[1])
      tableLines.push(`  '${key}: ${names.join(', ')}',`)
    const ok = allowed.get(key)
    if (ok && !m[1] && names.length && names.every((n) => ok.has(n))) {
      usedAllowed.add(key)
      continue
    }
    violations.push(
      `${key}: reaches into ${path.relative(SRC, tu)} past its index.ts${test ? ' or testing/' : ''}`,
    )
  }
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
for (const k of allowed.keys())
  if (!usedAllowed.has(k)) violations.push(`allow-list line no longer needed (remove it): ${k}`)

if (listTables) {
  console.log(tableLines.sort().join('\n'))
  process.exit(0)
}
for (const v of violations) console.log(v)
const pairs = [...moduleEdges.values()].reduce((n, e) => n + e.size, 0)
console.log(
  `boundaries: ${counts.crossUnit} imports cross a module or platform/media: ${counts.throughFaces} through index.ts, ${counts.testKits} tests through testing/, ${usedAllowed.size} allowed table imports; ${pairs} module dependencies, ${sccs.length} module cycles`,
)
console.log(
  `boundaries: ${violations.length} violations (${ALLOWED_TABLE_IMPORTS.length} allowed table imports listed as debt)`,
)
process.exit(violations.length ? 1 : 0)
