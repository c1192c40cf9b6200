import { describe, expect, it } from 'vitest'
import { withNiceness } from '../process-priority'
import { runFestival } from './festival-process'

// The resident Festival: scripts run one after another in one process (state set by one is seen by
// the next), a cancelled script takes its process with it and the next call starts a fresh one.
const SETUP = '(set! mp_test_count 0)'
const bump = '(set! mp_test_count (+ mp_test_count 1))\n(format t "count %d\\n" mp_test_count)'

describe('resident festival', () => {
  it('runs one call after another in one process, and a cancelled one does not leak into the next', async () => {
    const outs: string[] = []
    for (let i = 0; i < 3; i++) outs.push((await runFestival(SETUP, bump)).trim())
    expect(outs).toEqual(['count 1', 'count 2', 'count 3'])
    // Calls at the same time run side by side (another process of the pool) or queue; each gets its own output.
    const both = await Promise.all([
      runFestival(SETUP, '(format t "a\\n")'),
      runFestival(SETUP, '(format t "b\\n")'),
    ])
    expect(both.map((o) => o.trim())).toEqual(['a', 'b'])

    const controller = new AbortController()
    const busy = runFestival(
      SETUP,
      '(let ((i 0)) (while (< i 50000000) (set! i (+ i 1))))\n(format t "finished\\n")',
      controller.signal,
    )
    setTimeout(() => controller.abort(), 200)
    await expect(busy).rejects.toMatchObject({ name: 'AbortError' })
    // A fresh process: the setup ran again, nothing of the cancelled script is in the output.
    expect((await runFestival(SETUP, bump)).trim()).toBe('count 1')
  }, 30_000)

  it('keeps a niced caller in a process of its own', async () => {
    const niced = await withNiceness(10, () => runFestival(SETUP, bump))
    expect(niced.trim()).toBe('count 1')
    expect((await runFestival(SETUP, bump)).trim()).toBe('count 2')
  }, 30_000)
})
