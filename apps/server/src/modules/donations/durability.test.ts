import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import type { Tip } from '@mouthpiece/contracts/donations/donations.schemas'
import { startServerProcess } from '../../../test/server-process'
import { childProcessDatabase } from '../../../test/harness'
import { listenInRange, waitFor } from './testing/harness'

/** A free port of the alerts range, for a server in a child process. */
async function freePort(): Promise<number> {
  const probe = net.createServer()
  const port = await listenInRange(
    (p) =>
      new Promise<void>((resolve, reject) => {
        probe.once('error', reject)
        probe.listen(p, '127.0.0.1', () => resolve())
      }),
  )
  await new Promise<void>((r) => probe.close(() => r()))
  return port
}

/** The real server in a child process on a free port of the range (another port if that one got taken meanwhile). */
async function startServer(
  env: Record<string, string>,
  entry: string,
  children: ChildProcess[],
): Promise<{ child: ChildProcess; base: string }> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort()
    try {
      const { child } = await startServerProcess(
        { ...env, PORT: String(port) },
        { timeoutMs: 120_000, entry },
      )
      children.push(child)
      return { child, base: `http://127.0.0.1:${port}` }
    } catch (err) {
      if (attempt >= 4 || !String(err).includes('EADDRINUSE')) throw err
    }
  }
}

describe('alerts survive a crash', () => {
  const children: ChildProcess[] = []
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-donations-crash-'))
  let dropDatabase = async () => {}
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL')
    await dropDatabase()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it(
    'delivers every queued alert after the server is killed with SIGKILL mid-queue',
    { timeout: 180_000 },
    async () => {
      const database = await childProcessDatabase(dataDir)
      dropDatabase = database.drop
      const env = {
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        MODE: 'all',
        ADMIN_PASSWORD: 'crash-admin-password',
        LOG_LEVEL: 'warn',
        ...database.env,
        SOURCES_ENABLED: 'false',
        ALERT_JOB_EXPIRE_SECONDS: '5',
      }
      const first = await startServer(env, database.entry, children)
      let base = first.base

      const reg = await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'crashy',
          email: 'crashy@example.com',
          password: 'a good password 1',
        }),
      })
      const { token } = (await reg.json()) as { token: string }
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      // Festival takes about half a second per alert: the queue is still busy when the server dies.
      await fetch(`${base}/api/donation/settings/update`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ data: { tts: { voice: 'festival:cmu_us_slt_arctic_hts' } } }),
      })
      const sent: number[] = []
      for (let i = 0; i < 12; i++) {
        const res = await fetch(`${base}/api/donation/twitch/test-bits`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ bits: 100 + i, message: `alert number ${i}` }),
        })
        sent.push(((await res.json()) as { tip: Tip }).tip.id)
      }
      const tips = async () =>
        (
          (await (await fetch(`${base}/api/donation/tips/all?limit=100`, { headers })).json()) as {
            list: Tip[]
          }
        ).list
      await waitFor(
        async () => (await tips()).some((x) => x.status === 'speaking') || null,
        30_000,
        'the first alert',
      )
      const before = await tips()
      expect(before.some((x) => x.status === 'queued')).toBe(true)
      first.child.kill('SIGKILL')
      await new Promise((r) => first.child.once('exit', r))

      const second = await startServer(env, database.entry, children)
      base = second.base
      const after = await waitFor(
        async () => {
          const list = await tips()
          return list.every((x) => x.status === 'speaking') ? list : null
        },
        120_000,
        'every alert to be delivered',
      )
      expect(after.map((x) => x.id).sort((a, b) => a - b)).toEqual(sent)
      expect(after.map((x) => x.spoken_text).sort()).toEqual(
        sent.map((_, i) => `TestCheerer cheered ${100 + i} bits: alert number ${i}`).sort(),
      )
      second.child.kill('SIGTERM')
    },
  )
})
