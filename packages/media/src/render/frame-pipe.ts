/**
 * Runs ffmpeg with raw RGBA frames written to its stdin (waiting for drain, so drawing and encoding
 * overlap on the two cores), sampling its peak memory and CPU time; cancelling kills it.
 */
import { spawn } from 'node:child_process'
import type { ChildProcessByStdio } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import type { Readable, Writable } from 'node:stream'
import { FfmpegError, toolEnv } from '../audio/ffmpeg'

export interface FramePipeResult {
  /** Peak resident memory of the ffmpeg process, MB (sampled; 0 where /proc is missing). */
  ffmpegPeakMb: number
  /** CPU time ffmpeg used, ms (sampled every 100 ms, so slightly low). */
  ffmpegCpuMs: number
}

/**
 * A still picture as the background stream: decoded, fitted and converted once, then the same frame
 * repeated at the video's rate, trimmed to the video's length (an endless background kept ffmpeg
 * waiting for more layer frames once a short render's pipe was done). `-loop 1` on the input decoded the PNG/JPEG
 * again and re-scaled it for every frame: measured 2.1 s of CPU for a 9 s 720p video, now ~0. The
 * frames are bit-identical to before.
 */
export const stillBackground = (fit: string, fps: number, seconds: number | string, input = 0) =>
  `[${input}:v]${fit},format=yuv420p,loop=loop=-1:size=1,settb=1/${fps},setpts=N,trim=duration=${seconds}[bg]`

export function abortError(): Error {
  const e = new Error('Render cancelled')
  e.name = 'AbortError'
  return e
}

/**
 * A second stream of frames on ffmpeg's fd 3 (`-i pipe:3`) that holds still most of the time: only
 * its changes are sent (frame k is the picture from main frame `changes[k]` on; ffmpeg re-times them).
 */
export interface SparseFrames {
  /** Main-frame indices where the picture changes, ascending, starting with 0. */
  changes: readonly number[]
  frame: (k: number) => Uint8Array
}

export async function pipeFrames(
  args: string[],
  frameCount: number,
  frame: (i: number) => Uint8Array,
  opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void; sparse?: SparseFrames } = {},
): Promise<FramePipeResult> {
  const { signal, sparse } = opts
  const proc = spawn('ffmpeg', args, {
    env: toolEnv(),
    stdio: ['pipe', 'ignore', 'pipe', sparse ? 'pipe' : 'ignore'],
  }) as ChildProcessByStdio<Writable, null, Readable>
  const sparseIn = sparse ? (proc.stdio[3] as Writable) : null
  sparseIn?.on('error', () => undefined)
  // ffmpeg holds a sparse picture until it has read the next one (its timestamp says when the held
  // one ends), so each change is sent one change ahead of the main frames, never waiting for drain
  // (the main pipe paces both); the stream ends after its last change.
  let sent = 0
  const sendSparse = (upTo: number) => {
    if (!sparse || !sparseIn) return
    while (sent < sparse.changes.length && sent <= upTo) sparseIn.write(sparse.frame(sent++))
    if (sent === sparse.changes.length && !sparseIn.writableEnded) sparseIn.end()
  }
  let nextChange = 0
  let stderr = ''
  proc.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-6000)))
  // Linux only: sample ffmpeg's peak memory and CPU time while it runs (for the figures in bench/).
  let peakKb = 0
  let cpuTicks = 0
  const memPoll = setInterval(() => {
    readFile(`/proc/${proc.pid}/status`, 'utf8').then(
      (status) => {
        const m = /VmHWM:\s+(\d+)/.exec(status)
        if (m) peakKb = Math.max(peakKb, Number(m[1]))
      },
      () => undefined,
    )
    readFile(`/proc/${proc.pid}/stat`, 'utf8').then(
      (stat) => {
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        cpuTicks = Math.max(cpuTicks, Number(fields[11]) + Number(fields[12]))
      },
      () => undefined,
    )
  }, 100)
  const exited = new Promise<number | null>((resolve, reject) => {
    proc.on('error', reject)
    proc.on('close', (code) => resolve(code))
  })
  // EPIPE when ffmpeg stops reading (error or kill): the exit status tells what happened.
  proc.stdin.on('error', () => undefined)
  const onAbort = () => proc.kill('SIGKILL')
  signal?.addEventListener('abort', onAbort, { once: true })
  try {
    let pipeClosed = false
    proc.stdin.on('close', () => (pipeClosed = true))
    for (let i = 0; i < frameCount && !pipeClosed; i++) {
      if (signal?.aborted) break
      if (sparse && nextChange < sparse.changes.length && sparse.changes[nextChange] === i)
        sendSparse(++nextChange)
      const ok = proc.stdin.write(frame(i))
      if (!ok)
        await new Promise<void>((resolve) => {
          const done = () => {
            proc.stdin.off('drain', done)
            proc.stdin.off('close', done)
            resolve()
          }
          proc.stdin.on('drain', done)
          proc.stdin.on('close', done)
        })
      if (i % 10 === 0) opts.onProgress?.(i / frameCount)
    }
    proc.stdin.end()
    sendSparse(Infinity)
    const code = await exited
    if (signal?.aborted) throw abortError()
    if (code !== 0)
      throw new FfmpegError(
        `ffmpeg failed (${code}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
        stderr,
      )
  } catch (error) {
    proc.kill('SIGKILL')
    throw error
  } finally {
    clearInterval(memPoll)
    signal?.removeEventListener('abort', onAbort)
  }
  return { ffmpegPeakMb: Math.round(peakKb / 1024), ffmpegCpuMs: cpuTicks * 10 }
}
