/** Running ffmpeg/ffprobe as child processes with cancellation, without buffering video through node. */
import { spawn } from 'node:child_process'
import { applyNiceness } from '../process-priority'

export interface RunResult {
  stdout: Buffer
  stderr: string
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message)
    this.name = 'FfmpegError'
  }
}

/**
 * The environment ffmpeg and ffprobe run in: this process's, with glibc's malloc told to keep freed
 * memory in the heap. By default glibc maps a frame-sized buffer (a 720p plane is ~0.9 MB) fresh
 * from the kernel, gives it back on free and faults its pages in again on the next frame. Measured
 * on a Quick Create's 9 s 720p encode: ~50,000 page faults and 2.2 CPU-s, with fixed thresholds
 * ~16,000 and 1.65 CPU-s, same bytes out; peak memory +10 MB. Both thresholds are needed (either
 * alone was worse than neither). The tools are short-lived: the heap goes back at exit. Read at each
 * start, as a spawn without `env` would read it.
 */
export const toolEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  GLIBC_TUNABLES: [
    process.env.GLIBC_TUNABLES,
    'glibc.malloc.mmap_threshold=67108864:glibc.malloc.trim_threshold=268435456',
  ]
    .filter(Boolean)
    .join(':'),
})

/** Runs a tool to completion; rejects with an AbortError when `signal` fires (the child is killed). */
export function runTool(
  tool: 'ffmpeg' | 'ffprobe',
  args: string[],
  options: { input?: Buffer; signal?: AbortSignal } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const base = tool === 'ffmpeg' ? ['-hide_banner', '-loglevel', 'error'] : ['-v', 'error']
    const child = spawn(tool, base.concat(args), {
      env: toolEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
      signal: options.signal,
      killSignal: 'SIGKILL',
    })
    applyNiceness(child)
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (d: Buffer) => out.push(d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err = (err + d).slice(-8000)))
    child.on('error', (e) =>
      reject(
        e.name === 'AbortError'
          ? e
          : new FfmpegError(`${tool} could not start (Debian package ffmpeg): ${e.message}`, err),
      ),
    )
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr: err })
      else
        reject(
          new FfmpegError(`${tool} failed (${code}): ${err.trim().split('\n').slice(-3).join(' | ')}`, err),
        )
    })
    child.stdin.on('error', () => undefined) // EPIPE when the tool exits early; the exit code tells why
    child.stdin.end(options.input)
  })
}

export const ffmpeg = (args: string[], options?: { input?: Buffer; signal?: AbortSignal }) =>
  runTool('ffmpeg', args, options)

export interface ProbeStream {
  codec_type?: string
  codec_name?: string
  width?: number
  height?: number
  sample_rate?: string
  channels?: number
  duration?: string
  pix_fmt?: string
  tags?: Record<string, string>
}
export interface ProbeResult {
  streams: ProbeStream[]
  format: { format_name?: string; duration?: string; size?: string }
}

export async function ffprobe(file: string, signal?: AbortSignal): Promise<ProbeResult> {
  const { stdout } = await runTool(
    'ffprobe',
    ['-print_format', 'json', '-show_streams', '-show_format', file],
    { signal },
  )
  const parsed = JSON.parse(stdout.toString('utf8')) as Partial<ProbeResult>
  return { streams: parsed.streams ?? [], format: parsed.format ?? {} }
}

/** Decodes any audio file to mono 16-bit PCM at `sampleRate`. */
export async function decodeAudio(
  file: string,
  sampleRate: number,
  signal?: AbortSignal,
): Promise<Int16Array> {
  const { stdout } = await ffmpeg(
    ['-i', file, '-vn', '-ac', '1', '-ar', String(sampleRate), '-f', 's16le', 'pipe:1'],
    { signal },
  )
  return new Int16Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.byteLength / 2)).slice()
}
