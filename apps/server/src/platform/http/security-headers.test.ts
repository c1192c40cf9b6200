import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { buildApp } from './app'

describe('security headers on every answer', () => {
  let t: TestApp
  let secure: FastifyInstance
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-web-'))

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html><head><script src="/boot.js"></script><script type="module" src="/assets/app.js"></script></head><body></body></html>',
    )
    fs.mkdirSync(path.join(web, 'assets'))
    fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)')
    t = await createTestApp({ env: { WEB_DIST: web } })
    secure = await buildApp({ ...t, config: { ...t.config, publicUrl: 'https://mouthpiece.example' } })
    await secure.ready()
  })
  afterAll(async () => {
    await secure.close()
    await t.close()
    fs.rmSync(web, { recursive: true, force: true })
  })

  const directives = (csp: unknown) =>
    new Map(
      String(csp)
        .split(';')
        .map((d) => {
          const [name, ...values] = d.trim().split(/\s+/)
          return [name!, values]
        }),
    )

  it.each([
    ['a page', 'GET', '/tts/announcement?key=abc', 200],
    ['a script', 'GET', '/assets/app.js', 200],
    ['an API answer', 'GET', '/api/health', 200],
    ['an API error', 'GET', '/api/get-user-login', 401],
    ['an unknown API path', 'GET', '/api/nothing-here', 404],
    ['a validation error', 'POST', '/api/login', 400],
  ] as const)('sends them with %s', async (_what, method, url, status) => {
    const res = await t.app.inject({ method, url })
    expect(res.statusCode).toBe(status)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['x-frame-options']).toBe('DENY')
    const csp = directives(res.headers['content-security-policy'])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    // Scripts from this origin and Stripe.js only: nothing inline, no eval.
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'])
    expect(csp.get('frame-src')).toContain('https://js.stripe.com')
    expect(csp.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']))
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('adds HSTS when the public address is https', async () => {
    for (const url of ['/', '/api/health', '/api/get-user-login']) {
      const res = await secure.inject({ method: 'GET', url })
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000')
    }
  })
})
