import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

describe('health', () => {
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
})
