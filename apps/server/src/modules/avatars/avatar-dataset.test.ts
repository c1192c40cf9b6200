import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AvatarDatasetItem } from '@mouthpiece/contracts/avatars/avatar-dataset.contract'
import type { AuditEntry } from '@mouthpiece/contracts/audit/audit.contract'
import { adminHeaders, createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { rendersClient } from '../renders/testing'

interface Page<T> {
  list: T[]
  total: number
  lastPage: number
}
const PROMPT = {
  wearing: 'a red hoodie',
  style: 'anime',
  inspired: 'cat streamer',
  color: 'pink hair',
  modifier1: '',
  modifier2: '',
  positivePrompt: '',
  negativePrompt: '',
}

/** SPEC §7 admin Users: the users' avatar dataset {page, keySearch} and update dataset. */
describe("admin: users' avatar dataset", () => {
  let t: TestApp
  let admin: Record<string, string>
  let client: ReturnType<typeof rendersClient>
  let owner: { token: string; id: number; username: string }
  let kit: { id: number }
  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers })
  const post = (url: string, payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers })

  beforeAll(async () => {
    t = await createTestApp()
    admin = await adminHeaders(t.app)
    client = rendersClient(t)
    owner = await client.register('dataset')
    const other = await client.register('another')
    const made = await client.call('POST', '/api/custom-avatar/generate', owner, {
      name: 'Kit',
      prompt: PROMPT,
    })
    expect(made.statusCode, made.body).toBe(200)
    kit = made.json<{ avatar: { id: number } }>().avatar
    expect(
      (
        await client.call('POST', '/api/custom-avatar/generate', other, {
          name: 'Robo',
          prompt: { ...PROMPT, style: 'robot' },
        })
      ).statusCode,
    ).toBe(200)
  })
  afterAll(async () => t.close())

  it("lists every user's avatars with their owner, searched by name or owner", async () => {
    const res = await get('/api/admin/avatar-dataset')
    expect(res.statusCode, res.body).toBe(200)
    const all = res.json<Page<AvatarDatasetItem>>()
    expect(all.total).toBe(2)
    expect(all.list.map((a) => a.name)).toEqual(['Robo', 'Kit'])
    const mine = (await get(`/api/admin/avatar-dataset?keySearch=${owner.username}`)).json<
      Page<AvatarDatasetItem>
    >()
    expect(mine.list).toHaveLength(1)
    expect(mine.list[0]).toMatchObject({
      id: kit.id,
      name: 'Kit',
      user_id: owner.id,
      username: owner.username,
      email: `${owner.username}@example.com`,
      kind: 'cartoon',
    })
    expect(
      (await get('/api/admin/avatar-dataset?keySearch=robo'))
        .json<Page<AvatarDatasetItem>>()
        .list.map((a) => a.name),
    ).toEqual(['Robo'])
    const png = await get(mine.list[0]!.preview_url)
    expect(png.headers['content-type']).toBe('image/png')
    expect((await get('/api/admin/avatar-dataset?page=0')).statusCode).toBe(400)
  })

  it('updates an avatar for its owner, redrawn and audited; bad input changes nothing', async () => {
    for (const [payload, status, message] of [
      [{ id: kit.id }, 400, 'Change the name or the look prompt'],
      [{ id: kit.id, name: '' }, 400, 'Please name your avatar'],
      [{ id: 999999, name: 'Ghost' }, 404, 'Avatar not found'],
    ] as const) {
      const res = await post('/api/admin/avatar-dataset/update', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(status)
      expect(res.json<{ message: string }>().message).toBe(message)
    }
    const before = (await client.call('GET', `/api/custom-avatar/${kit.id}`, owner)).json<{
      avatar: { name: string; look: unknown }
    }>().avatar
    expect(before.name).toBe('Kit')

    const res = await post('/api/admin/avatar-dataset/update', {
      id: kit.id,
      name: 'Kit (fixed)',
      prompt: { ...PROMPT, color: 'green hair' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<{ avatar: AvatarDatasetItem }>().avatar).toMatchObject({
      id: kit.id,
      name: 'Kit (fixed)',
      prompt: { color: 'green hair' },
      user_id: owner.id,
    })
    const after = (await client.call('GET', `/api/custom-avatar/${kit.id}`, owner)).json<{
      avatar: { name: string; look: unknown }
    }>().avatar
    expect(after.name).toBe('Kit (fixed)')
    expect(after.look).not.toEqual(before.look)
    const entry = (await get(`/api/admin/audit-log?action=avatars.dataset-update&target_id=${kit.id}`)).json<
      Page<AuditEntry>
    >().list[0]
    expect(entry).toMatchObject({
      before: { name: 'Kit', prompt: { color: 'pink hair' } },
      after: { name: 'Kit (fixed)', prompt: { color: 'green hair' } },
    })
  })

  it('answers 403 to a normal user on every dataset call and changes nothing', async () => {
    const as = { authorization: `Bearer ${owner.token}` }
    expect((await get('/api/admin/avatar-dataset', as)).statusCode).toBe(403)
    expect((await get(`/api/admin/avatar-dataset/${kit.id}/preview.png`, as)).statusCode).toBe(403)
    expect(
      (await post('/api/admin/avatar-dataset/update', { id: kit.id, name: 'Hijacked' }, as)).statusCode,
    ).toBe(403)
    expect(
      (await client.call('GET', `/api/custom-avatar/${kit.id}`, owner)).json<{ avatar: { name: string } }>()
        .avatar.name,
    ).toBe('Kit (fixed)')
  })
})
