/**
 * Prints this process's niceness and that of a child it starts under `withNiceness(10)`, as JSON.
 * process-priority.test.ts runs it under `nice`, so it can see whether the child's priority is
 * taken from its parent's or set outright.
 */
import { spawn } from 'node:child_process'
import os from 'node:os'
import { applyNiceness, withNiceness } from '../process-priority'

const child = await withNiceness(10, async () => {
  const c = spawn('sleep', ['5'], { stdio: 'ignore' })
  applyNiceness(c)
  return c
})
process.stdout.write(JSON.stringify({ parent: os.getPriority(), child: os.getPriority(child.pid) }))
child.kill()
