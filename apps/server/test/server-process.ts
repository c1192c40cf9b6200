import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../../..')
const MAIN_TS = path.join(root, 'apps/server/src/main.ts')
/** What main.ts prints once it serves (MODE=all|serve) or once its workers run (MODE=work). */
const READY_LINES = ['Mouthpiece is running', 'workers running']

export interface ServerProcess {
  child: ChildProcess
  /** The last few thousand characters the process printed (stdout and stderr). */
  log: () => string
  /** Sends `signal` (SIGTERM by default) and waits until the process is gone (SIGKILL after 15 s). */
  stop: (signal?: NodeJS.Signals) => Promise<void>
}

/**
 * The real server (main.ts) as a child process, for tests and benches that must kill and restart it
 * or run several. Answers once it says it is ready; throws with its output if it exits first or is
 * not ready in time. Never outlives the process that started it.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { nodeArgs?: string[]; timeoutMs?: number; entry?: string } = {},
): Promise<ServerProcess> {
  // `entry`: a bundled main.js (scripts/build-server.mjs) runs as plain JavaScript, as `npm start` runs it.
  const entry = opts.entry ? [opts.entry] : ['--import', 'tsx', MAIN_TS]
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const kill = () => child.kill('SIGKILL')
  process.once('exit', kill)
  child.once('exit', () => process.off('exit', kill))
  let output = ''
  const server: ServerProcess = {
    child,
    log: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return
      const gone = new Promise((r) => child.once('exit', r))
      child.kill(signal)
      const late = setTimeout(kill, 15_000)
      await gone
      clearTimeout(late)
    },
  }
  const timeoutMs = opts.timeoutMs ?? 90_000
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      kill()
      reject(new Error(`the server was not ready within ${timeoutMs / 1000} s: ${output}`))
    }, timeoutMs)
    const keep = (d: Buffer) => {
      output = (output + d.toString()).slice(-4000)
      if (READY_LINES.some((line) => output.includes(line))) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`the server exited (${code ?? signal}): ${output}`))
    })
  })
  return server
}
