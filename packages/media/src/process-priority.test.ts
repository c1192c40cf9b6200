import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const FIXTURE = path.join(import.meta.dirname, 'test/niced-child.fixture.ts')

describe('process priority', () => {
  it('runs a niced piece of work below its own process, even when that process is niced itself', () => {
    // A server started at nice 5 whose previews were set to nice 10 outright ran them only 5 steps
    // below itself; at nice 12 it would have run them above itself. (`nice -n` adds to the runner's own.)
    for (const parentNice of [0, 5, 12]) {
      const out = execFileSync(
        'nice',
        ['-n', String(parentNice), process.execPath, '--import', 'tsx', FIXTURE],
        { encoding: 'utf8' },
      )
      const { parent, child } = JSON.parse(out) as { parent: number; child: number }
      expect(child).toBe(Math.min(19, parent + 10))
      if (parent < 19) expect(child).toBeGreaterThan(parent)
    }
  }, 30_000)
})
