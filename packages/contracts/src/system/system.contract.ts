import { z } from 'zod'
import { defineRoute } from '../define-route'

export const health = defineRoute({
  method: 'GET',
  path: '/api/health',
  auth: 'public',
  response: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']), version: z.string() }),
})

/**
 * Readiness, for balancers and orchestrators (health above is liveness: the process answers): the
 * database answers, this build's migrations are applied and the process is not draining after
 * SIGTERM. Anything else is a 503 naming what is missing.
 */
export const ready = defineRoute({
  method: 'GET',
  path: '/api/ready',
  auth: 'public',
  response: z.object({ status: z.literal('ready'), db: z.enum(['pglite', 'postgres']) }),
})

export const HEALTH_SERVICES = ['database', 'queue', 'workers', 'speech', 'storage', 'mail'] as const
export const HealthState = z.enum(['ok', 'degraded', 'down'])
export const HealthCheck = z.object({
  name: z.enum(HEALTH_SERVICES),
  status: HealthState,
  /** Response time of the probe, in milliseconds. */
  ms: z.number(),
  detail: z.string(),
})
export type HealthCheck = z.infer<typeof HealthCheck>

/** The public status page's data (/health-check): each service probed for real, with its response time. */
export const healthCheck = defineRoute({
  method: 'GET',
  path: '/api/health-check',
  auth: 'public',
  summary: 'Status of the database, queue, workers, speech engines, storage and mail',
  response: z.object({ overall: HealthState, checked_at: z.string(), checks: z.array(HealthCheck) }),
})
