/**
 * A resident Festival (`festival --pipe` kept open) that runs one script at a time. Starting Festival
 * and loading the HTS voice costs ~0.2 s of CPU (mostly the kernel mapping its files), about as much
 * as synthesising a sentence, and it was paid on every call. Now processes per voice and niceness
 * (so a niced speech preview never runs in the process an alert uses; up to one per core, so
 * concurrent calls still run side by side) stay up while used and end after a quiet minute. Each
 * script ends by printing a sentinel and flushing; what it printed before that is its output. A cancelled or failed call kills the process (a half-run
 * script must not leak into the next), and the next call starts a fresh one.
 */
import { spawn } from 'node:child_process'
import os from 'node:os'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { applyNiceness, currentNiceness } from '../process-priority'

const IDLE_MS = 60_000

interface Job {
  script: string
  signal?: AbortSignal
  resolve: (out: string) => void
  reject: (e: Error) => void
}

/** The signal's reason (an AbortError DOMException unless the caller gave one). */
function abortReason(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason
  if (reason instanceof Error) return reason
  const e = new Error('aborted')
  e.name = 'AbortError'
  return e
}

/** Whether the child and its pipes keep Node's event loop alive: while a script runs, yes. */
function holdLoop(child: ChildProcessWithoutNullStreams, hold: boolean): void {
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as unknown as Array<{
    ref?: () => void
    unref?: () => void
  }>) {
    if (hold) handle.ref?.()
    else handle.unref?.()
  }
}

class ResidentFestival {
  /** Scripts running or waiting here. */
  get load(): number {
    return this.queue.length + (this.current ? 1 : 0)
  }

  private child: ChildProcessWithoutNullStreams | null = null
  private queue: Job[] = []
  private current: Job | null = null
  private out = ''
  private err = ''
  private sentinel = ''
  private seq = 0
  private idle: NodeJS.Timeout | null = null

  constructor(private readonly setup: string) {}

  run(script: string, signal?: AbortSignal): Promise<string> {
    signal?.throwIfAborted()
    return new Promise((resolve, reject) => {
      this.queue.push({ script, signal, resolve, reject })
      this.next()
    })
  }

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn('festival', ['--pipe'], { stdio: ['pipe', 'pipe', 'pipe'] })
    applyNiceness(child)
    // A killed process's last words must not reach the job that runs in its successor.
    child.stdout.setEncoding('utf8').on('data', (d: string) => this.child === child && this.onOut(d))
    child.stderr
      .setEncoding('utf8')
      .on('data', (d: string) => this.child === child && (this.err = (this.err + d).slice(-2000)))
    child.stdin.on('error', () => undefined)
    child.on('error', (e) =>
      this.gone(child, new Error(`festival could not start (Debian package festival): ${e.message}`)),
    )
    child.on('close', (code) =>
      this.gone(child, new Error(`festival failed (${code}): ${this.err.slice(0, 300)}`)),
    )
    child.stdin.write(`${this.setup}\n`)
    return child
  }

  private next(): void {
    if (this.current || !this.queue.length) return
    const job = this.queue.shift()!
    if (job.signal?.aborted) {
      job.reject(abortReason(job.signal))
      return this.next()
    }
    if (this.idle) clearTimeout(this.idle)
    this.idle = null
    this.child ??= this.start()
    holdLoop(this.child, true)
    this.current = job
    this.out = ''
    this.err = ''
    this.sentinel = `MP-DONE-${++this.seq}\n`
    job.signal?.addEventListener('abort', this.onAbort, { once: true })
    this.child.stdin.write(`${job.script}\n(format t "${this.sentinel.trim()}\\n")\n(fflush nil)\n`)
  }

  private onAbort = () => {
    if (this.current) this.kill(abortReason(this.current.signal))
  }

  private onOut(d: string): void {
    this.out += d
    const at = this.out.indexOf(this.sentinel)
    if (!this.current || at < 0) return
    const job = this.current
    this.finish(job, this.out.slice(0, at))
  }

  private finish(job: Job, result: string | Error): void {
    if (this.current !== job) return
    job.signal?.removeEventListener('abort', this.onAbort)
    this.current = null
    if (typeof result === 'string') job.resolve(result)
    else job.reject(result)
    if (this.queue.length) return this.next()
    if (this.child) {
      // Idle, the resident helper must not keep the process (a test run, a CLI) alive.
      holdLoop(this.child, false)
      this.idle = setTimeout(() => this.kill(), IDLE_MS)
      this.idle.unref()
    }
  }

  /** Ends the process; the script running in it (if any) fails with `reason`. */
  kill(reason: Error = new Error('festival was stopped')): void {
    const child = this.child
    this.child = null
    child?.kill('SIGKILL')
    if (this.current) this.finish(this.current, reason)
  }

  /** The process ended by itself (a crash): its job fails, the next one starts a new process. */
  private gone(child: ChildProcessWithoutNullStreams, e: Error): void {
    if (this.child !== child) return
    this.child = null
    if (this.current) this.finish(this.current, e)
  }
}

const residents = new Map<string, ResidentFestival[]>()
/** As many processes per voice and niceness as cores, so concurrent calls still run side by side. */
const POOL = Math.max(1, os.availableParallelism())

/**
 * Runs a Festival script in a resident process for `setup` (the voice selection) at the caller's
 * niceness: an idle one, a new one while the pool has room, else the least busy. Its stdout up to the
 * end of the script is the result.
 */
export function runFestival(setup: string, script: string, signal?: AbortSignal): Promise<string> {
  const key = `${currentNiceness()}|${setup}`
  const pool = residents.get(key) ?? []
  residents.set(key, pool)
  let resident = pool.reduce<ResidentFestival | undefined>(
    (best, r) => (!best || r.load < best.load ? r : best),
    undefined,
  )
  if (!resident || (resident.load > 0 && pool.length < POOL))
    pool.push((resident = new ResidentFestival(setup)))
  return resident.run(script, signal)
}

/** Ends every resident Festival (shutdown); a later call starts a new one. */
export function closeResidentFestivals(): void {
  for (const pool of residents.values()) for (const resident of pool) resident.kill()
}
