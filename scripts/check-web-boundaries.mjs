#!/usr/bin/env node
// Web feature boundaries (apps/web/README.md, "Feature boundaries"): another feature is reached only
// through its public file features/<name>/index.ts (the route table also imports each feature's
// routes.tsx, which keeps pages lazily loaded); components/ and lib/ import no feature; a feature
// never imports its own index; and no two features import each other, directly or around a loop.
// Usage (from anywhere): node scripts/check-web-boundaries.mjs [--graph]
// Last line: "web boundary breaches: N"; exits 1 when N > 0. Run by `npm run lint`.
import { analyse, twoWayPairs } from './web-features.mjs'

const { breaches, graph, crossFeature, cycles } = analyse()
const why = {
  deep: (b) =>
    `imports the internals of feature "${b.to}" (${b.imp.spec}); import it from the feature's index.ts`,
  shared: (b) => `is shared code but imports feature "${b.to}" (${b.imp.spec})`,
  self: (b) => `imports its own feature's index (${b.imp.spec}); import the file itself`,
}
for (const b of breaches) console.log(`${b.file}:${b.line} ${why[b.kind](b)}`)
for (const c of cycles)
  console.log(
    `feature cycle: ${c.join(' → ')} (features import each other: move the shared piece to its owner, components/ or lib/, or pass it in as a prop)`,
  )
if (process.argv.includes('--graph'))
  for (const [f, outs] of graph) if (outs.size) console.log(`${f} → ${[...outs].sort().join(', ')}`)
const count = (k) => breaches.filter((b) => b.kind === k).length
console.log(
  `cross-feature imports: ${crossFeature} · deep: ${count('deep')} · shared→feature: ${count('shared')} · own index: ${count('self')} · two-way pairs: ${twoWayPairs(graph).join(' ') || 0} · feature cycles: ${cycles.length}`,
)
const n = breaches.length + cycles.length
console.log(`web boundary breaches: ${n}`)
process.exit(n ? 1 : 0)
