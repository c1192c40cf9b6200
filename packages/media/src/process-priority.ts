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

/** Runs `work`; every child process it starts gets `nice` (0 normal … 19 lowest). */
export function withNiceness<T>(nice: number, work: () => Promise<T>): Promise<T> {
  return niceness.run(nice, work)
}

/** The niceness child processes started now get (0: normal). */
export const currentNiceness = (): number => niceness.getStore() ?? 0

/** Applies the current niceness to a just-started child (a child that has already exited is fine). */
export function applyNiceness(child: ChildProcess): void {
  const nice = niceness.getStore()
  if (!nice || child.pid === undefined) return
  try {
    os.setPriority(child.pid, nice)
  } catch {
    // The child already exited, or the OS refused: it simply runs at normal priority.
  }
}
