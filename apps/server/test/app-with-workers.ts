import { afterAll, beforeAll } from 'vitest'
import { rendersClient } from '../src/modules/renders/testing'
import { createTestApp } from './harness'
import type { TestApp } from './harness'

export type RendersClient = ReturnType<typeof rendersClient>

/**
 * A suite's whole server with the job workers running in-process (uploads, renders) and a renders
 * client on it: opened before the suite, closed after it. `use` hands both to the suite, which
 * keeps them in its own variables.
 */
export function appWithWorkers(use: (t: TestApp, client: RendersClient) => void): void {
  let t: TestApp | undefined
  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    use(t, rendersClient(t))
  })
  afterAll(async () => {
    await t?.close()
  })
}
