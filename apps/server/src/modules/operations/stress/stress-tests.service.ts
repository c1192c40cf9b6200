import type { StressTarget, StressTest, StressTestInput } from '@mouthpiece/contracts/operations/stress-tests.routes'
import type { Platform } from '../../../platform/context'
import { AppError, notFound } from '../../../platform/http/errors'
import { recordAudit } from '../../audit/audit.service'
import type { AdminAuditActor } from '../../audit/audit.service'
import type { StressTestRow } from '../operations.schema'
import { StressTally } from './stress-figures'
import { STRESS_PROBES } from './stress-probes'
import * as repo from './stress-tests.repo'

type Deps = Pick<Platform, 'db' | 'queue'>

export const STRESS_QUEUE = 'operations.stress'
/** No retry: a run cut off by a crash is reported as failed rather than run twice. */
export const STRESS_QUEUE_OPTIONS = { retryLimit: 0, expireInSeconds: 900, deleteAfterSeconds: 7 * 86_400 }
/** How often a running test saves its figures (what the results page shows live) and looks for Stop. */
export const PROGRESS_EVERY_MS = 1_000

const iso = (d: Date | null) => d?.toISOString() ?? null

export function presentStressTest(row: StressTestRow): StressTest {
  return {
    session_id: row.id, target: row.target, status: row.status, requests: row.requests, concurrency: row.concurrency, duration_s: row.duration_s,
    done: row.done, ok: row.ok, errors: row.errors, yielded_ms: row.yielded_ms, throughput_rps: row.throughput_rps, latency_ms: row.latency_ms ?? null,
    histogram: row.histogram, error_samples: row.error_samples, stop_requested: row.stop_requested, created_by: row.created_by,
    created_at: row.created_at.toISOString(), started_at: iso(row.started_at), finished_at: iso(row.finished_at),
  }
}

/** Queues a run. One at a time: a second one waits for the first to finish or be stopped. */
export async function start(deps: Deps, actor: AdminAuditActor, target: StressTarget, input: StressTestInput): Promise<StressTest> {
  const row = await deps.db.transaction(async (tx) => {
    if (await repo.activeStressTest(tx)) throw new AppError('stress_test_running', 'A stress test is already running. Stop it or wait for it to finish.', 409)
    const created = await repo.insertStressTest(tx, { target, ...input, created_by_id: actor.id, created_by: actor.name })
    await recordAudit(tx, actor, `stress-tests.${target}.start`, { target: { type: 'stress_test', id: created.id }, meta: { ...input } })
    await deps.queue.send(STRESS_QUEUE, { id: created.id }, { tx, singletonKey: created.id })
    return created
  })
  return presentStressTest(row)
}

export async function stop(deps: Deps, actor: AdminAuditActor, id: string): Promise<StressTest> {
  const row = await deps.db.transaction(async (tx) => {
    const stopped = await repo.requestStop(tx, id)
    if (!stopped) {
      if (!(await repo.findStressTest(tx, id))) throw notFound('Stress test')
      throw new AppError('stress_test_finished', 'This stress test has already finished.', 409)
    }
    await recordAudit(tx, actor, 'stress-tests.stop', { target: { type: 'stress_test', id } })
    return stopped
  })
  return presentStressTest(row)
}

export async function get(deps: Deps, id: string): Promise<StressTest> {
  const row = await repo.findStressTest(deps.db, id)
  if (!row) throw notFound('Stress test')
  return presentStressTest(row)
}

/**
 * The job: `concurrency` lanes send requests until all are sent, the duration is up or Stop is
 * pressed. Each request goes through its probe, which stands aside while real users need the
 * engine. A request cut off by the end or by Stop is not counted. Figures are saved every second.
 */
export async function run(deps: Deps, id: string): Promise<void> {
  const row = await repo.findStressTest(deps.db, id)
  if (!row || row.status === 'completed' || row.status === 'stopped' || row.status === 'failed') return
  if (row.status === 'running') {
    // A worker died mid-run and the job came back: its figures are lost with it.
    return repo.finish(deps.db, id, 'failed', { ...new StressTally().figures(0), error_samples: [{ message: 'The worker stopped during the run', count: 1 }] })
  }
  await repo.markRunning(deps.db, id)
  const probe = STRESS_PROBES[row.target]
  const tally = new StressTally()
  const end = new AbortController()
  const started = performance.now()
  const elapsed = () => performance.now() - started
  const deadline = setTimeout(() => end.abort(), row.duration_s * 1000)
  let stopped = false
  const progress = setInterval(() => {
    repo.saveProgress(deps.db, id, tally.figures(elapsed())).then(
      (stop) => {
        if (!stop || end.signal.aborted) return
        stopped = true
        end.abort()
      },
      () => {}, // a missed progress write is made up by the next one
    )
  }, PROGRESS_EVERY_MS)
  let sent = 0
  const lane = async () => {
    while (sent < row.requests && !end.signal.aborted) {
      sent++
      try {
        const r = await probe(deps, end.signal)
        tally.yieldedMs += r.waitedMs
        tally.success(r.ms)
      } catch (err) {
        if (end.signal.aborted) return
        tally.failure(err instanceof Error ? err.message : String(err))
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: row.concurrency }, lane))
  } finally {
    clearTimeout(deadline)
    clearInterval(progress)
  }
  const final = await repo.findStressTest(deps.db, id)
  await repo.finish(deps.db, id, stopped || final?.stop_requested ? 'stopped' : 'completed', tally.figures(elapsed()))
}
