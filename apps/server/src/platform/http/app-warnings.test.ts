import { expect, it } from 'vitest'
import { createTestApp } from '../../../test/harness'

it('builds the app without Fastify deprecation warnings (npm start prints none)', async () => {
  const warnings: string[] = []
  const onWarning = (w: Error & { code?: string }) => warnings.push(`${w.code ?? w.name}: ${w.message}`)
  process.on('warning', onWarning)
  const t = await createTestApp()
  await new Promise((r) => setImmediate(r)) // warnings are emitted on the next tick
  process.off('warning', onWarning)
  await t.close()
  expect(warnings.filter((w) => /FSTDEP|deprecat/i.test(w))).toEqual([])
})
