#!/usr/bin/env node
// The repo stands alone: no tracked file may point at a file outside it. Someone who clones only
// this repository must find every document, fixture and tool a comment or doc names inside it
// (the product description is docs/product.md, the architecture docs/architecture.md).
//
// Fails (exit 1) on, in any tracked text file:
//   - a relative path that climbs out of the repo (`../x` resolved from the file's own folder);
//   - an absolute path into a workspace or home directory (/work/…, /home/…, /root/…, ~/…);
//   - the names of documents that live outside the repo (the old design notes, integration notes,
//     glossary and specification files) or of the shared folder they came from.
// System paths the product runs against (/usr/bin/chromium, /etc/os-release, /dev/null, /proc/…)
// are not documents and stay allowed.
//
// Usage (from anywhere): node scripts/check-no-outside-refs.mjs   Last line: "outside references: N"
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const self = path.relative(root, fileURLToPath(import.meta.url))

// Built from pieces so that this file does not match itself.
const outsideNames = ['DESIGN', 'INTEGRATIONS', 'GLOSSARY', 'SPEC'].map((n) => n + '\\.md')
const named = [
  {
    re: new RegExp(`\\b(?:${outsideNames.join('|')})\\b`),
    why: 'names a document that lives outside the repo',
  },
  {
    re: new RegExp('(?:^|[^\\w.])(?:\\.\\./)*' + 'shared/(?:fixtures|tools|spec|hooks)\\b'),
    why: 'points into the shared folder outside the repo',
  },
  { re: new RegExp('\\b' + 'shared fixtures\\b', 'i'), why: 'cites fixtures outside the repo' },
  {
    re: new RegExp('(?:^|[\\s\'"`(=:])/(?:' + 'work|home|root|Users)/[\\w.-]'),
    why: 'absolute path into a workspace or home directory',
  },
  { re: new RegExp('(?:^|[\\s\'"`(=])' + '~/[\\w.]'), why: 'path in a home directory' },
]
const relative = /(?:^|[^\w.])((?:\.\.\/)+)[\w@.-]/g

const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean)
const hits = []
for (const file of files) {
  if (file === self) continue
  let text
  try {
    text = readFileSync(path.join(root, file))
  } catch {
    continue // deleted in the working tree, not yet staged
  }
  if (text.includes(0)) continue // binary
  const lines = text.toString('utf8').split('\n')
  lines.forEach((line, i) => {
    for (const { re, why } of named)
      if (re.test(line)) hits.push(`${file}:${i + 1}: ${why}: ${line.trim().slice(0, 160)}`)
    for (const m of line.matchAll(relative)) {
      const target = path.resolve(root, path.dirname(file), m[1])
      if (target !== root && !target.startsWith(root + path.sep)) {
        hits.push(`${file}:${i + 1}: relative path leaves the repo (${m[1]}…): ${line.trim().slice(0, 160)}`)
      }
    }
  })
}
for (const h of hits) console.log(h)
console.log(`outside references: ${hits.length}`)
process.exit(hits.length ? 1 : 0)
