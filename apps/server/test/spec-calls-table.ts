import fs from 'node:fs'
import path from 'node:path'

/**
 * Reads docs/spec-calls.md (the product's calls of docs/product.md §7, each with the route serving
 * it) and finds where a test exercises a route path. Shared by the table's test and by
 * `scripts/spec-calls.ts`, which rewrites the table's generated columns.
 */

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..')
export const TABLE_FILE = 'docs/spec-calls.md'

/** One spec call: its words and, per route serving it, the route, its auth and its test file. */
export interface SpecCall {
  line: number
  section: string
  number: string
  call: string
  routes: string[]
  auths: string[]
  tests: string[]
}
/** A registered route that serves no spec call, with why it exists. */
export interface OtherRoute {
  line: number
  route: string
  auth: string
}

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim())
const items = (cell: string) =>
  cell
    .split('<br>')
    .map((c) => c.trim().replace(/^`|`$/g, ''))
    .filter((c) => c && c !== '—')

/** The two tables of the document: spec calls (under `## ` section headings) and other routes. */
export function parseTable(text: string): { calls: SpecCall[]; others: OtherRoute[] } {
  const calls: SpecCall[] = []
  const others: OtherRoute[] = []
  let section = ''
  let inOthers = false
  text.split('\n').forEach((row, i) => {
    if (row.startsWith('## ')) {
      section = row.slice(3).trim()
      inOthers = /^Routes beyond/.test(section)
      return
    }
    if (!row.startsWith('|') || /^\|\s*(#|Route)\s*\|/.test(row) || /^\|\s*-/.test(row)) return
    const c = cells(row)
    if (inOthers) others.push({ line: i + 1, route: items(c[0]!)[0]!, auth: c[1]! })
    else
      calls.push({
        line: i + 1,
        section,
        number: c[0]!,
        call: c[1]!,
        routes: items(c[2]!),
        auths: items(c[3]!),
        tests: items(c[4]!),
      })
  })
  return { calls, others }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const TEMPLATE = '\\$\\{[^}]+\\}'
const SEGMENT = `(?:${TEMPLATE}|[^/'"\`?\\s]+)`

/**
 * A route path as test code writes it: each `:param` a literal or a `${…}`. A leading part may be a
 * variable (`${base}/colours/${id}/delete`) when the file also spells that part out ending a string
 * (`const base = \`/api/ads/brands/${brand.id}\``).
 */
export function pathPatterns(routePath: string): RegExp[][] {
  const segments = routePath.split('/').slice(1)
  const spell = (segs: string[]) => segs.map((s) => (s.startsWith(':') ? SEGMENT : escape(s))).join('/')
  const end = '(?=[\'"`?#]|$)'
  const patterns = [[new RegExp('/' + spell(segments) + end, 'm')]]
  for (let k = 2; k < segments.length; k++) {
    const [head, rest] = [segments.slice(0, k), segments.slice(k)]
    if (rest.every((s) => s.startsWith(':'))) break
    patterns.push([
      new RegExp(TEMPLATE + '/' + spell(rest) + end, 'm'),
      new RegExp('/' + spell(head) + '[\'"`]', 'm'),
    ])
  }
  return patterns
}

/** A test file's text with the test kits it imports (relative imports under a testing/ or test/ folder). */
export function testText(file: string, depth = 3, seen = new Set<string>()): string {
  const full = path.resolve(REPO_ROOT, file)
  if (seen.has(full) || !fs.existsSync(full)) return ''
  seen.add(full)
  const text = fs.readFileSync(full, 'utf8')
  if (depth === 0) return text
  const kits = [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)]
    .map((m) => path.resolve(path.dirname(full), m[1]!))
    .filter((p) => /[\\/](testing|test)([\\/]|$)/.test(path.relative(REPO_ROOT, p)))
    .flatMap((p) => [`${p}.ts`, path.join(p, 'index.ts')].filter((f) => fs.existsSync(f)))
  return [text, ...kits.map((k) => testText(path.relative(REPO_ROOT, k), depth - 1, seen))].join('\n')
}

export const mentionsPath = (text: string, routePath: string) =>
  pathPatterns(routePath).some((all) => all.every((re) => re.test(text)))
