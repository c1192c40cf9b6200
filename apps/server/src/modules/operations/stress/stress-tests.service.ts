import type {
  StressTarget,
  StressTest,
  StressTestInput,
} from '@mouthpiece/contracts/operations/stress-tests.contract'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import type { OperationsDeps } from '../operations.deps'
import type { Queryable, Tx } from '../../../platform/db/client'
import { AppError, notFound } from '../../../platform/http/errors'
import { recordAudit } from '../../audit'
import type { AdminAuditActor } from '../../audit'
import { STRESS_QUEUE } from '../operations.queues'
import type { StressTestRow } from '../operations.table'
import { StressTally } from './stress-figures'
import { STRESS_PROBES } from './stress-probes'
import * as repo from './stress-tests.repo'

/**
 * How often a running test saves its figures, pushes them to the admins' sockets (the testing and
 * results screens follow them live) and looks for Stop.
 */
export const PROGRESS_EVERY_MS = 500

const iso = (d: Date | null) => d?.toISOString() ?? null

export function presentStressTest(row: StressTestRow): StressTest {
  return {
    session_id: row.id,
    target: row.target,
    status: row.status,
    requests: row.requests,
    concurrency: row.concurrency,
    duration_s: row.duration_s,
    done: row.done,
    ok: row.ok,
    errors: row.errors,
    yielded_ms: row.yielded_ms,
    throughput_rps: row.throughput_rps,
    latency_ms: row.latency_ms ?? null,
    histogram: row.histogram,
    error_samples: row.error_samples,
    stop_requested: row.stop_requested,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  }
}

/**
 * Tells every signed-in admin where a run stands (`stress-test-event`, the whole run as `result`
 * presents it). With `tx`, the news leaves when the change commits.
 */
async function announce(deps: OperationsDeps, row: StressTestRow, tx?: Queryable) {
  await deps.realtime.emitToAdmins(RealtimeEvent.stressTest, { stress_test: presentStressTest(row) }, { tx })
}
/**
 * The job's writes: the change and the push of the row it left share a transaction, so pushes
 * leave in the order the changes commit (a Stop pressed meanwhile shows in its place). A push that
 * cannot be queued (savepoint) never undoes the change: the next one, or the screens' slow poll,
 * makes up for it.
 */
async function changeAndAnnounce(
  deps: OperationsDeps,
  change: (tx: Tx) => Promise<StressTestRow | undefined>,
): Promise<StressTestRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const row = await change(tx)
    if (row)
      await tx
        .transaction((sp) => announce(deps, row, sp))
        .catch((err: unknown) =>
          console.error('[operations] stress-test push failed:', (err as Error).message),
        )
    return row
  })
}

/** Queues a run. One at a time: a second one waits for the first to finish or be stopped. */
export async function start(
  deps: OperationsDeps,
  actor: AdminAuditActor,
  target: StressTarget,
  input: StressTestInput,
): Promise<StressTest> {
  const row = await deps.db.transaction(async (tx) => {
    if (await repo.activeStressTest(tx))
      throw new AppError(
        'stress_test_running',
        'A stress test is already running. Stop it or wait for it to finish.',
        409,
      )
    const created = await repo.insertStressTest(tx, {
      target,
      ...input,
      created_by_id: actor.id,
      created_by: actor.name,
    })
    await recordAudit(tx, actor, `stress-tests.${target}.start`, {
      target: { type: 'stress_test', id: created.id },
      meta: { ...input },
    })
    await deps.queue.send(STRESS_QUEUE, { id: created.id }, { tx, singletonKey: created.id })
    await announce(deps, created, tx)
    return created
  })
  return presentStressTest(row)
}

export async function stop(deps: OperationsDeps, actor: AdminAuditActor, id: string): Promise<StressTest> {
  const row = await deps.db.transaction(async (tx) => {
    const stopped = await repo.requestStop(tx, id)
    if (!stopped) {
      if (!(await repo.findStressTest(tx, id))) throw notFound('Stress test')
      throw new AppError('stress_test_finished', 'This stress test has already finished.', 409)
    }
    await recordAudit(tx, actor, 'stress-tests.stop', { target: { type: 'stress_test', id } })
    await announce(deps, stopped, tx)
    return stopped
  })
  return presentStressTest(row)
}

export async function get(deps: OperationsDeps, id: string): Promise<StressTest> {
  const row = await repo.findStressTest(deps.db, id)
  if (!row) throw notFound('Stress test')
  return presentStressTest(row)
}

/**
 * The job: `concurrency` lanes send requests until all are sent, the duration is up or Stop is
 * pressed. Each request goes through its probe, which stands aside while real users need the
 * engine. A request cut off by the end or by Stop is not counted. Figures are saved and pushed
 * every PROGRESS_EVERY_MS; the last push is the finished run, and nothing follows it.
 */
export async function run(deps: OperationsDeps, id: string): Promise<void> {
  const row = await repo.findStressTest(deps.db, id)
  if (!row || row.status === 'completed' || row.status === 'stopped' || row.status === 'failed') return
  if (row.status === 'running') {
    // A worker died mid-run and the job came back: its figures are lost with it.
    await changeAndAnnounce(deps, (tx) =>
      repo.finish(tx, id, 'failed', {
        ...new StressTally().figures(0),
        error_samples: [{ message: 'The worker stopped during the run', count: 1 }],
      }),
    )
    return
  }
  // Stopped while still queued, between the read above and now: nothing to run.
  if (!(await changeAndAnnounce(deps, (tx) => repo.markRunning(tx, id)))) return
  const probe = STRESS_PROBES[row.target]
  const tally = new StressTally()
  const end = new AbortController()
  const started = performance.now()
  const elapsed = () => performance.now() - started
  const deadline = setTimeout(() => end.abort(), row.duration_s * 1000)
  let stopped = false
  // One save at a time (a slow database skips ticks rather than piling them up); the run waits for
  // the last one before it finishes, so no figures or push of the run arrive after its end.
  let saving = false
  let lastSave = Promise.resolve()
  const saveProgress = async () => {
    const saved = await changeAndAnnounce(deps, (tx) => repo.saveProgress(tx, id, tally.figures(elapsed())))
    if ((saved && !saved.stop_requested) || end.signal.aborted) return
    stopped = true
    end.abort()
  }
  const progress = setInterval(() => {
    if (saving) return
    saving = true
    lastSave = saveProgress()
      .catch(() => {}) // a missed progress write is made up by the next one
      .finally(() => {
        saving = false
      })
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
    await lastSave
  }
  const final = await repo.findStressTest(deps.db, id)
  await changeAndAnnounce(deps, (tx) =>
    repo.finish(tx, id, stopped || final?.stop_requested ? 'stopped' : 'completed', tally.figures(elapsed())),
  )
}
