import fs from 'node:fs'
import path from 'node:path'
import type { HTTPMethods } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { mentionsPath, parseTable, REPO_ROOT, TABLE_FILE, testText } from '../../../test/spec-calls-table'

/**
 * docs/spec-calls.md against the routes the server registers (app.contractRoutes): every spec call
 * is served by routes that exist, with their auth; every registered route is either in it or in
 * its closing table of routes beyond the spec; every call names, per route, a test file that
 * exists and calls that path. One app, no requests.
 */
describe('the spec calls table', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('serves and tests every spec call, and lists every route', () => {
    const { calls, others } = parseTable(fs.readFileSync(path.join(REPO_ROOT, TABLE_FILE), 'utf8'))
    const contract = new Map(t.app.contractRoutes.map((r) => [`${r.method} ${r.path}`, r]))
    // The two signed webhooks (payment handle, Twitch EventSub) read their body raw, so they are
    // registered on Fastify directly: they exist there, they take no session (public).
    const registry = new Map<string, string>([...contract].map(([k, r]) => [k, r.path]))
    const routeExists = (key: string) => {
      const [method, url] = key.split(' ') as [HTTPMethods, string]
      if (!registry.has(key) && t.app.hasRoute({ method, url })) registry.set(key, url)
      return registry.has(key)
    }
    const authOf = (key: string) => {
      const r = contract.get(key)
      return !r ? 'public' : r.requiresEnabled ? `${r.auth}, enabled` : r.auth
    }
    const problems: string[] = []
    const listed = new Map<string, number>()
    let served = 0
    let tested = 0
    for (const c of calls) {
      const at = `${TABLE_FILE}:${c.line} "${c.call}"`
      if (!c.routes.length) problems.push(`${at}: no route serves it`)
      let ok = c.routes.length > 0
      let covered = ok
      c.routes.forEach((key, i) => {
        listed.set(key, c.line)
        if (!routeExists(key)) {
          problems.push(`${at}: ${key} is not a registered route`)
          ok = covered = false
          return
        }
        if (c.auths[i] !== authOf(key))
          problems.push(`${at}: ${key} is ${authOf(key)}, the table says ${c.auths[i]}`)
        const test = c.tests[i]
        if (!test || !fs.existsSync(path.join(REPO_ROOT, test))) {
          problems.push(`${at}: no test file for ${key}${test ? ` (${test} does not exist)` : ''}`)
          covered = false
        } else if (!mentionsPath(testText(test), registry.get(key)!)) {
          problems.push(`${at}: ${test} does not call ${key}`)
          covered = false
        }
      })
      if (ok) served++
      if (covered) tested++
    }
    for (const o of others) {
      if (!routeExists(o.route))
        problems.push(`${TABLE_FILE}:${o.line}: ${o.route} is not a registered route`)
      else if (listed.has(o.route))
        problems.push(`${TABLE_FILE}:${o.line}: ${o.route} also serves a spec call`)
      listed.set(o.route, o.line)
    }
    for (const key of registry.keys())
      if (!listed.has(key))
        problems.push(`${key} is in neither table (node --import tsx scripts/spec-calls.ts)`)

    console.log(`spec calls: ${served}/${calls.length} served, ${tested} tested`)
    expect(problems).toEqual([])
    expect(calls.length).toBeGreaterThan(250)
  })
})
