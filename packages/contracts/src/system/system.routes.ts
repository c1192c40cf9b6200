import { z } from 'zod'
import { defineRoute } from '../define-route'

export const health = defineRoute({
  method: 'GET', path: '/api/health', auth: 'public',
  response: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']), version: z.string() }),
})
