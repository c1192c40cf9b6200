import { z } from 'zod'
import { defineRoute } from '../define-route'
import { listPage, listQuery } from '../lists'

/**
 * SPEC §7 "Stress tests": a bounded load run against our own speech engine ("test of a voice
 * service") or render workers ("test of a GPU job service"), run as a background job at the lowest
 * priority, with its figures kept. The caps keep one run from costing the machine more than a
 * few minutes of one core.
 */
export const STRESS_TARGETS = ['voice', 'render'] as const
export type StressTarget = (typeof STRESS_TARGETS)[number]
export const STRESS_CAPS = { requests: 500, concurrency: 4, duration_s: 300 } as const

const capped = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be between 1 and ${max}`)
    .max(max, `${name} must be between 1 and ${max}`)

export const StressTestInput = z.object({
  /** Requests in all; the run ends when they are done, the duration is up or the admin stops it. */
  requests: capped('requests', STRESS_CAPS.requests),
  /** Requests in flight at once (still only when real users leave room). */
  concurrency: capped('concurrency', STRESS_CAPS.concurrency),
  /** Seconds at most. */
  duration_s: capped('duration_s', STRESS_CAPS.duration_s),
})
export type StressTestInput = z.infer<typeof StressTestInput>

export const STRESS_STATUSES = ['queued', 'running', 'completed', 'stopped', 'failed'] as const
export const StressHistogramBucket = z.object({ le_ms: z.number(), count: z.number().int() })
export const StressTest = z.object({
  session_id: z.string(),
  target: z.enum(STRESS_TARGETS),
  status: z.enum(STRESS_STATUSES),
  requests: z.number().int(),
  concurrency: z.number().int(),
  duration_s: z.number().int(),
  /** Requests finished so far (ok + errors). */
  done: z.number().int(),
  ok: z.number().int(),
  errors: z.number().int(),
  /** How long the run stood aside because real users were using the engine. */
  yielded_ms: z.number().int(),
  /** Finished requests per second of run time. */
  throughput_rps: z.number().nullable(),
  latency_ms: z
    .object({
      p50: z.number(),
      p95: z.number(),
      p99: z.number(),
      min: z.number(),
      max: z.number(),
      mean: z.number(),
    })
    .nullable(),
  /** Successful requests by latency, bucket upper bounds in ms (the last one is everything slower). */
  histogram: z.array(StressHistogramBucket),
  /** Distinct error messages with how often each came. */
  error_samples: z.array(z.object({ message: z.string(), count: z.number().int() })),
  stop_requested: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
})
export type StressTest = z.infer<typeof StressTest>

const started = z.object({ stress_test: StressTest })
export const startVoiceStressTest = defineRoute({
  method: 'POST',
  path: '/api/admin/stress-test/voice',
  auth: 'admin',
  summary: 'Start a stress test of the voice service',
  body: StressTestInput,
  response: started,
})
export const startRenderStressTest = defineRoute({
  method: 'POST',
  path: '/api/admin/stress-test/render',
  auth: 'admin',
  summary: 'Start a stress test of the render workers (GPU job service)',
  body: StressTestInput,
  response: started,
})
const SessionId = z.uuid({ error: 'Unknown stress test' })
export const stopStressTest = defineRoute({
  method: 'POST',
  path: '/api/admin/stress-test/stop',
  auth: 'admin',
  summary: 'Stop a running stress test',
  body: z.object({ session_id: SessionId }),
  response: started,
})
export const listStressTests = defineRoute({
  method: 'GET',
  path: '/api/admin/stress-test/results',
  auth: 'admin',
  summary: 'Stress test results, newest first',
  query: listQuery(['created_at'] as const, 10),
  response: listPage(StressTest),
})
export const getStressTest = defineRoute({
  method: 'GET',
  path: '/api/admin/stress-test/result',
  auth: 'admin',
  summary: 'One stress test with its figures',
  query: z.object({ session_id: SessionId }),
  response: started,
})
