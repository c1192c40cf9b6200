/** What a bench file exports: `run()` returning figures; bench/run.ts prints them. */
export interface BenchFigure {
  name: string
  value: number
  unit: string
  /** The target, e.g. "≤ 0.25"; `ok` says whether it was met. */
  target?: string
  ok?: boolean
  note?: string
}

export type BenchRun = (log: (line: string) => void) => Promise<BenchFigure[]>

export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}
