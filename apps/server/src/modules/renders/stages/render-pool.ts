import os from 'node:os'
import type { Job, WorkOptions } from 'pg-boss'
import type { Queue } from '../../../platform/queue/queue'

/**
 * The in-process pool of avatar-render workers (the CPU-heavy stage). Each pool member is its own
 * pg-boss worker, so the pool grows or shrinks at once: a new member starts fetching jobs, a
 * removed one stops fetching and finishes the job it holds. Bounded by the machine's cores.
 */
export interface RenderPool {
  queue: string
  /** Members asked for. */
  size(): number
  /** pg-boss workers on the queue that are still fetching. */
  running(): number
  max: number
  resize(n: number): Promise<number>
}

/** Names this process in render logs, so performance figures can be read per worker. */
export const WORKER_NAME = `${os.hostname()}#${process.pid}`

const pools = new WeakMap<Queue, RenderPool>()

/** The pool started by this process's render workers, if it runs them. */
export const renderPoolOf = (queue: Queue): RenderPool | undefined => pools.get(queue)

export async function startRenderPool<T>(
  queue: Queue,
  name: string,
  options: WorkOptions,
  handler: (jobs: Job<T>[]) => Promise<unknown>,
  initial = 1,
): Promise<RenderPool> {
  const members: string[] = []
  const max = Math.max(1, os.availableParallelism())
  const pool: RenderPool = {
    queue: name,
    size: () => members.length,
    running: () =>
      queue.boss
        .getWipData()
        .filter((w) => w.name === name && w.state !== 'stopping' && w.state !== 'stopped').length,
    max,
    async resize(n) {
      const target = Math.min(max, Math.max(1, Math.floor(n)))
      while (members.length < target)
        members.push(await queue.work(name, { ...options, localConcurrency: 1 }, handler))
      while (members.length > target) {
        const id = members.pop()!
        // No wait: the member ends the job it holds, then stops.
        await queue.boss.offWork(name, { id, wait: false })
      }
      return target
    },
  }
  await pool.resize(initial)
  pools.set(queue, pool)
  return pool
}
