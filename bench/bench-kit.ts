import pg from 'pg'
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

/** A throwaway database on the PostgreSQL server for one bench run, dropped afterwards. */
export async function withTempDatabase<T>(serverUrl: string, label: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `mp_bench_${label}_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    return await run(url.toString())
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {})
    await admin.end()
  }
}

/** Node flags for the bench's server, e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it. */
export const benchNodeArgs = () => process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []
