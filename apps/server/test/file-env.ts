import { afterAll } from 'vitest'

/**
 * Server suites share a fork without isolation (vitest.config.ts): module loading is paid once per
 * fork, not once per file. What a file sets in `process.env` — at its top level or in a hook — is
 * put back when it ends, so the next file in the fork starts from the same environment.
 */
const before = { ...process.env }
afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key]
  Object.assign(process.env, before)
})
