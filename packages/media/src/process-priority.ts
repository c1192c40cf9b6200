import { AsyncLocalStorage } from 'node:async_hooks'
import type { ChildProcess } from 'node:child_process'
import os from 'node:os'

/**
 * CPU priority for the child processes (Festival, ffmpeg) a piece of work starts. Work a visitor
 * asks for in the background of the API (speech previews) runs niced, so when the cores are
 * saturated the scheduler still gives the API process — health checks, the overlay, alert
 * delivery — its share first. Carried through async calls, so engines need no extra parameter.
 */
const niceness = new AsyncLocalStorage<number>()

/**
 * Runs `work`; every child process it starts runs `nice` steps below this process (0 same … 19
 * lowest). Relative, not absolute: a server itself started niced (`nice -n 5 npm start`, a bench
 * under `nice`) would otherwise give its "background" children the same or a higher priority.
 */
export function withNiceness<T>(nice: number, work: () => Promise<T>): Promise<T> {
  return niceness.run(nice, work)
}

/** How many steps below this process the child processes started now run (0: the same). */
export const currentNiceness = (): number => niceness.getStore() ?? 0

/** Applies the current niceness to a just-started child (a child that has already exited is fine). */
export function applyNiceness(child: ChildProcess): void {
  const nice = niceness.getStore()
  if (!nice || child.pid === undefined) return
  try {
    os.setPriority(child.pid, Math.min(19, os.getPriority() + nice))
  } catch {
    // The child already exited, or the OS refused: it simply runs at normal priority.
  }
}
