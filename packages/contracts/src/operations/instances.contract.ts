import { z } from 'zod'
import { boundedText } from '../ids'
import { defineRoute } from '../define-route'

/** SPEC §7 "Instances": the render-worker pool, sized by the admin (embedded, Kubernetes or AWS Auto Scaling). */
export const INSTANCE_PROVIDERS = ['embedded', 'kubernetes', 'aws'] as const
export const InstancePool = z.object({
  id: z.string(),
  provider: z.enum(INSTANCE_PROVIDERS),
  /** What was asked for. */
  desired: z.number().int(),
  /** Workers actually running (pods ready, instances in service, workers fetching). */
  running: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
})
export type InstancePool = z.infer<typeof InstancePool>

const PoolId = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9._:/-]+$/, 'Unknown pool'),
})

export const adminListInstances = defineRoute({
  method: 'GET',
  path: '/api/admin/instances',
  auth: 'admin',
  summary: 'The configured render-worker pools',
  response: z.object({ list: z.array(InstancePool) }),
})
export const adminInstanceCount = defineRoute({
  method: 'GET',
  path: '/api/admin/instances/:id/count',
  auth: 'admin',
  summary: 'Desired and running workers of a pool',
  params: PoolId,
  response: InstancePool,
})
export const adminSetDesiredCapacity = defineRoute({
  method: 'POST',
  path: '/api/admin/instances/:id/desired-count',
  auth: 'admin',
  summary: 'Set the pool size (DesiredCapacity)',
  params: PoolId,
  body: z.object({
    DesiredCapacity: z
      .number({ error: 'DesiredCapacity must be a whole number' })
      .int('DesiredCapacity must be a whole number')
      .min(0, 'DesiredCapacity cannot be negative'),
  }),
  response: InstancePool,
})

export const PerformanceJob = z.object({
  id: z.number().int(),
  render_id: z.string(),
  job: z.string(),
  attempt: z.number().int(),
  status: z.string(),
  worker: z.string().nullable(),
  queued_at: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** Seconds between the render being asked for and this job starting. */
  queue_wait_s: z.number(),
  run_s: z.number().nullable(),
  video_s: z.number().nullable(),
  /** Seconds of video made per second of run time. */
  video_s_per_s: z.number().nullable(),
  error: z.string().nullable(),
})
export const WorkerFigures = z.object({
  worker: z.string(),
  jobs: z.number().int(),
  failed: z.number().int(),
  avg_run_s: z.number().nullable(),
  video_s_per_s: z.number().nullable(),
})
export const adminPerformanceJobs = defineRoute({
  method: 'GET',
  path: '/api/admin/instances/performance-jobs',
  auth: 'admin',
  summary: 'Recent render jobs: queue wait, run time, speed, failures, per worker',
  query: z.object({
    limit: boundedText(1, 500, 'limit must be a whole number from 1 to 500').default(50),
    hours: boundedText(1, 24 * 30, `hours must be a whole number from 1 to ${24 * 30}`).default(24),
  }),
  response: z.object({
    list: z.array(PerformanceJob),
    workers: z.array(WorkerFigures),
    totals: z.object({
      jobs: z.number().int(),
      failed: z.number().int(),
      avg_queue_wait_s: z.number().nullable(),
      avg_run_s: z.number().nullable(),
      video_s_per_s: z.number().nullable(),
    }),
  }),
})
