import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdProject, AdProjectStats } from '@mouthpiece/contracts/ads/projects.schemas'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { adminHeaders, createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { rendersClient } from '../../renders/testing'

type Answer = { project: AdProject }

describe('ad projects: list, get, create, update, stats (user and admin), socket events', () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>
  beforeAll(async () => {
    t = await createTestApp()
    client = rendersClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it('creates with a brand, goal and placements; lists, gets, updates; other users see nothing', async () => {
    const me = await client.register('adproj')
    const emitted: Array<{ user: number; event: string; payload: unknown }> = []
    const original = t.realtime.emitToUser.bind(t.realtime)
    t.realtime.emitToUser = async (user: number, event: string, payload: unknown, opts?: unknown) => {
      emitted.push({ user, event, payload })
      return (original as (...a: unknown[]) => Promise<void>)(user, event, payload, opts)
    }
    const brand = (await client.call('POST', '/api/ads/brands', me, { name: 'Acme' })).json<{
      brand: { id: number }
    }>().brand
    const made = await client.call('POST', '/api/ads/projects', me, {
      name: 'Spring launch',
      brand_id: brand.id,
      goal: 'sales',
      copy: 'Fresh beans.',
      placements: ['story', 'square', 'leaderboard'],
    })
    expect(made.statusCode, made.body).toBe(200)
    const project = made.json<Answer>().project
    expect(project).toMatchObject({
      name: 'Spring launch',
      brand_id: brand.id,
      brand_name: 'Acme',
      goal: 'sales',
      placements: ['story', 'square', 'leaderboard'],
      status: 'draft',
    })
    expect(emitted).toContainEqual(
      expect.objectContaining({
        user: me.id,
        event: RealtimeEvent.adProject,
        payload: expect.objectContaining({ type: 'project', action: 'created' }),
      }),
    )

    expect(
      (await client.call('POST', '/api/ads/projects', me, { name: 'x', placements: ['poster'] })).json<{
        message: string
      }>().message,
    ).toMatch(/Placement must be one of/)
    expect(
      (await client.call('POST', '/api/ads/projects', me, { name: 'x', placements: [] })).json<{
        message: string
      }>().message,
    ).toBe('Please pick at least one placement')
    const other = await client.register('adother')
    expect(
      (await client.call('POST', '/api/ads/projects', other, { name: 'steal', brand_id: brand.id }))
        .statusCode,
    ).toBe(404)

    const got = await client.call('GET', `/api/ads/projects/${project.id}`, me)
    expect(got.json<Answer>().project.id).toBe(project.id)
    expect((await client.call('GET', `/api/ads/projects/${project.id}`, other)).json()).toMatchObject({
      message: 'Ad project not found',
    })
    const up = await client.call('POST', `/api/ads/projects/${project.id}/update`, me, {
      name: 'Spring launch v2',
      placements: ['story'],
    })
    expect(up.json<Answer>().project).toMatchObject({ name: 'Spring launch v2', placements: ['story'] })
    await client.call('POST', '/api/ads/projects', me, { name: 'Autumn' })
    const list = await client.call('GET', '/api/ads/projects?page=1', me)
    expect(list.json()).toMatchObject({ total: 2, list: [{ name: 'Autumn' }, { name: 'Spring launch v2' }] })
    expect((await client.call('GET', '/api/ads/projects?keyword=spring', me)).json()).toMatchObject({
      total: 1,
    })
    const stats = (await client.call('GET', `/api/ads/projects/${project.id}/stats`, me)).json<{
      stats: AdProjectStats
    }>().stats
    expect(stats).toMatchObject({ project_id: project.id, placements: 1, scrapes: 0 })

    // Admin: list (search by user), one with stats, overview, type breakdown, CSV.
    const admin = await adminHeaders(t.app)
    const a = await t.app.inject({
      method: 'GET',
      url: `/api/admin/ad-projects?q=${me.username}`,
      headers: admin,
    })
    expect(a.json()).toMatchObject({ total: 2, list: [{ username: me.username }, { username: me.username }] })
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/admin/ad-projects/${project.id}`,
      headers: admin,
    })
    expect(one.json()).toMatchObject({
      project: { name: 'Spring launch v2', username: me.username, brand_name: 'Acme' },
      stats: { placements: 1 },
    })
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/admin/ad-projects-stats',
      headers: admin,
    })
    expect(overview.json()).toMatchObject({
      projects: 2,
      projects_by_goal: { sales: 1, awareness: 1 },
      brands: 1,
    })
    const types = await t.app.inject({ method: 'GET', url: '/api/admin/ads-type-breakdown', headers: admin })
    expect(types.json<{ types: Array<{ type: string; count: number }> }>().types).toContainEqual(
      expect.objectContaining({ type: 'project', count: 2 }),
    )
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/ad-projects/export?status=draft',
      headers: admin,
    })
    expect(csv.body.split('\n')[0]).toContain('id,name,username')
    expect(csv.body).toContain('Spring launch v2')
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ad-projects' })).statusCode).toBe(401)
  })
})
