/**
 * Render-engine figures (issue 3): text → audio + visemes latency in a warm process, 720p30 H.264
 * with captions and transparent WebM in wall seconds per second of video, and the peak memory of
 * one render (ffmpeg's peak RSS plus the growth of this process during the render).
 */
import os from 'node:os'
import path from 'node:path'
import { mkdtemp, rm } from 'node:fs/promises'
import { findInfluencer } from '@mouthpiece/avatar/presets'
import { visemeCues } from '@mouthpiece/media/lipsync/phoneme-visemes'
import { renderAvatarVideo } from '@mouthpiece/media/render/compositor'
import { createSpeechService } from '@mouthpiece/media/speech/speech.service'
import type { BenchFigure, BenchRun } from './bench-kit'
import { median } from './bench-kit'

const THIRTY_WORDS =
  'Hey chat, welcome back to the stream! Today we are building a brand new overlay together, so grab a snack, ' +
  'get comfortable, and tell me in the chat what you want to see next.'

export const run: BenchRun = async (log) => {
  const figures: BenchFigure[] = []
  const speech = createSpeechService()
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-'))
  log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores (other work on the machine slows wall times)`,
  )
  try {
    // Text → audio + viseme timeline, warm (the service and its espeak thread already running).
    const words = THIRTY_WORDS.split(/\s+/).length
    for (let i = 0; i < 3; i++) await speech.synthesize(THIRTY_WORDS, 'espeak:en-us')
    const times: number[] = []
    let spoken = await speech.synthesize(THIRTY_WORDS, 'espeak:en-us')
    for (let i = 0; i < 15; i++) {
      const t = performance.now()
      spoken = await speech.synthesize(THIRTY_WORDS, 'espeak:en-us')
      visemeCues(spoken.phonemes, spoken.duration)
      times.push(performance.now() - t)
    }
    const speechMs = median(times)
    figures.push({
      name: `text → audio + visemes, ${words} words, espeak (median of 15)`,
      value: Math.round(speechMs * 10) / 10,
      unit: 'ms',
      target: '≤ 50',
      ok: speechMs <= 50,
      note: `${spoken.duration.toFixed(1)} s of speech`,
    })
    const tf = performance.now()
    const warm = await speech.synthesize(THIRTY_WORDS, 'festival:cmu_us_slt_arctic_hts')
    figures.push({
      name: `text → audio + visemes, ${words} words, Festival HTS`,
      value: Math.round(performance.now() - tf),
      unit: 'ms',
      note: `${warm.duration.toFixed(1)} s of speech`,
    })

    const look = findInfluencer('streamer')!.look
    const cues = visemeCues(spoken.phonemes, spoken.duration)
    const renderOnce = async (format: 'mp4' | 'webm', i: number) => {
      const baseRss = process.memoryUsage().rss
      let peakRss = baseRss
      const poll = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)
      const cpu0 = process.cpuUsage()
      const t = performance.now()
      const r = await renderAvatarVideo({
        audio: spoken,
        words: spoken.words,
        cues,
        look,
        outFile: path.join(dir, `r${i}.${format}`),
        options: { format },
      })
      const wall = (performance.now() - t) / 1000
      clearInterval(poll)
      const cpu = process.cpuUsage(cpu0)
      const nodeCpu = (cpu.user + cpu.system) / 1e6
      return {
        wall,
        perSecond: wall / r.duration,
        cpuPerSecond: (nodeCpu + r.ffmpegCpuMs / 1000) / r.duration,
        memMb: r.ffmpegPeakMb + (peakRss - baseRss) / 2 ** 20,
        r,
      }
    }
    for (const format of ['mp4', 'webm'] as const) {
      const runs = []
      for (let i = 0; i < 3; i++) {
        const one = await renderOnce(format, i)
        runs.push(one)
        log(
          `${format} run ${i + 1}: ${one.wall.toFixed(2)} s wall for ${one.r.duration.toFixed(2)} s video (${one.perSecond.toFixed(3)} s/s), CPU ${one.cpuPerSecond.toFixed(3)} s/s, ${one.r.framesDrawn}/${one.r.frames} frames drawn, stages ${JSON.stringify(one.r.timings)}`,
        )
      }
      const perSecond = median(runs.map((r) => r.perSecond))
      const best = Math.min(...runs.map((r) => r.perSecond))
      const target = format === 'mp4' ? 0.25 : 0.6
      const label =
        format === 'mp4' ? '720p30 lip-synced H.264 + captions' : '720p30 transparent VP9 WebM + captions'
      figures.push({
        name: `${label}, wall per video second (median of 3)`,
        value: perSecond,
        unit: 's/s',
        target: `≤ ${target}`,
        ok: perSecond <= target,
        note: `best ${best.toFixed(3)}`,
      })
      figures.push({
        name: `${label}, CPU per video second (both cores)`,
        value: median(runs.map((r) => r.cpuPerSecond)),
        unit: 'cpu-s/s',
        note: 'load-independent',
      })
      const mem = Math.max(...runs.map((r) => r.memMb))
      figures.push({
        name: `${label}, peak memory of one render`,
        value: Math.round(mem),
        unit: 'MB',
        target: '≤ 400',
        ok: mem <= 400,
        note: 'ffmpeg peak RSS + this process growth',
      })
    }
  } finally {
    await speech.close()
    await rm(dir, { recursive: true, force: true })
  }
  return figures
}
