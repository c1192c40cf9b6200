import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '@mouthpiece/contracts/audit/audit.contract'
import type { BulkAction } from '@mouthpiece/contracts/operations/bulk-actions.contract'
import type { User } from '@mouthpiece/contracts/users/users.schemas'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

interface Page<T> {
  list: T[]
  total: number
  lastPage: number
  page: number
  per_page: number
}

describe('back office: lists, audit log, bulk actions, instances', () => {
  let t: TestApp
  let admin: Record<string, string>
  let userHeaders: Record<string, string>
  const post = (url: string, payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers })
  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers })
  const audit = async (qs: string) => (await get(`/api/admin/audit-log?${qs}`)).json<Page<AuditEntry>>()

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    const res = await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' }, {})
    admin = { authorization: `Bearer ${res.json<{ token: string }>().token}` }
    const reg = await post(
      '/api/register',
      { username: 'plainuser', email: 'plain@example.com', password: 'user password 1' },
      {},
    )
    userHeaders = { authorization: `Bearer ${reg.json<{ token: string }>().token}` }
    // 30 users to act on, across several pages.
    for (let i = 0; i < 30; i++)
      expect(
        (
          await post('/api/admin/users/create', {
            username: `bulk${i}`,
            email: `bulk${i}@bulk.test`,
            password: 'user password 1',
          })
        ).statusCode,
      ).toBe(200)
  }, 120_000)
  afterAll(async () => t.close())

  it('refuses a signed-in user on every admin call with 403 and changes nothing', async () => {
    const calls = [
      ['GET', '/api/admin/audit-log'],
      ['GET', '/api/admin/audit-log/export'],
      ['GET', '/api/admin/users/export'],
      ['POST', '/api/admin/bulk-actions/preview'],
      ['POST', '/api/admin/bulk-actions'],
      ['GET', '/api/admin/bulk-actions'],
      ['GET', '/api/admin/bulk-actions/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/admin/instances'],
      ['GET', '/api/admin/instances/render-workers/count'],
      ['POST', '/api/admin/instances/render-workers/desired-count'],
      ['GET', '/api/admin/instances/performance-jobs'],
      ['GET', '/api/admin/dashboard'],
    ] as const
    for (const [method, url] of calls) {
      const res = await t.app.inject({
        method,
        url,
        headers: userHeaders,
        payload:
          method === 'POST'
            ? { DesiredCapacity: 2, target: 'users', action: 'delete', filter: {}, confirm_count: 99 }
            : undefined,
      })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url} anonymous`).toBe(401)
    }
    expect((await get('/api/admin/users?keySearch=bulk')).json<Page<User>>().total).toBe(30)
  })

  it('pages, sorts and filters users on the server, and answers bad input with the error shape', async () => {
    const page = (await get('/api/admin/users?keySearch=bulk&sort=username&dir=asc&per_page=7&page=2')).json<
      Page<User>
    >()
    expect(page).toMatchObject({ total: 30, total_capped: false, lastPage: 5, page: 2, per_page: 7 })
    // Sorted as text: bulk0, bulk1, bulk10 … bulk14 on page 1; page 2 goes on from bulk15.
    expect(page.list.map((u) => u.username)).toEqual([
      'bulk15',
      'bulk16',
      'bulk17',
      'bulk18',
      'bulk19',
      'bulk2',
      'bulk20',
    ])
    for (const qs of [
      'sort=password_hash',
      'dir=up',
      'per_page=1000',
      'status=maybe',
      'created_from=yesterday',
    ]) {
      const res = await get(`/api/admin/users?${qs}`)
      expect(res.statusCode, qs).toBe(400)
      expect(res.json()).toHaveProperty('message')
    }
  })

  it('streams the whole filtered set as CSV and audits the export', async () => {
    const res = await get('/api/admin/users/export?keySearch=bulk1&sort=id&dir=asc')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('id,username,email,is_enabled,is_super_user,is_grandfather,created_at')
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual([
      'bulk1',
      ...Array.from({ length: 10 }, (_, i) => `bulk1${i}`),
    ])
    const entries = await audit('action=users.export')
    expect(entries.list[0]).toMatchObject({ actor_name: 'admin', meta: { filter: { keySearch: 'bulk1' } } })
  })

  it('writes each admin change with its audit entry, before and after; the log cannot be rewritten', async () => {
    const user = (await get('/api/admin/users?keySearch=bulk0%40')).json<Page<User>>().list[0]!
    const res = await post('/api/admin/users/update-super-user', { user_id: user.id, is_super_user: true })
    expect(res.statusCode).toBe(200)
    const [entry] = (await audit(`target_type=user&target_id=${user.id}&action=users.update-super-user`)).list
    expect(entry).toMatchObject({
      actor_kind: 'admin',
      actor_name: 'admin',
      before: { is_super_user: false },
      after: { is_super_user: true },
    })

    // Refused input changes nothing and leaves no entry.
    const before = (await audit('per_page=1')).total
    expect(
      (await post('/api/admin/users/update-super-user', { user_id: user.id, is_super_user: 'yes' }))
        .statusCode,
    ).toBe(400)
    expect(
      (
        await post('/api/admin/users/save-info', {
          user_id: user.id,
          username: 'bulk1',
          email: 'x@y.test',
          is_enabled: true,
        })
      ).statusCode,
    ).toBe(422)
    expect((await audit('per_page=1')).total).toBe(before)

    // Password changes are logged as changed, never as a value.
    await post('/api/admin/users/save-info', {
      user_id: user.id,
      username: user.username,
      email: user.email,
      is_enabled: true,
      password: 'a new password 1',
    })
    expect(
      JSON.stringify((await audit(`target_id=${user.id}&action=users.save-info`)).list[0]),
    ).not.toContain('a new password')

    // Settings, word lists and plan prices are audited the same way.
    expect((await post('/api/admin/profanity-filter-setting', { max_chars: 250 })).statusCode).toBe(200)
    expect((await audit('action=moderation.update-profanity-filter-setting')).list[0]).toMatchObject({
      before: { max_chars: 300 },
      after: { max_chars: 250 },
    })
    await post('/api/admin/bad-word-list', { words: ['grapefruit'] })
    expect((await audit('action=moderation.update-bad-word-list')).list[0]).toMatchObject({
      before: [],
      after: ['grapefruit'],
    })
    const { plans } = (await get('/api/admin/payment/plans')).json<{
      plans: Array<{ id: number; slug: string; price_cents: number }>
    }>()
    const plan = plans.find((p) => p.price_cents > 0)!
    await post(`/api/admin/payment/plans/${plan.id}/update`, { price_cents: plan.price_cents + 100 })
    expect((await audit('action=plans.update')).list[0]).toMatchObject({
      target_id: String(plan.id),
      before: { price_cents: plan.price_cents },
      after: { price_cents: plan.price_cents + 100 },
    })
    expect((await post(`/api/admin/payment/plans/${plan.id}/update`, { price_cents: 0 })).statusCode).toBe(
      422,
    )
    expect((await audit('action=plans.update')).total).toBe(1)

    await expect(t.database.raw.query(`update audit_log set actor_name = 'someone else'`)).rejects.toThrow(
      /append-only/,
    )
    await expect(t.database.raw.query(`delete from audit_log`)).rejects.toThrow(/append-only/)
    await expect(t.database.raw.exec(`truncate audit_log`)).rejects.toThrow(/append-only/)
  })

  it('disables every user matching a filter as a background job: dry run, progress, report, an audit entry per user', async () => {
    const input = {
      target: 'users',
      action: 'disable',
      filter: { keySearch: '@bulk.test', status: 'enabled' },
    }
    expect((await post('/api/admin/bulk-actions/preview', input)).json()).toEqual({ count: 30 })
    const stale = await post('/api/admin/bulk-actions', { ...input, confirm_count: 10 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'bulk_count_changed' })
    expect(
      (await post('/api/admin/bulk-actions', { ...input, action: 'explode', confirm_count: 30 })).statusCode,
    ).toBe(400)
    expect(
      (await get('/api/admin/users?keySearch=%40bulk.test&status=disabled')).json<Page<User>>().total,
    ).toBe(0)

    const started = (await post('/api/admin/bulk-actions', { ...input, confirm_count: 30 })).json<{
      bulk_action: BulkAction
    }>().bulk_action
    expect(started).toMatchObject({ status: 'queued', total: 30 })
    let done = started
    for (let i = 0; i < 100 && done.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 200))
      done = (await get(`/api/admin/bulk-actions/${started.id}`)).json<{ bulk_action: BulkAction }>()
        .bulk_action
    }
    expect(done).toMatchObject({ status: 'completed', processed: 30, changed: 30, failed: 0, errors: [] })
    expect(
      (await get('/api/admin/users?keySearch=%40bulk.test&status=disabled')).json<Page<User>>().total,
    ).toBe(30)
    const entries = await audit('action=users.disable&per_page=100')
    expect(entries.total).toBe(30)
    expect(
      entries.list.every(
        (e) =>
          (e.before as User).is_enabled &&
          !(e.after as User).is_enabled &&
          e.meta?.bulk_action_id === started.id,
      ),
    ).toBe(true)
    expect((await audit(`action=bulk-actions.users.disable`)).list[0]).toMatchObject({
      target_id: started.id,
      meta: { total: 30 },
    })
  }, 60_000)

  it('acts only on the rows ticked on screen (ids within the filter), with the same dry run', async () => {
    const three = (await get('/api/admin/users?keySearch=bulk2&sort=id&dir=asc')).json<Page<User>>().list
    const ids = three.slice(0, 2).map((u) => String(u.id))
    const input = { target: 'users', action: 'enable', filter: { keySearch: '@bulk.test', ids } }
    expect((await post('/api/admin/bulk-actions/preview', input)).json()).toEqual({ count: 2 })
    // A ticked row outside the filter is not touched.
    const outside = { ...input, filter: { keySearch: 'nobody-matches', ids } }
    expect((await post('/api/admin/bulk-actions/preview', outside)).json()).toEqual({ count: 0 })
    const bad = await post('/api/admin/bulk-actions/preview', { ...input, filter: { ids: ['x'] } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ message: 'ids must be user ids' })
    const started = (await post('/api/admin/bulk-actions', { ...input, confirm_count: 2 })).json<{
      bulk_action: BulkAction
    }>().bulk_action
    expect(started).toMatchObject({ total: 2 })
    let done = started
    for (let i = 0; i < 100 && done.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 200))
      done = (await get(`/api/admin/bulk-actions/${started.id}`)).json<{ bulk_action: BulkAction }>()
        .bulk_action
    }
    expect(done).toMatchObject({ status: 'completed', changed: 2 })
    const enabled = (await get('/api/admin/users?keySearch=%40bulk.test&status=enabled&per_page=100')).json<
      Page<User>
    >().list
    expect(enabled.map((u) => String(u.id)).sort()).toEqual([...ids].sort())
  }, 60_000)

  it('sizes the embedded render pool at once, within the cores, and audits it', async () => {
    const pools = (await get('/api/admin/instances')).json<{ list: Array<{ id: string; max: number }> }>()
      .list
    expect(pools).toEqual([
      expect.objectContaining({ id: 'render-workers', provider: 'embedded', desired: 1, running: 1, min: 1 }),
    ])
    const max = pools[0]!.max
    const res = await post('/api/admin/instances/render-workers/desired-count', {
      DesiredCapacity: Math.min(2, max),
    })
    expect(res.json()).toMatchObject({ desired: Math.min(2, max), running: Math.min(2, max) })
    expect((await get('/api/admin/instances/render-workers/count')).json()).toMatchObject({
      desired: Math.min(2, max),
    })
    const tooMany = await post('/api/admin/instances/render-workers/desired-count', {
      DesiredCapacity: max + 1,
    })
    expect(tooMany.statusCode).toBe(422)
    expect(tooMany.json()).toMatchObject({ message: `DesiredCapacity must be between 1 and ${max}` })
    expect(
      (await post('/api/admin/instances/render-workers/desired-count', { DesiredCapacity: -1 })).statusCode,
    ).toBe(400)
    expect((await get('/api/admin/instances/nope/count')).statusCode).toBe(404)
    expect((await audit('action=instances.set-desired-capacity')).list[0]).toMatchObject({
      before: { desired: 1 },
      after: { desired: Math.min(2, max) },
    })
    await post('/api/admin/instances/render-workers/desired-count', { DesiredCapacity: 1 })
    expect((await get('/api/admin/instances/performance-jobs?limit=10')).json()).toMatchObject({
      list: [],
      totals: { jobs: 0 },
    })
    expect((await get('/api/admin/instances/performance-jobs?limit=9999')).statusCode).toBe(400)
  })

  it('shows live figures on the dashboard and a public health check of every service', async () => {
    const figures = (await get('/api/admin/dashboard')).json<{
      users: { total: number; disabled: number }
      workers: { running: number }
    }>()
    expect(figures.users.total).toBeGreaterThanOrEqual(31)
    expect(figures).toMatchObject({
      renders: { today: 0, queued: 0 },
      revenue: { today_cents: 0 },
      workers: { desired: 1 },
    })
    const health = await t.app.inject({ method: 'GET', url: '/api/health-check' })
    expect(health.statusCode).toBe(200)
    const body = health.json<{
      overall: string
      checks: Array<{ name: string; status: string; ms: number; detail: string }>
    }>()
    expect(body.checks.map((c) => c.name)).toEqual([
      'database',
      'queue',
      'workers',
      'speech',
      'storage',
      'mail',
    ])
    expect(body.checks.filter((c) => c.status !== 'ok')).toEqual([])
    expect(body.overall).toBe('ok')
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok' })
  }, 30_000)
})
