import nodemailer from 'nodemailer'
import fs from 'node:fs/promises'
import type { HealthCheck } from '@mouthpiece/contracts/system/system.contract'
import { speechService } from '../../platform/media'
import type { OperationsDeps } from './operations.deps'
import { outboxDir } from '../../platform/mail/mailer'
import { RENDER_QUEUES } from '../renders'
import { poolAdapter } from './instances.service'

type Probe = () => Promise<{ status?: HealthCheck['status']; detail: string }>

const PROBE_TIMEOUT_MS = 5_000
/** Speech starts an engine process (Festival) when it is cold: give it longer on a busy machine. */
const SPEECH_TIMEOUT_MS = 15_000
/** The page is public: probes run at most this often, however many people reload it. */
const CACHE_MS = 10_000

async function timed(name: HealthCheck['name'], probe: Probe): Promise<HealthCheck> {
  const t0 = performance.now()
  const limit = name === 'speech' ? SPEECH_TIMEOUT_MS : PROBE_TIMEOUT_MS
  try {
    const result = await Promise.race([
      probe(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no answer within ${limit / 1000} s`)), limit).unref(),
      ),
    ])
    return {
      name,
      status: result.status ?? 'ok',
      ms: Math.round(performance.now() - t0),
      detail: result.detail,
    }
  } catch (err) {
    return { name, status: 'down', ms: Math.round(performance.now() - t0), detail: (err as Error).message }
  }
}

function probes(deps: OperationsDeps): Array<[HealthCheck['name'], Probe]> {
  return [
    [
      'database',
      async () => {
        await deps.database.raw.query('select 1')
        return { detail: deps.database.kind === 'pglite' ? 'Embedded PostgreSQL (PGlite)' : 'PostgreSQL' }
      },
    ],
    [
      'queue',
      async () => {
        const stats = await deps.queue.boss.getQueueStats(RENDER_QUEUES.avatar)
        return { detail: `${stats.queuedCount} video renders waiting, ${stats.activeCount} running` }
      },
    ],
    [
      'workers',
      async () => {
        const pool = await poolAdapter(deps).status()
        const status = pool.running === 0 ? 'down' : pool.running < pool.desired ? 'degraded' : 'ok'
        return {
          status,
          detail: `${pool.running} of ${pool.desired} render workers running (${pool.provider})`,
        }
      },
    ],
    [
      'speech',
      async () => {
        // One short real synthesis per engine: a listed voice is not proof the engine speaks.
        const speech = speechService()
        const voices = await speech.listVoices()
        const engines = [...new Set(voices.map((v) => v.engine))]
        const failed: string[] = []
        for (const engine of engines) {
          const voice = voices.find((v) => v.engine === engine)!
          const out = await speech.synthesize('OK', voice.id, {}).catch(() => null)
          if (!out || out.duration <= 0) failed.push(engine)
        }
        if (failed.length === engines.length)
          return { status: 'down', detail: `No engine speaks (${engines.join(', ')})` }
        return {
          status: failed.length ? 'degraded' : 'ok',
          detail: failed.length
            ? `${failed.join(', ')} failed; ${engines.filter((e) => !failed.includes(e)).join(', ')} ok`
            : `${engines.join(', ')} speaking`,
        }
      },
    ],
    [
      'storage',
      async () => {
        const key = `health/probe-${process.pid}.txt`
        await deps.storage.put(key, Buffer.from('ok'), 'text/plain')
        const stat = await deps.storage.stat(key)
        await deps.storage.delete(key)
        if (!stat) throw new Error('A file written could not be read back')
        return { detail: deps.config.S3_BUCKET ? `S3 bucket ${deps.config.S3_BUCKET}` : 'Local files' }
      },
    ],
    [
      'mail',
      async () => {
        if (deps.config.SMTP_URL) {
          const transport = nodemailer.createTransport(deps.config.SMTP_URL)
          try {
            await transport.verify()
          } finally {
            transport.close()
          }
          return { detail: 'SMTP server answering' }
        }
        const dir = outboxDir(deps.config)
        await fs.mkdir(dir, { recursive: true })
        await fs.access(dir, fs.constants.W_OK)
        return { detail: 'Outbox (mails kept in the admin area)' }
      },
    ],
  ]
}

const cache = new WeakMap<
  object,
  {
    at: number
    result: Promise<{ overall: HealthCheck['status']; checked_at: string; checks: HealthCheck[] }>
  }
>()

/** Every service probed in parallel; the whole is down if the database is, degraded if anything else is not ok. */
export function healthReport(deps: OperationsDeps) {
  const hit = cache.get(deps.database)
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.result
  const result = Promise.all(probes(deps).map(([name, probe]) => timed(name, probe))).then((checks) => {
    const db = checks.find((c) => c.name === 'database')!
    const status: HealthCheck['status'] =
      db.status === 'down' ? 'down' : checks.every((c) => c.status === 'ok') ? 'ok' : 'degraded'
    return { overall: status, checked_at: new Date().toISOString(), checks }
  })
  cache.set(deps.database, { at: Date.now(), result })
  return result
}
