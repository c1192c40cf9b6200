import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { RouteDef } from '@mouthpiece/contracts/define-route'
import { adminHeaders, createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { orderedFormData } from '../../../test/form-data'
import type { FormPart } from '../../../test/form-data'

/**
 * Issue 23 "prove it for all routes at once": every route the server registers from the contracts
 * (app.contractRoutes), every field its params, query, JSON body or multipart form declares, sent
 * in bad forms by a signed-in user (the admin for admin routes). Never a 5xx; on a 4xx nothing in
 * the database or the storage directory changed; no 2xx carries another user's data; a NUL or a
 * loosely written id is never taken.
 */

// ─────────────────────────────── What a contract declares ───────────────────────────────

type Kind = 'string' | 'number' | 'id' | 'enum' | 'boolean' | 'array' | 'object' | 'other'
interface Field {
  name: string
  kind: Kind
  required: boolean
  schema: z.ZodType
}
type Def = {
  type: string
  format?: string
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  shape?: Record<string, z.ZodType>
  entries?: Record<string, unknown>
  values?: unknown[]
  options?: z.ZodType[]
  element?: z.ZodType
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'])

function unwrap(s: z.ZodType): { schema: z.ZodType; optional: boolean } {
  let optional = false
  let d = defOf(s)
  while (WRAPPERS.has(d.type) && d.innerType) {
    if (d.type !== 'nullable' && d.type !== 'nonoptional') optional = true
    s = d.innerType
    d = defOf(s)
  }
  return { schema: s, optional }
}

const ID_NAME = /(^id$|_id$|Id$)/
function kindOf(name: string, s: z.ZodType): Kind {
  const d = defOf(unwrap(s).schema)
  switch (d.type) {
    case 'string':
    case 'template_literal':
      return 'string'
    case 'number':
    case 'int':
    case 'bigint':
      return ID_NAME.test(name) ? 'id' : 'number'
    case 'enum':
    case 'literal':
      return 'enum'
    case 'boolean':
      return 'boolean'
    case 'array':
    case 'tuple':
      return 'array'
    case 'object':
    case 'record':
      return 'object'
    case 'pipe': {
      const out = kindOf(name, d.out!)
      return out === 'other' ? kindOf(name, d.in!) : out
    }
    case 'union':
      return d.options?.length ? kindOf(name, d.options[0]!) : 'other'
    default:
      return 'other'
  }
}

function fieldsOf(s: z.ZodType | undefined): Field[] {
  if (!s) return []
  const d = defOf(unwrap(s).schema)
  if (d.type !== 'object' || !d.shape) return []
  return Object.entries(d.shape).map(([name, schema]) => ({
    name,
    schema,
    kind: kindOf(name, schema),
    required: !unwrap(schema).optional,
  }))
}

const STRING_SAMPLES: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000000',
  email: 'fuzz@example.com',
  url: 'https://example.com/fuzz',
  datetime: '2026-01-01T00:00:00Z',
  date: '2026-01-01',
}

const CANDIDATES: unknown[] = [
  'fuzz',
  'Fuzz name 1',
  '00000000-0000-4000-8000-000000000000',
  'fuzz@example.com',
  'https://example.com/fuzz',
  'fuzz-1',
  '#ff6b57',
  'Neutral',
  'a',
  '1',
  'en',
  'USD',
  '2026-01-01',
  '2026-01-01T00:00:00Z',
  'Fuzz text that is long enough for a sentence.',
]

/** A value the field's own schema takes when one of a few tries fits, else a plausible one: enough for the other fields not to be the first thing refused. */
function sample(f: Pick<Field, 'kind' | 'schema'>, text: boolean, ids: number[]): unknown {
  const guess = rawSample(f, text, ids)
  if (f.schema.safeParse(guess).success) return guess
  const tries =
    f.kind === 'string' || f.kind === 'other'
      ? CANDIDATES
      : f.kind === 'number'
        ? [1, 5, 10, 100, 0].map((n) => (text ? String(n) : n))
        : f.kind === 'array'
          ? [[rawElement(f, ids)]]
          : []
  return tries.find((c) => f.schema.safeParse(c).success) ?? guess
}

function rawElement(f: Pick<Field, 'schema'>, ids: number[]): unknown {
  const d = defOf(unwrap(f.schema).schema)
  return d.element ? sample({ schema: d.element, kind: kindOf('', d.element) }, false, ids) : 'fuzz'
}

function rawSample(f: Pick<Field, 'kind' | 'schema'>, text: boolean, ids: number[]): unknown {
  const d = defOf(unwrap(f.schema).schema)
  switch (f.kind) {
    case 'string':
      return STRING_SAMPLES[d.format ?? ''] ?? 'fuzz'
    case 'number':
      return text ? '1' : 1
    case 'id':
      return text ? String(ownIds[0] ?? ids[0] ?? 1) : (ownIds[0] ?? ids[0] ?? 1)
    case 'enum': {
      const inner = d.type === 'pipe' ? defOf(unwrap(d.in!).schema) : d
      const first = inner.entries ? Object.values(inner.entries)[0] : inner.values?.[0]
      return text ? String(first) : first
    }
    case 'boolean':
      return text ? 'true' : true
    case 'array':
      return []
    case 'object':
      return Object.fromEntries(
        fieldsOf(f.schema)
          .filter((x) => x.required)
          .map((x) => [x.name, sample(x, false, ids)]),
      )
    default:
      return text ? 'fuzz' : undefined
  }
}

// ─────────────────────────────── Bad forms ───────────────────────────────

const NUL = 'a\u0000b'
const CONTROL = 'a\u0001\u001b[2Jb\u007f'
const LONE = 'a\ud800b'
const LONG = 'x'.repeat(20_000)
const LOOSE_IDS = (id: number) => [
  `0x${id.toString(16)}`,
  `${id}e0`,
  ` ${id}`,
  `+${id}`,
  `0${id}`,
  `${id}.0`,
  'true',
  '',
  '99999999999999999999',
]
const MISSING = Symbol('missing')
/** Ids of rows the caller owns (a project, a brand, an ad project): their loose spellings must not reach them. */
let ownIds: number[] = []
type Value = unknown

/** Values to put in a field of `kind`; `text` for paths and query strings (everything arrives as text). */
function badValues(kind: Kind, text: boolean, victimIds: number[]): Value[] {
  const strings: Value[] = [NUL, CONTROL, LONE, LONG, '%_\\\'"']
  if (text) {
    switch (kind) {
      case 'id':
        return [...new Set(ownIds.flatMap(LOOSE_IDS)), NUL, ...victimIds.map(String), '-1', '0']
      case 'number':
        return ['0x10', '1e3', ' 1', '1.5', 'abc', '-99999999999999999999', '1e308', NUL]
      default:
        return [...strings, 'zzz-not-an-option']
    }
  }
  const wrongTypes: Value[] = [null, 5, {}]
  switch (kind) {
    case 'id':
      return [...LOOSE_IDS(ownIds[0] ?? 5), true, [ownIds[0] ?? 5], 5.5, -1, 0, 2 ** 40, null, ...victimIds]
    case 'number':
      return ['1', true, [1], 1e308, -1e308, 2 ** 31, 2 ** 53, 0.5, -1, null, NUL]
    case 'enum':
      return ['zzz-not-an-option', NUL, 5, null, []]
    case 'boolean':
      return ['true', 1, null, NUL]
    case 'array':
      return ['x', [NUL], [{}], Array.from({ length: 5000 }, () => 1), {}, null]
    case 'object':
      return ['x', [], { [NUL]: 1 }, null]
    default:
      return [...strings, ...wrongTypes]
  }
}

interface Case {
  label: string
  params: Record<string, string>
  query: Record<string, string | string[]>
  body?: unknown
  form?: Part[]
  mustRefuse?: boolean
}

/** A NUL anywhere, or an id in any form but a positive whole number (plain digits in text): refused whatever the route. */
const mustRefuse = (kind: Kind, v: unknown, victimIds: number[]) =>
  (typeof v === 'string' && v.includes('\u0000')) ||
  (kind === 'id' && v !== null && ![...victimIds, ...ownIds].some((id) => v === id || v === String(id)))
type Part = FormPart

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000000000005000165b0c4a30000000049454e44ae426082',
  'hex',
)
/** Generic bad forms for a multipart route (its fields are read by its handler). */
const MULTIPART_CASES: Array<[string, Part[]]> = [
  ['file name with NUL', [{ name: 'file', filename: `a${NUL}.png`, type: 'image/png', data: PNG }]],
  [
    'file name with control characters',
    [{ name: 'file', filename: 'a\u0001\u001b.png', type: 'image/png', data: PNG }],
  ],
  ['files[] name with NUL', [{ name: 'files', filename: `a${NUL}.png`, type: 'image/png', data: PNG }]],
  ['sample name with NUL', [{ name: 'sample', filename: `a${NUL}.wav`, type: 'audio/wav', data: PNG }]],
  [
    'name field NUL before the file',
    [
      { name: 'name', value: NUL },
      { name: 'file', filename: 'a.png', type: 'image/png', data: PNG },
      { name: 'files', filename: 'a.png', type: 'image/png', data: PNG },
    ],
  ],
  [
    'name field NUL after the file',
    [
      { name: 'file', filename: 'a.png', type: 'image/png', data: PNG },
      { name: 'files', filename: 'a.png', type: 'image/png', data: PNG },
      { name: 'name', value: NUL },
    ],
  ],
  [
    'field name with NUL',
    [
      { name: `na${NUL}me`, value: 'x' },
      { name: 'file', filename: 'a.png', type: 'image/png', data: PNG },
    ],
  ],
  [
    'text fields wrong',
    [
      { name: 'version', value: 'x' },
      { name: 'sceneId', value: NUL },
      { name: 'mode', value: 'zzz' },
      { name: 'description', value: LONG },
      { name: 'tag_ids', value: '0x5,true' },
      { name: 'file', filename: 'a.png', type: 'image/png', data: PNG },
    ],
  ],
  [
    'not a file (garbage bytes)',
    [
      { name: 'name', value: 'fuzz' },
      { name: 'file', filename: 'a.png', type: 'image/png', data: Buffer.from('not a picture at all') },
      { name: 'files', filename: 'a.png', type: 'image/png', data: Buffer.from('garbage') },
    ],
  ],
  ['empty file', [{ name: 'file', filename: 'a.png', type: 'image/png', data: Buffer.alloc(0) }]],
  ['no parts', []],
]

function casesOf(def: RouteDef, victimIds: number[]): Case[] {
  const params = fieldsOf(def.params)
  const query = fieldsOf(def.query)
  const body = def.multipart ? [] : fieldsOf(def.body)
  const pathNames = [...def.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!)
  const base = {
    params: Object.fromEntries(
      pathNames.map((n) => {
        const f = params.find((p) => p.name === n)
        return [n, f ? String(sample(f, true, victimIds)) : 'fuzz']
      }),
    ) as Record<string, string>,
    query: Object.fromEntries(
      query.filter((f) => f.required).map((f) => [f.name, String(sample(f, true, victimIds))]),
    ) as Record<string, string>,
    body:
      def.body && !def.multipart
        ? Object.fromEntries(body.filter((f) => f.required).map((f) => [f.name, sample(f, false, victimIds)]))
        : undefined,
  }
  const cases: Case[] = []
  for (const n of pathNames) {
    const f = params.find((p) => p.name === n)
    for (const v of badValues(f?.kind ?? 'string', true, victimIds))
      cases.push({
        ...base,
        label: `path ${n}=${JSON.stringify(v).slice(0, 40)}`,
        params: { ...base.params, [n]: String(v) },
        mustRefuse: mustRefuse(f?.kind ?? 'string', v, victimIds),
      })
  }
  for (const f of query) {
    for (const v of badValues(f.kind, true, victimIds))
      cases.push({
        ...base,
        label: `query ${f.name}=${JSON.stringify(v).slice(0, 40)}`,
        query: { ...base.query, [f.name]: String(v) },
        mustRefuse: mustRefuse(f.kind, v, victimIds),
      })
    cases.push({
      ...base,
      label: `query ${f.name} twice`,
      query: { ...base.query, [f.name]: [String(sample(f, true, victimIds)), 'x'] },
    })
    if (f.required)
      cases.push({
        ...base,
        label: `query ${f.name} missing`,
        query: Object.fromEntries(Object.entries(base.query).filter(([k]) => k !== f.name)),
      })
  }
  if (def.body && !def.multipart) {
    const b = base.body as Record<string, unknown>
    for (const f of body) {
      for (const v of badValues(f.kind, false, victimIds))
        cases.push({
          ...base,
          label: `body ${f.name}=${JSON.stringify(v)?.slice(0, 40)}`,
          body: { ...b, [f.name]: v },
          mustRefuse: mustRefuse(f.kind, v, victimIds),
        })
      if (f.required)
        cases.push({
          ...base,
          label: `body ${f.name} missing`,
          body: Object.fromEntries(Object.entries(b).filter(([k]) => k !== f.name)),
        })
      // One level down: the fields of an object field (documents, settings), each in its bad forms.
      if (f.kind === 'object') {
        const inner = sample(f, false, victimIds) as Record<string, unknown>
        for (const g of fieldsOf(f.schema)) {
          for (const v of badValues(g.kind, false, victimIds).slice(0, 6))
            cases.push({
              ...base,
              label: `body ${f.name}.${g.name}=${JSON.stringify(v)?.slice(0, 40)}`,
              body: { ...b, [f.name]: { ...inner, [g.name]: v } },
              mustRefuse: mustRefuse(g.kind, v, victimIds),
            })
        }
      }
    }
    for (const whole of [MISSING, [b], 'text', { ...b, [NUL]: 1 }])
      cases.push({
        ...base,
        label: `body ${typeof whole === 'symbol' ? 'missing' : JSON.stringify(whole).slice(0, 40)}`,
        body: whole,
      })
  }
  if (def.multipart) {
    for (const [label, form] of MULTIPART_CASES)
      cases.push({ ...base, label: `multipart ${label}`, form, mustRefuse: label.includes('NUL') })
    cases.push({ ...base, label: 'multipart route sent JSON', body: { name: NUL, file: 'x' } })
  }
  if (!cases.length) cases.push({ ...base, label: 'as declared (no input)' })
  return cases
}

/** Percent-encoding, a lone surrogate as the CESU bytes a client could send (encodeURIComponent refuses it). */
const encode = (v: string) =>
  v
    .split(/([\ud800-\udfff])/)
    .map((piece) => (/^[\ud800-\udfff]$/.test(piece) ? '%ED%A0%80' : encodeURIComponent(piece)))
    .join('')
const fillPath = (p: string, params: Record<string, string>) =>
  p.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, n: string) => encode(params[n] ?? 'fuzz'))

// ─────────────────────────────── What may not change ───────────────────────────────

/**
 * Tables written on a refused request by design: the shared rate-limit counters (PostgreSQL
 * engine) and the failed sign-ins a 401 counts (the lockout).
 */
const VOLATILE_TABLES = new Set(['rate_limit_hits', 'sign_in_failures', 'version'])
/** Tables whose rows are stamped on any authenticated call (last seen): only new and removed rows count. */
const STAMPED_TABLES = new Set(['sessions', 'admin_sessions'])

/**
 * Routes whose handlers start media work (speech, drawing, encoding) on an accepted input: only
 * the cases their contract refuses are sent (validation runs before the handler), so the suite
 * stays short. Every other route gets every case.
 */
const MEDIA_ROUTES = new Set([
  'POST /api/voices/preview',
  'POST /api/gif-avatar',
  'POST /api/custom-avatar/generate',
  'POST /api/custom-avatar/:id/update',
  'POST /api/quick-create',
  'POST /api/short-audio',
  'POST /api/demo/ai-video',
  'POST /api/demo/ai-audio',
  'POST /api/donation/avatar-setup/short-video',
])
const refusedByContract = (def: RouteDef, c: Case) =>
  !(def.params?.safeParse(c.params).success ?? true) ||
  !(def.query?.safeParse(c.query).success ?? true) ||
  (!def.multipart && !(def.body?.safeParse(c.body === MISSING ? undefined : c.body).success ?? true))

/**
 * Routes left out, each because its 2xx would end the caller's own session or lock the admin out
 * mid-run (validation is covered by the cases of the routes around it). Kept short on purpose.
 */
const SKIPPED = new Set<string>([])

describe('contract fuzz: every route, every declared field, bad forms', () => {
  let t: TestApp
  let admin: Record<string, string>
  let user: Record<string, string>
  let victimIds: number[] = []
  const MARK = 'VictimSecret7f3'
  let address = 0
  const nextAddress = () => `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`

  const register = async (name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: name, email: `${name}@example.com`, password: 'fuzz password 1' },
      remoteAddress: nextAddress(),
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json<{ token: string; user: { id: number } }>()
    return { id: body.user.id, headers: { authorization: `Bearer ${body.token}` } }
  }

  beforeAll(async () => {
    t = await createTestApp()
    admin = await adminHeaders(t.app)
    // The victim owns one of each kind the caller could name by id; their names carry MARK.
    const victim = await register('fuzzvictim')
    const call = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: victim.headers })
      expect(res.statusCode, `${url} ${res.body}`).toBe(200)
      return res.json<Record<string, { id: number }>>()
    }
    const project = (await call('/api/create-project', { name: `${MARK} project` })).project!.id
    const brand = (await call('/api/ads/brands', { name: `${MARK} brand`, description: MARK })).brand!.id
    const adProject = (await call('/api/ads/projects', { name: `${MARK} ad`, brand_id: brand, copy: MARK }))
      .project!.id
    victimIds = [...new Set([victim.id, project, brand, adProject])]
    const caller = await register('fuzzcaller')
    user = caller.headers
    const own = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: user })
      expect(res.statusCode, `${url} ${res.body}`).toBe(200)
      return res.json<Record<string, { id: number }>>()
    }
    const ownProject = (await own('/api/create-project', { name: 'Own project' })).project!.id
    const ownBrand = (await own('/api/ads/brands', { name: 'Own brand' })).brand!.id
    const ownAd = (await own('/api/ads/projects', { name: 'Own ad', brand_id: ownBrand })).project!.id
    ownIds = [...new Set([ownProject, ownBrand, ownAd, caller.id])]
    // Every row written anywhere is noted (a trigger per table): a refusal must leave no note.
    const { rows } = await t.database.raw.query<{ name: string }>(
      "select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1",
    )
    const tables = rows
      .map((r) => r.name)
      .filter((n) => !VOLATILE_TABLES.has(n.split('.').pop()!.replace(/"/g, '')))
    await t.database.raw
      .exec(`create table fuzz_writes (id bigserial primary key, tbl text not null, op text not null);
      create function fuzz_note() returns trigger language plpgsql as $$ begin insert into fuzz_writes (tbl, op) values (tg_table_schema || '.' || tg_table_name, tg_op); return null; end $$;
      ${tables.map((n, i) => `create trigger fuzz_note_${i} after insert or ${STAMPED_TABLES.has(n.split('.').pop()!.replace(/"/g, '')) ? '' : 'update or '}delete on ${n} for each row execute function fuzz_note();`).join('\n')}`)
  })
  afterAll(async () => t?.close())

  /** The last write noted and the stored files: changes if anything was written. */
  async function fingerprint(): Promise<{ writes: number; files: string }> {
    const { rows } = await t.database.raw.query<{ n: string | null }>(
      'select max(id)::text as n from fuzz_writes',
    )
    const dir = t.config.dataDir
    const files = fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .sort()
    return { writes: Number(rows[0]?.n ?? 0), files: files.join('\n') }
  }
  async function writesSince(id: number) {
    const { rows } = await t.database.raw.query<{ w: string }>(
      "select tbl || ' ' || op as w from fuzz_writes where id > $1 order by id limit 5",
      [id],
    )
    return rows.map((r) => r.w).join(', ')
  }

  it('never answers 5xx, changes nothing on a 4xx, and shows no other owner’s data', async () => {
    // FUZZ_ONLY=<part of a path> narrows a run while mending one route.
    const routes = t.app.contractRoutes.filter(
      (d) => !SKIPPED.has(`${d.method} ${d.path}`) && d.path.includes(process.env.FUZZ_ONLY ?? ''),
    )
    const failures: string[] = []
    let cases = 0
    let before = await fingerprint()
    const statuses = new Map<number, number>()
    for (const def of routes) {
      const headers = def.auth === 'admin' ? admin : user
      const started = performance.now()
      const media = MEDIA_ROUTES.has(`${def.method} ${def.path}`)
      const routeCases = casesOf(def, victimIds).filter((c) => !media || refusedByContract(def, c))
      for (const c of routeCases) {
        cases++
        const search = Object.entries(c.query)
          .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((one) => `${encode(k)}=${encode(one)}`))
          .join('&')
        const url = fillPath(def.path, c.params) + (search ? `?${search}` : '')
        const form = c.form ? orderedFormData(c.form) : undefined
        const res = await t.app.inject({
          method: def.method,
          url,
          remoteAddress: nextAddress(),
          headers: { ...headers, ...(form?.headers ?? {}) },
          ...(form
            ? { payload: form.payload }
            : c.body === MISSING || c.body === undefined
              ? {}
              : {
                  payload: JSON.stringify(c.body),
                  headers: { ...headers, 'content-type': 'application/json' },
                }),
        })
        const where = `${def.method} ${def.path} [${c.label}] → ${res.statusCode}`
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
        // 503 not_configured: an integration this server has no keys for (its answer before any input is read).
        // 502 provider_unavailable: a third party this test does not fake did not answer (no input of ours reached it).
        const unconfigured = res.statusCode === 503 && res.body.includes('"code":"not_configured"')
        const upstream = res.statusCode === 502 && res.body.includes('"code":"provider_unavailable"')
        if (res.statusCode >= 500 && !unconfigured && !upstream)
          failures.push(`${where} ${res.body.slice(0, 200)}`)
        const after = await fingerprint()
        if (c.mustRefuse && res.statusCode < 400) failures.push(`${where}: taken, but it must be refused`)
        if (
          res.statusCode >= 400 &&
          res.statusCode < 500 &&
          (after.writes !== before.writes || after.files !== before.files)
        )
          failures.push(
            `${where}: state changed on a refusal (${after.files === before.files ? await writesSince(before.writes) : 'stored files'})`,
          )
        if (res.statusCode < 300 && def.auth !== 'admin' && res.body.includes(MARK))
          failures.push(`${where}: another user's data`)
        before = after
        // A case that ended the caller's session (logout, delete account): sign in again.
        if (
          res.statusCode < 300 &&
          def.auth !== 'admin' &&
          (await t.app.inject({ method: 'GET', url: '/api/get-user-login', headers: user })).statusCode !==
            200
        ) {
          user = (await register(`fuzzcaller${cases}`)).headers
          before = await fingerprint()
        }
        if (
          res.statusCode < 300 &&
          def.auth === 'admin' &&
          (await t.app.inject({ method: 'GET', url: '/api/admin/info', headers: admin })).statusCode !== 200
        ) {
          admin = await adminHeaders(t.app)
          before = await fingerprint()
        }
      }
      if (process.env.FUZZ_DEBUG)
        console.log(
          `${Math.round(performance.now() - started)} ms ${routeCases.length} ${def.method} ${def.path}`,
        )
    }
    console.log(`contract fuzz: ${routes.length} routes × ${cases} cases`)
    if (process.env.FUZZ_DEBUG)
      console.log(
        [...statuses]
          .sort()
          .map(([k, v]) => `${k}: ${v}`)
          .join(', '),
      )
    expect(failures).toEqual([])
  }, 600_000)
})
