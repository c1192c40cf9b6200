import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { io as connectSocket } from 'socket.io-client'
import type { Socket } from 'socket.io-client'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { createNotificationsService } from '../notifications/testing'
import { createPasswordReset } from './password-resets.repo'

/** A signed-in page's socket: what it heard, and whether the server has closed it. */
async function openPage(base: string, token: string) {
  const socket: Socket = connectSocket(base, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  })
  const heard: string[] = []
  const page = { socket, heard, closedBy: '' }
  socket.on('receive-notification-event', (p: { newNotification: { content: string } }) =>
    heard.push(p.newNotification.content),
  )
  socket.on('disconnect', (reason) => (page.closedBy = reason))
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('connect_error', reject)
  })
  return page
}

async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('revoked sessions lose their sockets', () => {
  let t: TestApp
  let base: string
  let admin: Record<string, string>
  const pages: Array<{ socket: Socket }> = []
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} })
  const login = async (username: string) =>
    (await post('/api/login', { username, password: 'a good password 1' })).json<{ token: string }>().token
  const notify = (userId: number, content: string) =>
    createNotificationsService(t).notify(userId, { content, type: 5 })

  async function signUp(username: string) {
    const res = await post('/api/register', {
      username,
      email: `${username}@example.com`,
      password: 'a good password 1',
    })
    expect(res.statusCode).toBe(200)
    const body = res.json<{ token: string; user: { id: number } }>()
    return { id: body.user.id, token: body.token }
  }
  const page = async (token: string) => {
    const p = await openPage(base, token)
    pages.push(p)
    return p
  }

  beforeAll(async () => {
    t = await createTestApp()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const res = await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' })
    admin = { authorization: `Bearer ${res.json<{ token: string }>().token}` }
  })
  afterAll(async () => {
    for (const p of pages) p.socket.close()
    await t.close()
  })

  it('logout closes the sockets of that session only', async () => {
    const user = await signUp('sockout')
    const laptop = await page(user.token)
    const phoneToken = await login('sockout')
    const phone = await page(phoneToken)

    expect((await post('/api/logout', {}, user.token)).statusCode).toBe(200)
    await until(() => laptop.closedBy !== '')
    expect(laptop.closedBy).toBe('io server disconnect')
    await notify(user.id, 'after logout')
    await until(() => phone.heard.length === 1)
    expect(phone.heard).toEqual(['after logout'])
    expect(laptop.heard).toEqual([])
    // And the revoked token cannot open a new one.
    await expect(openPage(base, user.token)).rejects.toThrow()
  })

  it('a password reset closes every socket of the account', async () => {
    const user = await signUp('sockreset')
    const a = await page(user.token)
    const b = await page(await login('sockreset'))
    const token = await createPasswordReset(t.db, user.id)
    expect((await post('/api/reset-password', { token, password: 'a new password 2' })).statusCode).toBe(200)
    await until(() => a.closedBy !== '' && b.closedBy !== '')
    await notify(user.id, 'after reset')
    await new Promise((r) => setTimeout(r, 200))
    expect([...a.heard, ...b.heard]).toEqual([])
  })

  it('a password change closes the other sessions’ sockets and keeps the one making it', async () => {
    const user = await signUp('sockchange')
    const here = await page(user.token)
    const elsewhere = await page(await login('sockchange'))
    const res = await post(
      '/api/update-info',
      { password: 'a new password 2', current_password: 'a good password 1' },
      user.token,
    )
    expect(res.statusCode).toBe(200)
    await until(() => elsewhere.closedBy !== '')
    await notify(user.id, 'still here')
    await until(() => here.heard.length === 1)
    expect(here.closedBy).toBe('')
  })

  it('an admin disabling or deleting the user closes their sockets', async () => {
    const disabled = await signUp('sockdisabled')
    const deleted = await signUp('sockdeleted')
    const d1 = await page(disabled.token)
    const d2 = await page(deleted.token)

    const save = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/save-info',
      headers: admin,
      payload: {
        user_id: disabled.id,
        username: 'sockdisabled',
        email: 'sockdisabled@example.com',
        is_enabled: false,
      },
    })
    expect(save.statusCode).toBe(200)
    await until(() => d1.closedBy !== '')
    // A disabled user's page gets no new socket (its pushes serve the barred pages).
    await expect(openPage(base, disabled.token)).rejects.toThrow()

    const del = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/delete',
      headers: admin,
      payload: { user_id: deleted.id },
    })
    expect(del.statusCode).toBe(200)
    await until(() => d2.closedBy !== '')
    expect(d2.closedBy).toBe('io server disconnect')
  })
})
