import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
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
export async function withTempDatabase<T>(
  serverUrl: string,
  label: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
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

/** utime + stime + cutime + cstime, utime + stime alone, and the parent pid, from /proc/<pid>/stat, in seconds. */
function statCpu(pid: number | 'self'): { ppid: number; cpu: number; own: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number)
    // Fields 4 and 14–17 of proc(5) (ppid; utime, stime, cutime, cstime) are 1 and 11–14 after the command name; clock ticks of 1/100 s.
    return { ppid: f[1]!, cpu: (f[11]! + f[12]! + f[13]! + f[14]!) / 100, own: (f[11]! + f[12]!) / 100 }
  } catch {
    return null
  }
}

/**
 * CPU seconds a process has used, its children included: reaped ones (ffmpeg) through cutime and
 * cstime, and ones still running (the resident Festival) read from /proc. Linux; 0 elsewhere. Read
 * before and after a piece of work; on a shared machine the difference is the figure to compare,
 * wall time moves with the load.
 */
export function processCpuSeconds(pid: number | 'self' = 'self'): number {
  const own = statCpu(pid)
  if (!own) return 0
  const root = pid === 'self' ? process.pid : pid
  const kids = new Map<number, number[]>()
  const cpu = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const s = statCpu(Number(entry))
    if (!s) continue
    cpu.set(Number(entry), s.cpu)
    kids.set(s.ppid, [...(kids.get(s.ppid) ?? []), Number(entry)])
  }
  let total = own.cpu
  const walk = (p: number) => {
    for (const c of kids.get(p) ?? []) {
      total += cpu.get(c) ?? 0
      walk(c)
    }
  }
  walk(root)
  return total
}

/** CPU seconds of one process alone (its children not counted): e.g. a server's event loop and threads, without its ffmpeg and Festival. */
export const ownCpuSeconds = (pid: number): number => statCpu(pid)?.own ?? 0

/** "load 3.1 2.9 2.2 on 2 cores": the context every wall-time figure needs. */
export const loadNote = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`
