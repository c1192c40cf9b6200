/**
 * Renders deploy/helm/mouthpiece the way `helm template` does, for the subset of Helm's template
 * language the chart uses (no Helm binary is installable here; docs/decisions/0055-helm-chart-tests.md):
 * `{{ }}` with `{{-`/`-}}` trimming, `define`/`include`, `if`/`else`/`end`, `range $k, $v := map`,
 * pipelines with quote, toYaml, nindent, indent, default, not, b64enc. Anything else throws, and so
 * does a value the values do not have: a typo in a template fails the chart test instead of
 * rendering an empty string.
 *   node --import tsx deploy/helm/render.ts [values-override.yaml]   prints the manifests
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import YAML from 'yaml'

type Scope = { root: Record<string, unknown>; vars: Record<string, unknown> }
type Node =
  | { kind: 'text'; text: string }
  | { kind: 'action'; pipeline: string }
  | { kind: 'if'; cond: string; then: Node[]; else: Node[] }
  | { kind: 'range'; key: string; value: string; over: string; body: Node[] }

export const CHART_DIR = path.resolve(import.meta.dirname, 'mouthpiece')

/** Splits a template into text and actions, applying the `{{-` and `-}}` whitespace trims. */
function tokenize(src: string): Array<{ text: string } | { action: string }> {
  const out: Array<{ text: string } | { action: string }> = []
  const re = /\{\{(-?)\s*([\s\S]*?)\s*(-?)\}\}/g
  let last = 0
  let trimNext = false
  for (let m = re.exec(src); m; m = re.exec(src)) {
    let text = src.slice(last, m.index)
    if (trimNext) text = text.replace(/^\s+/, '')
    if (m[1]) text = text.replace(/\s+$/, '')
    out.push({ text })
    const action = m[2]!
    if (!action.startsWith('/*')) out.push({ action })
    trimNext = m[3] === '-'
    last = re.lastIndex
  }
  let rest = src.slice(last)
  if (trimNext) rest = rest.replace(/^\s+/, '')
  out.push({ text: rest })
  return out
}

/** Parses tokens into nodes; `define` blocks go into `defines`. */
function parse(src: string, defines: Map<string, Node[]>): Node[] {
  const tokens = tokenize(src)
  let i = 0
  const block = (closers: string[]): { nodes: Node[]; closer: string } => {
    const nodes: Node[] = []
    while (i < tokens.length) {
      const t = tokens[i++]!
      if ('text' in t) {
        if (t.text) nodes.push({ kind: 'text', text: t.text })
        continue
      }
      const a = t.action
      const word = a.split(/\s+/, 1)[0]!
      if (closers.includes(word)) return { nodes, closer: word }
      if (word === 'define') {
        const name = /^define\s+"([^"]+)"$/.exec(a)?.[1]
        if (!name) throw new Error(`bad define: ${a}`)
        defines.set(name, block(['end']).nodes)
      } else if (word === 'if') {
        const then = block(['else', 'end'])
        const otherwise = then.closer === 'else' ? block(['end']).nodes : []
        nodes.push({ kind: 'if', cond: a.slice(2).trim(), then: then.nodes, else: otherwise })
      } else if (word === 'range') {
        const m = /^range\s+\$(\w+),\s*\$(\w+)\s*:=\s*(.+)$/.exec(a)
        if (!m) throw new Error(`unsupported range (only "range $k, $v := map"): ${a}`)
        nodes.push({ kind: 'range', key: m[1]!, value: m[2]!, over: m[3]!, body: block(['end']).nodes })
      } else if (['else', 'end', 'with', 'template', 'block'].includes(word)) {
        throw new Error(`unsupported or unbalanced action: ${a}`)
      } else nodes.push({ kind: 'action', pipeline: a })
    }
    if (closers.length) throw new Error(`missing {{ end }} (wanted ${closers.join('/')})`)
    return { nodes, closer: '' }
  }
  return block([]).nodes
}

/** Splits on `sep` outside double quotes. */
function splitOutsideQuotes(s: string, sep: RegExp): string[] {
  const parts: string[] = []
  let cur = ''
  let quoted = false
  for (let k = 0; k < s.length; k++) {
    const c = s[k]!
    if (c === '"' && s[k - 1] !== '\\') quoted = !quoted
    if (!quoted && sep.test(c)) {
      parts.push(cur)
      cur = ''
    } else cur += c
  }
  parts.push(cur)
  return parts.map((p) => p.trim()).filter((p) => p !== '')
}

const truthy = (v: unknown) =>
  !(
    v === undefined ||
    v === null ||
    v === false ||
    v === 0 ||
    v === '' ||
    (Array.isArray(v) && v.length === 0) ||
    (typeof v === 'object' && Object.keys(v).length === 0)
  )

function lookup(term: string, scope: Scope): unknown {
  if (term === '.') return scope.root
  if (term.startsWith('"')) return JSON.parse(term) as unknown
  if (/^-?\d+$/.test(term)) return Number(term)
  if (term === 'true' || term === 'false') return term === 'true'
  let value: unknown
  let keys: string[]
  if (term.startsWith('$')) {
    const [name, ...rest] = term.slice(1).split('.')
    if (!(name! in scope.vars)) throw new Error(`unknown variable ${term}`)
    value = scope.vars[name!]
    keys = rest
  } else if (term.startsWith('.')) {
    value = scope.root
    keys = term.slice(1).split('.')
  } else throw new Error(`unsupported term: ${term}`)
  for (const key of keys) {
    if (value === null || typeof value !== 'object' || !(key in value))
      throw new Error(`no value at ${term} (missing "${key}")`)
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

/** How an action prints a value; a map or list must go through toYaml (Helm would print Go's form). */
function show(v: unknown): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  throw new Error('a map or list printed without toYaml')
}
const indentLines = (n: number, s: string) =>
  s
    .split('\n')
    .map((line) => (line ? ' '.repeat(n) + line : line))
    .join('\n')

function evalPipeline(pipeline: string, scope: Scope, defines: Map<string, Node[]>): unknown {
  let value: unknown
  let first = true
  for (const command of splitOutsideQuotes(pipeline, /\|/)) {
    const [head, ...rawArgs] = splitOutsideQuotes(command, /\s/)
    const args = rawArgs.map((a) => lookup(a, scope))
    if (!first) args.push(value)
    first = false
    switch (head) {
      case 'include': {
        const body = defines.get(String(args[0]))
        if (!body) throw new Error(`include of an undefined template: ${String(args[0])}`)
        value = renderNodes(body, { root: args[1] as Record<string, unknown>, vars: {} }, defines)
        break
      }
      case 'quote':
        value = JSON.stringify(show(args[0]))
        break
      case 'toYaml':
        value = YAML.stringify(args[0]).trimEnd()
        break
      case 'nindent':
        value = '\n' + indentLines(Number(args[0]), show(args[1]))
        break
      case 'indent':
        value = indentLines(Number(args[0]), show(args[1]))
        break
      case 'default':
        value = truthy(args[1]) ? args[1] : args[0]
        break
      case 'not':
        value = !truthy(args[0])
        break
      case 'b64enc':
        value = Buffer.from(show(args[0])).toString('base64')
        break
      default:
        if (!first && rawArgs.length === 0 && args.length === 1 && head!.startsWith('.'))
          throw new Error(`cannot pipe into ${head}`)
        if (rawArgs.length) throw new Error(`unsupported function: ${head}`)
        value = lookup(head!, scope)
    }
  }
  return value
}

function renderNodes(nodes: Node[], scope: Scope, defines: Map<string, Node[]>): string {
  let out = ''
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text
    else if (node.kind === 'action') out += show(evalPipeline(node.pipeline, scope, defines))
    else if (node.kind === 'if')
      out += renderNodes(
        truthy(evalPipeline(node.cond, scope, defines)) ? node.then : node.else,
        scope,
        defines,
      )
    else {
      const over = evalPipeline(node.over, scope, defines)
      if (over === null || typeof over !== 'object' || Array.isArray(over))
        throw new Error(`range over a non-map: ${node.over}`)
      for (const key of Object.keys(over).sort())
        out += renderNodes(
          node.body,
          {
            root: scope.root,
            vars: { ...scope.vars, [node.key]: key, [node.value]: (over as Record<string, unknown>)[key] },
          },
          defines,
        )
    }
  }
  return out
}

function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base
  if (base && over && typeof base === 'object' && typeof over === 'object' && !Array.isArray(over)) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) }
    for (const [k, v] of Object.entries(over)) out[k] = merge(out[k], v)
    return out
  }
  return over
}

export interface Rendered {
  /** The template file each object came from. */
  source: string
  object: Record<string, unknown> & { kind: string; apiVersion: string; metadata: { name: string } }
}

/** Renders every template of the chart with its values.yaml under `overrides`; answers the objects. */
export function renderChart(
  overrides: Record<string, unknown> = {},
  release = { Name: 'mp', Namespace: 'default' },
  chartDir = CHART_DIR,
): Rendered[] {
  const chart = YAML.parse(fs.readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')) as Record<
    string,
    string
  >
  const values = merge(YAML.parse(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')), overrides)
  const root = {
    Values: values,
    Release: { ...release, Service: 'Helm' },
    Chart: { Name: chart.name, Version: chart.version, AppVersion: chart.appVersion },
  }
  const dir = path.join(chartDir, 'templates')
  const files = fs.readdirSync(dir).sort()
  const defines = new Map<string, Node[]>()
  for (const f of files.filter((f) => f.endsWith('.tpl')))
    parse(fs.readFileSync(path.join(dir, f), 'utf8'), defines)
  const out: Rendered[] = []
  for (const f of files.filter((f) => f.endsWith('.yaml'))) {
    const text = renderNodes(
      parse(fs.readFileSync(path.join(dir, f), 'utf8'), defines),
      { root, vars: {} },
      defines,
    )
    for (const doc of YAML.parseAllDocuments(text)) {
      if (doc.errors.length) throw new Error(`${f}: ${doc.errors[0]!.message}\n${text}`)
      const object = doc.toJS() as Rendered['object'] | null
      if (object) out.push({ source: f, object })
    }
  }
  return out
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const overrides = process.argv[2] ? (YAML.parse(fs.readFileSync(process.argv[2], 'utf8')) as object) : {}
  for (const { source, object } of renderChart(overrides as Record<string, unknown>))
    process.stdout.write(`---\n# Source: mouthpiece/templates/${source}\n${YAML.stringify(object)}`)
}
