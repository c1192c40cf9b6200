import os from 'node:os'
import type { ServerResponse } from 'node:http'
import { AppError } from '../http/errors'

/**
 * One admission gate per kind of CPU-heavy work a request can start (speech, images, password
 * hashing). A gate runs at most `concurrency` jobs at once, lets at most `queue` more wait, and
 * refuses the rest at once with a 503 and a `Retry-After` — so a flood of public requests costs
 * the machine a bounded amount of CPU and every caller hears back quickly, while the requests that
 * never pass a gate (health checks, the overlay, alert delivery, listings) stay fast.
 *
 * Gates are per process: each API process guards its own cores. See docs/decisions/0010-admission-gate.md.
 */
export interface AdmissionOptions {
  /** Jobs running at once; about the number of cores. */
  concurrency: number
  /** Jobs allowed to wait for a free slot; past it, a 503 at once. */
  queue: number
  /** A job that waited this long gives up with a 503: nobody waits for minutes. */
  maxWaitMs: number
  /** A job still running after this long is aborted (through its signal) and answers 503. */
  maxRunMs?: number
}

export const OVERLOADED_MESSAGE = 'The server is busy right now. Please try again in a few seconds.'

/** The 503 a full gate answers; `retryAfterSeconds` becomes the `Retry-After` header. */
export class OverloadedError extends AppError {
  constructor(
    readonly kind: string,
    retryAfterSeconds: number,
  ) {
    super('overloaded', OVERLOADED_MESSAGE, 503, undefined, retryAfterSeconds)
  }
}

interface Waiter {
  start: () => void
  fail: (err: Error) => void
}

export interface AdmissionStats {
  running: number
  waiting: number
  refused: number
}

export class AdmissionGate {
  private running = 0
  private readonly waiting: Waiter[] = []
  private refused = 0
  /** Moving average of how long one job runs, for an honest Retry-After. */
  private avgRunMs = 1000

  constructor(
    readonly kind: string,
    private readonly opts: AdmissionOptions,
  ) {}

  /**
   * Runs `job` when a slot is free; throws OverloadedError when the queue is full, the wait too
   * long, or the job overran `maxRunMs`. The job gets a signal that fires when the caller hangs up
   * or its time is up: pass it on to the child processes it starts.
   */
  async run<T>(job: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.running >= this.opts.concurrency) await this.wait(signal)
    else this.running++
    const started = performance.now()
    const overran = this.opts.maxRunMs ? AbortSignal.timeout(this.opts.maxRunMs) : undefined
    const jobSignal = AbortSignal.any([signal, overran].filter((s): s is AbortSignal => s !== undefined))
    try {
      return await job(jobSignal)
    } catch (err) {
      if (overran?.aborted) throw this.refuse()
      throw err
    } finally {
      this.avgRunMs = this.avgRunMs * 0.8 + (performance.now() - started) * 0.2
      this.release()
    }
  }

  /**
   * Runs `job` at the lowest priority (stress tests): only while nobody waits in line and a slot
   * besides this one stays free for real callers (on a one-slot gate, only when it is idle). It
   * never refuses: it stands aside, checking again every IDLE_POLL_MS, until there is room or
   * `signal` fires. Answers how long it stood aside, so the caller can report it.
   */
  async runWhenIdle<T>(
    job: (signal?: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<{ value: T; waitedMs: number }> {
    const t0 = performance.now()
    while (this.waiting.length > 0 || this.running >= Math.max(1, this.opts.concurrency - 1)) {
      signal?.throwIfAborted()
      await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS))
    }
    signal?.throwIfAborted()
    this.running++
    const waitedMs = performance.now() - t0
    try {
      return { value: await job(signal), waitedMs }
    } finally {
      this.release()
    }
  }

  /** Whether a caller arriving now would be refused at once: every slot busy and the line full. */
  isFull(): boolean {
    return this.running >= this.opts.concurrency && this.waiting.length >= this.opts.queue
  }

  /**
   * Counts a caller refused before its request was read (see refuse-at-arrival.ts); answers its
   * Retry-After seconds.
   */
  refuseAtArrival(): number {
    this.refused++
    return this.retryAfterSeconds()
  }

  stats(): AdmissionStats {
    return { running: this.running, waiting: this.waiting.length, refused: this.refused }
  }

  /** Seconds until a slot is likely free for a newcomer: the queue ahead drained at the measured pace. */
  retryAfterSeconds(): number {
    const ahead = this.waiting.length + 1
    return Math.max(1, Math.ceil((ahead * this.avgRunMs) / this.opts.concurrency / 1000))
  }

  private refuse(): OverloadedError {
    this.refused++
    return new OverloadedError(this.kind, this.retryAfterSeconds())
  }

  private wait(signal?: AbortSignal): Promise<void> {
    if (this.waiting.length >= this.opts.queue) return Promise.reject(this.refuse())
    if (signal?.aborted) return Promise.reject(this.refuse())
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        const at = this.waiting.indexOf(waiter)
        if (at >= 0) this.waiting.splice(at, 1)
      }
      const waiter: Waiter = {
        // The slot passes straight from the finishing job to this one (release() does not decrement).
        start: () => {
          leave()
          resolve()
        },
        fail: (err) => {
          leave()
          reject(err)
        },
      }
      const timer = setTimeout(() => waiter.fail(this.refuse()), this.opts.maxWaitMs)
      // A caller that hung up frees its place in the line: its answer would go nowhere.
      const onAbort = () => waiter.fail(this.refuse())
      signal?.addEventListener('abort', onAbort, { once: true })
      this.waiting.push(waiter)
    })
  }

  private release() {
    const next = this.waiting[0]
    if (next) next.start()
    else this.running--
  }
}

const CORES = Math.max(1, os.availableParallelism())
/** How often lowest-priority work looks for room again. */
const IDLE_POLL_MS = 50

/** Aborts when the caller hangs up before its answer is sent, so it stops holding a place in line. */
export function hangUpSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  return controller.signal
}

/**
 * The kinds of work, with their limits. Speech and images take about a core each (Festival and
 * ffmpeg processes, canvas drawing). argon2 takes ~50 ms of a core on libuv's thread pool; new
 * passwords (sign-up, reset, change) and sign-in checks are separate kinds, so a flood of sign-ups
 * never makes a login wait.
 */
export const ADMISSION_KINDS = {
  // Waiting plus running stays a second under 10 s: a preview is answered or refused within that
  // even when a starved machine fires the gate's timers late (10.3 s was measured with 3 + 6.5 s).
  speech: { concurrency: CORES, queue: CORES * 3, maxWaitMs: 3_000, maxRunMs: 6_000 },
  images: { concurrency: CORES, queue: CORES * 4, maxWaitMs: 8_000 },
  passwordHash: { concurrency: CORES, queue: CORES * 8, maxWaitMs: 5_000 },
  passwordCheck: { concurrency: CORES, queue: CORES * 16, maxWaitMs: 5_000 },
} satisfies Record<string, AdmissionOptions>

export type AdmissionKind = keyof typeof ADMISSION_KINDS

const gates = new Map<AdmissionKind, AdmissionGate>()

/** The process's gate for a kind of work, created on first use. */
export function admission(kind: AdmissionKind): AdmissionGate {
  let gate = gates.get(kind)
  if (!gate) {
    gate = new AdmissionGate(kind, ADMISSION_KINDS[kind])
    gates.set(kind, gate)
  }
  return gate
}
