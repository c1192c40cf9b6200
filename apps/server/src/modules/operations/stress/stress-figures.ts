import type { StressTest } from '@mouthpiece/contracts/operations/stress-tests.contract'

/** Histogram bucket upper bounds in ms; successes slower than the last land in a final bucket up to the slowest. */
export const HISTOGRAM_BOUNDS_MS = [25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000]
/** Distinct error messages kept per run; the error count itself is exact. */
const MAX_ERROR_SAMPLES = 10

export type StressFigures = Pick<
  StressTest,
  'done' | 'ok' | 'errors' | 'yielded_ms' | 'throughput_rps' | 'latency_ms' | 'histogram' | 'error_samples'
>

/** What a run has measured: each success's latency, each error's message, the time it stood aside. */
export class StressTally {
  readonly latencies: number[] = []
  readonly errorCounts = new Map<string, number>()
  errors = 0
  yieldedMs = 0

  success(ms: number) {
    this.latencies.push(ms)
  }

  failure(message: string) {
    this.errors++
    if (this.errorCounts.has(message) || this.errorCounts.size < MAX_ERROR_SAMPLES)
      this.errorCounts.set(message, (this.errorCounts.get(message) ?? 0) + 1)
  }

  /** The figures after `elapsedMs` of run time. */
  figures(elapsedMs: number): StressFigures {
    const sorted = [...this.latencies].sort((a, b) => a - b)
    const done = sorted.length + this.errors
    const round = (v: number) => Math.round(v * 10) / 10
    return {
      done,
      ok: sorted.length,
      errors: this.errors,
      yielded_ms: Math.round(this.yieldedMs),
      throughput_rps: elapsedMs > 0 && done > 0 ? round((done * 1000) / elapsedMs) : null,
      latency_ms: sorted.length
        ? {
            p50: round(percentile(sorted, 50)),
            p95: round(percentile(sorted, 95)),
            p99: round(percentile(sorted, 99)),
            min: round(sorted[0]!),
            max: round(sorted[sorted.length - 1]!),
            mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
          }
        : null,
      histogram: histogram(sorted),
      error_samples: [...this.errorCounts]
        .map(([message, count]) => ({ message, count }))
        .sort((a, b) => b.count - a.count),
    }
  }
}

/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** Counts per bucket, from the first bound up to the bucket holding the slowest value. */
export function histogram(sorted: number[]): StressTest['histogram'] {
  if (sorted.length === 0) return []
  const max = sorted[sorted.length - 1]!
  const bounds = HISTOGRAM_BOUNDS_MS.filter((b, i) => i === 0 || HISTOGRAM_BOUNDS_MS[i - 1]! < max)
  if (bounds[bounds.length - 1]! < max) bounds.push(Math.ceil(max))
  let i = 0
  return bounds.map((le_ms) => {
    let count = 0
    while (i < sorted.length && sorted[i]! <= le_ms) {
      count++
      i++
    }
    return { le_ms, count }
  })
}
