import { z } from 'zod'

/** Error body the server sends for every non-2xx answer. `message` may carry `#detail` (SPEC §8). */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ErrorBody = z.infer<typeof ErrorBody>

/** SPEC §8 texts shown by the client. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Try again!'
export const DEFAULT_TOAST_MESSAGE = 'Have an error. Try again.'
