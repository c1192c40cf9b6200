#!/usr/bin/env node
// One home per kind in a server module (apps/server/src/modules/README.md, "A module's deps" and
// "Where things go: a job"), checked on every `npm run lint`:
//  1. Queue names live in `modules/<m>/<m>.queues.ts` only, and start with `<m>.` there: no
//     `const SOMETHING_QUEUE = 'x.y'` (or a `…_QUEUES = { … }` table), no `send('x.y'`/`work('x.y'`/
//     `ensure(…)`/`wake(…)`/`schedule(…)` with a literal name, no `deadLetter: 'x.y'` anywhere else
//     in apps/server/src. Senders and workers import the name, so they cannot drift apart.
//  2. Deps types (`type …Deps`, `interface …Deps`) are declared in `modules/<m>/<m>.deps.ts` only,
//     one `<Module>Deps` per module; a function that needs less takes `Pick<<Module>Deps, …>`.
//  3. No other `*.queues.ts` / `*.deps.ts` (e.g. in a module's sub-folder).
// Tests (`*.test.ts`, `testing/`) are not checked: they make up throwaway queues of their own.
// Usage: node scripts/check-module-files.mjs   Last line: "module files: N violations"; exits 1 when N > 0.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

process.chdir(path.join(path.dirname(fileURLToPath(import.meta.url)), '..'))
const SRC = 'apps/server/src'
const MODULES = `${SRC}/modules`

const files = []
const walk = (d) => {
  for (const n of readdirSync(d)) {
    const p = path.join(d, n)
    if (n === 'node_modules' || n.startsWith('.')) continue
    if (statSync(p).isDirectory()) walk(p)
    else if (/\.ts$/.test(n) && !n.endsWith('.d.ts')) files.push(p.split(path.sep).join('/'))
  }
}
walk(SRC)

const isTest = (f) => /\.test\.ts$/.test(f) || f.includes('/testing/')
/** `modules/<m>/<m>.<kind>.ts` → `<m>`, else null. */
const homeOf = (f, kind) => {
  const m = new RegExp(`^${MODULES}/([^/]+)/\\1\\.${kind}\\.ts$`).exec(f)
  return m ? m[1] : null
}
const lineOf = (src, index) => src.slice(0, index).split('\n').length

const QUEUE_NAME = /^[a-z][a-z0-9-]*\.[a-z0-9][a-z0-9.-]*$/
const queueDeclarations = [
  // const RENDER_QUEUE = 'renders.x'   /   export const RENDER_QUEUES = {
  /\b(?:const|let|var)\s+([A-Za-z0-9_]*QUEUES?[A-Za-z0-9_]*)\s*(?::[^=]+)?=\s*(['"`{])/g,
  // queue.send('renders.x', …), .work('…'), .ensure('…'), .wake('…'), boss.schedule('…')
  /\.(send|work|ensure|wake|schedule|unschedule|fetch|createQueue|getQueue)\(\s*(['"`])([^'"`]*)\2/g,
  // deadLetter: 'renders.failed'
  /\bdeadLetter\s*:\s*(['"`])([^'"`]*)\1/g,
]
const DEPS_DECLARATION = /^[ \t]*(?:export\s+)?(?:type|interface)\s+([A-Za-z0-9_]*Deps)\b/gm
const STRING = /(['"`])([^'"`\n]*)\1/g

const violations = []
let queueFiles = 0,
  depsFiles = 0
for (const f of files) {
  if (isTest(f)) continue
  const src = readFileSync(f, 'utf8')
  const rel = path.relative(SRC, f)
  const queuesHome = homeOf(f, 'queues')
  const depsHome = homeOf(f, 'deps')
  if (f.endsWith('.queues.ts') && !queuesHome)
    violations.push(
      `${rel}: queue files are modules/<m>/<m>.queues.ts (one per module); move its names there`,
    )
  if (f.endsWith('.deps.ts') && !depsHome)
    violations.push(`${rel}: deps files are modules/<m>/<m>.deps.ts (one per module); move its deps there`)

  if (queuesHome) {
    queueFiles++
    // The names in code (comments blanked out, lines kept): docs/architecture.md, queues are `<domain>.<job>`.
    const code = src.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, (c) => c.replace(/[^\n]/g, ' '))
    for (const m of code.matchAll(STRING))
      if (QUEUE_NAME.test(m[2]) && !m[2].startsWith(`${queuesHome}.`))
        violations.push(`${rel}:${lineOf(src, m.index)}: queue '${m[2]}' is not named '${queuesHome}.<job>'`)
  } else {
    const [constant, call, deadLetter] = queueDeclarations
    for (const m of src.matchAll(constant))
      violations.push(
        `${rel}:${lineOf(src, m.index)}: ${m[1]} declared here; queue names live in the module's <m>.queues.ts`,
      )
    for (const m of src.matchAll(call))
      if (QUEUE_NAME.test(m[3]))
        violations.push(
          `${rel}:${lineOf(src, m.index)}: .${m[1]}('${m[3]}') names a queue in place; import it from the module's <m>.queues.ts`,
        )
    for (const m of src.matchAll(deadLetter))
      violations.push(
        `${rel}:${lineOf(src, m.index)}: deadLetter '${m[2]}' named in place; queue names live in the module's <m>.queues.ts`,
      )
  }

  if (depsHome) depsFiles++
  else if (f.startsWith(`${MODULES}/`))
    for (const m of src.matchAll(DEPS_DECLARATION))
      violations.push(
        `${rel}:${lineOf(src, m.index)}: ${m[1]} declared here; a module's deps are <Module>Deps in its <m>.deps.ts (Pick<…> it for less)`,
      )
}

for (const v of violations) console.log(v)
console.log(`module files: ${queueFiles} <m>.queues.ts, ${depsFiles} <m>.deps.ts`)
console.log(`module files: ${violations.length} violations`)
process.exit(violations.length ? 1 : 0)
