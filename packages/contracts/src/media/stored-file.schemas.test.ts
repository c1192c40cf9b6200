import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RouteDef } from '../define-route'
import { SERVER_ONLY } from './stored-file.schemas'

// Every contract module, so a route added tomorrow is walked too.
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const isRoute = (v: unknown): v is RouteDef =>
  !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'auth' in v
async function allRoutes(): Promise<RouteDef[]> {
  const files = (await readdir(ROOT, { recursive: true })).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  )
  const modules = await Promise.all(
    files.map((f) => import(path.join(ROOT, f)) as Promise<Record<string, unknown>>),
  )
  return [...new Set(modules.flatMap((m) => Object.values(m).filter(isRoute)))]
}

/** JSON-pointer-ish paths of the fields marked server-only that a request could fill in. */
function serverOnlyFields(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  })
  const found: string[] = []
  const walk = (node: unknown, at: string) => {
    if (!node || typeof node !== 'object') return
    if ((node as Record<string, unknown>)[SERVER_ONLY]) found.push(at || '/')
    for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`)
  }
  walk(json, '')
  return found
}

describe('stored-file references', () => {
  it('no route lets a client name a stored file: no params, query or body reaches a server-only field', async () => {
    const routes = await allRoutes()
    expect(routes.length).toBeGreaterThan(200)
    const offending = routes.flatMap((r) =>
      (['params', 'query', 'body'] as const).flatMap((part) =>
        r[part] ? serverOnlyFields(r[part]).map((f) => `${r.method} ${r.path} ${part}${f}`) : [],
      ),
    )
    expect(offending).toEqual([])
  })

  it('the documents the server fills do carry the mark (the walk above sees it)', async () => {
    const { AvatarLook } = await import('./avatar.schemas')
    const { RenderOptions } = await import('./render.schemas')
    expect(serverOnlyFields(AvatarLook).join(' ')).toMatch(/photo.*key/)
    expect(serverOnlyFields(RenderOptions).join(' ')).toMatch(/background.*path/)
  })
})
