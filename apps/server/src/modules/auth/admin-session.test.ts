import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ADMIN_KEY_COOKIE } from '@mouthpiece/contracts/constants'
import { loadConfig } from '../../platform/config'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { seedAdmin } from './auth.seed'

const login = (t: TestApp, username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } })

describe('admin session', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  it('logs the seeded admin in, shows who it is, and logs out', async () => {
    const res = await login(t, 'admin', 'admin-password-1')
    expect(res.statusCode).toBe(200)
    const body = res.json<{ token: string; admin: { id: number; username: string } }>()
    expect(body.admin).toMatchObject({ username: 'admin' })
    const auth = { authorization: `Bearer ${body.token}` }

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/info', headers: auth })).json()).toEqual({
      admin: body.admin,
    })
    // The admin area's on-load check is sent with the admin key cookie.
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/get-user-data',
      cookies: { [ADMIN_KEY_COOKIE]: body.token },
    })
    expect(check.statusCode).toBe(200)
    expect(check.json()).toEqual({ admin: body.admin })

    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: auth })).json()).toEqual({
      ok: true,
    })
    expect((await t.app.inject({ method: 'GET', url: '/api/get-user-data', headers: auth })).statusCode).toBe(
      401,
    )
  })

  it('refuses a wrong admin password', async () => {
    const res = await login(t, 'admin', 'not the password')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ message: 'Invalid username or password' })
  })
})

describe('first-start admin seed', () => {
  let t: TestApp
  let printed: string[]
  beforeAll(async () => {
    printed = []
    const spy = vi
      .spyOn(console, 'log')
      .mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')))
    // No ADMIN_PASSWORD: the seed makes one up.
    t = await createTestApp({ env: { ADMIN_PASSWORD: '', ADMIN_USERNAME: 'boss' } })
    spy.mockRestore()
  })
  afterAll(async () => t.close())

  it('prints a generated password once and keeps it in admin-password.txt, mode 600', async () => {
    const file = path.join(t.config.dataDir, 'admin-password.txt')
    const password = fs.readFileSync(file, 'utf8').trim()
    expect(password.length).toBeGreaterThanOrEqual(16)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(printed).toEqual([`Admin account created: username boss, password ${password} (saved to ${file})`])
    expect((await login(t, 'boss', password)).statusCode).toBe(200)
  })

  it('leaves an existing admin alone on later starts, even with a new ADMIN_PASSWORD', async () => {
    const file = path.join(t.config.dataDir, 'admin-password.txt')
    const password = fs.readFileSync(file, 'utf8').trim()
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    await seedAdmin(t)
    await seedAdmin({ db: t.db, config: { ...t.config, ADMIN_PASSWORD: 'a-different-password' } })
    expect(log).not.toHaveBeenCalled()
    log.mockRestore()
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(password)
    expect((await login(t, 'boss', password)).statusCode).toBe(200)
    expect((await login(t, 'boss', 'a-different-password')).statusCode).toBe(401)
    const { rows } = await t.database.raw.query('select 1 from admins')
    expect(rows).toHaveLength(1)
  })

  it('uses ADMIN_PASSWORD when given and writes no file', async () => {
    const config = loadConfig({
      DATA_DIR: path.join(t.config.dataDir, 'other'),
      ADMIN_USERNAME: 'ops',
      ADMIN_PASSWORD: 'ops-password-1',
    })
    await seedAdmin({ db: t.db, config })
    expect(fs.existsSync(path.join(config.dataDir, 'admin-password.txt'))).toBe(false)
    expect((await login(t, 'ops', 'ops-password-1')).statusCode).toBe(200)
  })
})
