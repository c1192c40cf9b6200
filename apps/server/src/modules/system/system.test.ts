import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

describe('health and readiness', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  it('reports ok with the database engine in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'ok',
      db: process.env.TEST_DB_ENGINE,
      version: expect.any(String),
    })
  })

  it('answers an unknown API path with a 404 message, not a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ message: 'This page could not be found' })
  })

  it('is ready once the database answers with every migration applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ready', db: process.env.TEST_DB_ENGINE })
  })

  // Last: the app stays draining.
  it('stops being ready when it drains, while staying alive, and asks clients to reconnect elsewhere', async () => {
    t.app.lifecycle.startDrain()
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toMatchObject({ message: expect.stringContaining('Draining') })
    const health = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(200)
    expect(health.headers.connection).toBe('close')
  })
})
