import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { AuditEntry } from '@mouthpiece/contracts/audit/audit.contract'
import type { AdminProject } from '@mouthpiece/contracts/backoffice/admin-projects.contract'
import type { FinalVideo } from '@mouthpiece/contracts/backoffice/final-videos.contract'
import type { AdminOnboardingStep, ChecklistStep } from '@mouthpiece/contracts/backoffice/onboarding.contract'
import type { BulkAction } from '@mouthpiece/contracts/operations/bulk-actions.contract'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { adminHeaders, createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { csvCell } from '../../platform/http/csv'
import { listOutbox, readOutboxMail } from '../../platform/mail/outbox'
import { rendersClient, renders } from '../renders/testing'

interface Page<T> {
  list: T[]
  total: number
  lastPage: number
  page: number
  per_page: number
}

describe('back office: projects, final videos, onboarding', () => {
  let t: TestApp
  let admin: Record<string, string>
  let maker: { token: string; id: number; username: string }
  let other: { token: string; id: number; username: string }
  let video: Render
  const post = (url: string, payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers })
  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers })
  const as = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` })
  const audit = async (qs: string) => (await get(`/api/admin/audit-log?${qs}`)).json<Page<AuditEntry>>()

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    admin = await adminHeaders(t.app)
    const client = rendersClient(t)
    maker = await client.register('boff')
    other = await client.register('plain')
    for (const name of ['Launch trailer', 'Stream intro', 'Zebra facts'])
      expect((await post('/api/create-project', { name }, as(maker))).statusCode).toBe(200)
    expect((await post('/api/create-project', { name: 'Other trailer' }, as(other))).statusCode).toBe(200)
    const res = await post(
      '/api/quick-create',
      {
        text: 'Hello chat, thanks for the follow!',
        voice_id: 'espeak:en-us+f3',
        emotion: 'Happy',
        intensity: 0.8,
      },
      as(maker),
    )
    expect(res.statusCode, res.body).toBe(200)
    video = await client.waitDone(res.json<{ render: Render }>().render.id, maker, 120_000)
    expect(video.status).toBe(3)
  }, 180_000)
  afterAll(async () => t.close())

  it('answers 403 to a signed-in user on every new admin call and changes nothing', async () => {
    const calls = [
      ['GET', '/api/admin/projects'],
      ['GET', '/api/admin/projects/export'],
      ['POST', '/api/admin/projects/export-csv'],
      ['GET', '/api/admin/projects/1/setting'],
      ['POST', '/api/admin/projects/1/setting'],
      ['GET', '/api/admin/final-videos'],
      ['GET', '/api/admin/final-videos/export'],
      ['POST', `/api/admin/final-videos/${video.id}/delete`],
      ['GET', '/api/admin/onboarding'],
      ['POST', '/api/admin/onboarding'],
    ] as const
    for (const [method, url] of calls) {
      const res = await t.app.inject({
        method,
        url,
        headers: as(maker),
        payload: method === 'POST' ? { email: 'a@b.co', version: 1, settings: {}, steps: [] } : undefined,
      })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
    }
    expect((await get(`/api/renders/${video.id}`, as(maker))).statusCode).toBe(200)
  })

  it('lists projects {page, keyword} by name or owner, exports and mails the CSV', async () => {
    const byName = (await get('/api/admin/projects?keyword=trailer&sort=name&dir=asc')).json<
      Page<AdminProject>
    >()
    expect(byName.list.map((p) => [p.name, p.username])).toEqual([
      ['Launch trailer', maker.username],
      ['Other trailer', other.username],
    ])
    expect(byName.list[0]).toMatchObject({
      scenes: 1,
      video_resolution: '720p',
      email: `${maker.username}@example.com`,
    })
    const byOwner = (await get(`/api/admin/projects?keyword=${maker.username}`)).json<Page<AdminProject>>()
    expect(byOwner.total).toBe(3)
    expect((await get('/api/admin/projects?keyword=%25')).json<Page<AdminProject>>().total).toBe(0)
    expect((await get('/api/admin/projects?sort=secret')).statusCode).toBe(400)

    const csv = await get('/api/admin/projects/export?keyword=trailer&sort=id&dir=asc')
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines).toHaveLength(3)
    // Cells written by the database (scanCsv): the same columns and formats the list shows.
    expect(lines[0]).toBe(
      'id,name,user_id,username,email,scenes,duration,video_resolution,video_orientation,created_at,updated_at',
    )
    const launch = byName.list[0]!
    expect(lines[1]).toBe(
      [
        launch.id,
        launch.name,
        maker.id,
        maker.username,
        launch.email,
        1,
        launch.duration,
        '720p',
        'landscape',
        launch.created_at,
        launch.updated_at,
      ]
        .map(csvCell)
        .join(','),
    )

    // SPEC §5 dialog messages, nothing sent.
    const before = (await listOutbox(t.config, 1, 50)).total
    expect((await post('/api/admin/projects/export-csv', { email: '' })).json()).toMatchObject({
      message: 'Please Enter Email',
    })
    expect((await post('/api/admin/projects/export-csv', { email: 'ops@nowhere' })).json()).toMatchObject({
      message: 'Please Enter Correct Email',
    })
    expect((await listOutbox(t.config, 1, 50)).total).toBe(before)
    const sent = await post('/api/admin/projects/export-csv', {
      email: 'ops@example.com',
      keyword: 'trailer',
    })
    expect(sent.json()).toEqual({ ok: true, email: 'ops@example.com', rows: 2 })
    const [mail] = (await listOutbox(t.config, 1, 1)).list
    expect(mail).toMatchObject({ to: 'ops@example.com', subject: 'Mouthpiece projects (2 rows)' })
    expect((await readOutboxMail(t.config, mail!.id))?.text).toContain('2 rows, file projects-')
    expect((await audit('action=projects.export-mail')).list[0]).toMatchObject({
      meta: { email: 'ops@example.com', rows: 2 },
    })
  })

  it("reads and changes a project's settings by project, versioned and audited; bad input changes nothing", async () => {
    const p = (await get('/api/admin/projects?keyword=Zebra')).json<Page<AdminProject>>().list[0]!
    const setting = (await get(`/api/admin/projects/${p.id}/setting`)).json<{
      project: AdminProject & { settings: Record<string, unknown> }
    }>().project
    expect(setting.settings).toMatchObject({ video_resolution: '720p', video_orientation: 'landscape' })
    expect(
      (
        await post(`/api/admin/projects/${p.id}/setting`, {
          version: setting.version,
          settings: { video_volume: 9 },
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (
        await post(`/api/admin/projects/${p.id}/setting`, {
          version: setting.version + 5,
          settings: { video_orientation: 'portrait' },
        })
      ).statusCode,
    ).toBe(409)
    // 1080p is a paid feature of the owner's plan; the admin cannot grant it here.
    expect(
      (
        await post(`/api/admin/projects/${p.id}/setting`, {
          version: setting.version,
          settings: { video_resolution: '1080p' },
        })
      ).statusCode,
    ).toBe(403)
    const ok = await post(`/api/admin/projects/${p.id}/setting`, {
      version: setting.version,
      settings: { video_orientation: 'portrait', avatar_volume: 0.5 },
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json<{ project: { version: number; settings: object } }>().project).toMatchObject({
      version: setting.version + 1,
      settings: { video_orientation: 'portrait', avatar_volume: 0.5 },
    })
    const owner = (await get(`/api/get-project/${p.id}`, as(maker))).json<{
      project: { document: { settings: object } }
    }>().project
    expect(owner.document.settings).toMatchObject({ video_orientation: 'portrait' })
    expect((await audit(`action=projects.update-setting&target_id=${p.id}`)).list[0]).toMatchObject({
      before: { video_orientation: 'landscape' },
      after: { video_orientation: 'portrait' },
    })
    expect((await get('/api/admin/projects/999999/setting')).statusCode).toBe(404)
  })

  it('lists finished videos with who made them, plays them through their file links, deletes one', async () => {
    const page = (await get(`/api/admin/final-videos?keySearch=${maker.username}`)).json<Page<FinalVideo>>()
    expect(page.total).toBe(1)
    const v = page.list[0]!
    expect(v).toMatchObject({ id: video.id, username: maker.username, source: 'quick_create' })
    const file = await get(v.files.video_url!)
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.length).toBeGreaterThan(1000)
    expect((await get('/api/admin/final-videos?source=nope')).statusCode).toBe(400)
    const csv = await get(`/api/admin/final-videos/export?keySearch=${maker.username}`)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines).toEqual([
      'id,title,source,duration,video_resolution,user_id,username,email,share_path,created_at',
      [
        v.id,
        v.title,
        'quick_create',
        v.duration,
        v.video_resolution,
        maker.id,
        maker.username,
        v.email,
        `/video-sharing/${v.id}`,
        v.created_at,
      ]
        .map(csvCell)
        .join(','),
    ])
    expect((await post('/api/admin/final-videos/not-a-uuid/delete', {})).statusCode).toBe(400)
    expect(
      (await post('/api/admin/final-videos/00000000-0000-4000-8000-000000000000/delete', {})).statusCode,
    ).toBe(404)
  })

  it('deletes every video matching a filter as a job with a dry-run count, each in the audit log', async () => {
    // Twelve more finished videos by the other user, copies of the real one (files are per render id).
    const [row] = await t.db.select().from(renders).where(eq(renders.id, video.id))
    const { id: _id, ...copy } = row!
    const made = await t.db
      .insert(renders)
      .values(Array.from({ length: 12 }, (_, i) => ({ ...copy, user_id: other.id, title: `Copy ${i}` })))
      .returning({ id: renders.id })
    const filter = { keySearch: other.username }
    const dry = await post('/api/admin/bulk-actions/preview', {
      target: 'final_videos',
      action: 'delete',
      filter,
    })
    expect(dry.json()).toEqual({ count: 12 })
    expect(
      (await post('/api/admin/bulk-actions/preview', { target: 'final_videos', action: 'disable', filter }))
        .statusCode,
    ).toBe(400)
    expect(
      (
        await post('/api/admin/bulk-actions', {
          target: 'final_videos',
          action: 'delete',
          filter,
          confirm_count: 5,
        })
      ).statusCode,
    ).toBe(409)
    expect(
      (await get(`/api/admin/final-videos?keySearch=${other.username}`)).json<Page<FinalVideo>>().total,
    ).toBe(12)

    const started = await post('/api/admin/bulk-actions', {
      target: 'final_videos',
      action: 'delete',
      filter,
      confirm_count: 12,
    })
    expect(started.statusCode, started.body).toBe(200)
    const id = started.json<{ bulk_action: BulkAction }>().bulk_action.id
    let job: BulkAction
    const deadline = Date.now() + 30_000
    do {
      await new Promise((r) => setTimeout(r, 200))
      job = (await get(`/api/admin/bulk-actions/${id}`)).json<{ bulk_action: BulkAction }>().bulk_action
    } while (job.status !== 'completed' && Date.now() < deadline)
    expect(job).toMatchObject({ status: 'completed', total: 12, changed: 12, failed: 0 })
    expect(
      (await get(`/api/admin/final-videos?keySearch=${other.username}`)).json<Page<FinalVideo>>().total,
    ).toBe(0)
    const entries = await audit(`action=final-videos.delete&per_page=50`)
    expect(
      entries.list
        .filter((e) => (e.meta as { bulk_action_id?: string } | null)?.bulk_action_id === id)
        .map((e) => e.target_id)
        .sort(),
    ).toEqual(made.map((m) => m.id).sort())
    // The maker's own video is untouched, then deleted by hand with its files.
    expect((await post(`/api/admin/final-videos/${video.id}/delete`, {})).json()).toEqual({ deleted: true })
    expect((await get(`/api/renders/${video.id}`, as(maker))).statusCode).toBe(404)
    expect((await audit(`action=final-videos.delete&target_id=${video.id}`)).list[0]).toMatchObject({
      before: { title: video.title },
    })
  })

  it('shows new users the checklist with steps really done, and admins the completion rates and texts', async () => {
    const mine = (await get('/api/onboarding', as(maker))).json<{
      steps: ChecklistStep[]
      done: number
      total: number
    }>()
    expect(mine.steps.map((s) => [s.key, s.done])).toEqual([
      ['connect_channel', false],
      ['first_video', false],
      ['setup_alerts', false],
      ['create_project', true],
      ['custom_avatar', false],
    ])
    // The checklist's link opens Quick Create on the landing page ('/' sends a signed-in user back to the dashboard).
    expect(mine.steps.find((s) => s.key === 'first_video')?.link).toBe('/landing#quick-create')
    expect((await get('/api/onboarding')).statusCode).toBe(401)

    const view = (await get('/api/admin/onboarding')).json<{ steps: AdminOnboardingStep[]; users: number }>()
    const project = view.steps.find((s) => s.key === 'create_project')!
    expect(project).toMatchObject({ completed: 2, rate: 2 / view.users })
    const steps = view.steps.map(({ key, title, body, cta_label, enabled }) => ({
      key,
      title,
      body,
      cta_label,
      enabled,
    }))
    const reordered = [
      { ...steps[3]!, title: 'Open your first project' },
      ...steps
        .filter((s) => s.key !== 'create_project')
        .map((s) => (s.key === 'custom_avatar' ? { ...s, enabled: false } : s)),
    ]
    expect((await post('/api/admin/onboarding', { steps: reordered.slice(1) })).json()).toMatchObject({
      message: expect.any(String),
    })
    expect(
      (
        await post('/api/admin/onboarding', {
          steps: [{ ...reordered[0]!, title: '' }, ...reordered.slice(1)],
        })
      ).statusCode,
    ).toBe(400)
    const saved = await post('/api/admin/onboarding', { steps: reordered })
    expect(saved.statusCode, saved.body).toBe(200)
    const after = (await get('/api/onboarding', as(maker))).json<{
      steps: ChecklistStep[]
      done: number
      total: number
    }>()
    expect(after.steps[0]).toMatchObject({
      key: 'create_project',
      title: 'Open your first project',
      done: true,
    })
    expect(after).toMatchObject({ total: 4, done: 1 })
    expect((await audit('action=onboarding.save')).list[0]).toMatchObject({ actor_name: 'admin' })
  })
})
