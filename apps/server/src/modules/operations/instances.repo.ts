import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import type { PerformanceJob } from '@mouthpiece/contracts/operations/instances.contract'
import type { z } from 'zod'
import { workerPools } from './operations.table'

type Job = z.infer<typeof PerformanceJob>

export async function savedDesired(db: Queryable, id: string): Promise<number | undefined> {
  const [row] = await db
    .select({ desired: workerPools.desired })
    .from(workerPools)
    .where(eq(workerPools.id, id))
    .limit(1)
  return row?.desired
}

export async function saveDesired(db: Queryable, id: string, desired: number): Promise<void> {
  await db
    .insert(workerPools)
    .values({ id, desired })
    .onConflictDoUpdate({ target: workerPools.id, set: { desired, updated_at: sql`now()` } })
}

interface JobRow {
  id: number
  render_id: string
  job: string
  attempt: number
  status: string
  worker: string | null
  error: string | null
  queued_at: Date | string
  started_at: Date | string
  finished_at: Date | string | null
  queue_wait_s: number | string
  run_s: number | string | null
  video_s: number | string | null
}

const num = (v: number | string | null) => (v === null ? null : Number(v))
const iso = (v: Date | string) => new Date(v).toISOString()
const round = (v: number | null, digits = 2) =>
  v === null || !Number.isFinite(v) ? null : Number(v.toFixed(digits))

/**
 * Recent render jobs (one row per attempt) with their queue wait — since the render was asked for,
 * or since the stage before it finished — run time and seconds of video made per second.
 */
export async function performanceJobs(db: Queryable, opts: { limit: number; hours: number }) {
  const result = await db.execute(sql`
    select l.id, l.render_id, l.job, l.attempt, l.status, l.worker, l.error,
      coalesce((select max(p.finished_at) from render_logs p where p.render_id = l.render_id and p.id < l.id), r.created_at) as queued_at,
      l.started_at, l.finished_at,
      greatest(0, extract(epoch from l.started_at - coalesce((select max(p.finished_at) from render_logs p where p.render_id = l.render_id and p.id < l.id), r.created_at)))::float8 as queue_wait_s,
      extract(epoch from l.finished_at - l.started_at)::float8 as run_s,
      case when l.job <> 'audio' then r.duration::float8 end as video_s
    from render_logs l join renders r on r.id = l.render_id
    where l.started_at > now() - make_interval(hours => ${opts.hours})
    order by l.id desc
    limit ${opts.limit}`)
  const { rows } = result as { rows: JobRow[] }
  const list = rows.map((r): Job => {
    const run = num(r.run_s)
    const video = num(r.video_s)
    return {
      id: Number(r.id),
      render_id: r.render_id,
      job: r.job,
      attempt: Number(r.attempt),
      status: r.status,
      worker: r.worker,
      error: r.error,
      queued_at: iso(r.queued_at),
      started_at: iso(r.started_at),
      finished_at: r.finished_at ? iso(r.finished_at) : null,
      queue_wait_s: round(Number(r.queue_wait_s)) ?? 0,
      run_s: round(run),
      video_s: round(video),
      video_s_per_s: run && video && r.status === 'completed' ? round(video / run) : null,
    }
  })
  return { list, workers: figuresBy(list, (j) => j.worker ?? 'unknown'), totals: totalsOf(list) }
}

function totalsOf(jobs: Job[]) {
  const done = jobs.filter((j) => j.run_s !== null)
  const video = done.filter((j) => j.video_s !== null && j.status === 'completed')
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
  const videoRun = sum(video.map((j) => j.run_s!))
  return {
    jobs: jobs.length,
    failed: jobs.filter((j) => j.status === 'failed').length,
    avg_queue_wait_s: jobs.length ? round(sum(jobs.map((j) => j.queue_wait_s)) / jobs.length) : null,
    avg_run_s: done.length ? round(sum(done.map((j) => j.run_s!)) / done.length) : null,
    video_s_per_s: videoRun > 0 ? round(sum(video.map((j) => j.video_s!)) / videoRun) : null,
  }
}

function figuresBy(jobs: Job[], key: (j: Job) => string) {
  const groups = new Map<string, Job[]>()
  for (const j of jobs) groups.set(key(j), [...(groups.get(key(j)) ?? []), j])
  return [...groups].map(([worker, list]) => {
    const t = totalsOf(list)
    return { worker, jobs: t.jobs, failed: t.failed, avg_run_s: t.avg_run_s, video_s_per_s: t.video_s_per_s }
  })
}
