/**
 * Project editor figures (issue 9), engine level in this process: a 60-second, 6-scene 720p
 * project rendered by the project renderer (the editor's drawFrame for the changing region,
 * ffmpeg for the background and encoding) in wall seconds and CPU seconds per second of video,
 * and a scene text edit → new audio, words, mouth cues and re-timed captions.
 */
import os from 'node:os'
import path from 'node:path'
import { mkdtemp, rm } from 'node:fs/promises'
import { newScene, ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import { projectDuration } from '@mouthpiece/editor/timeline'
import { SIX_SCENE_SCRIPT } from '@mouthpiece/editor/test-project'
import { speak, wavBytes } from '../apps/server/src/platform/media/media-engine'
import { prepareProjectFiles, projectVoice, takeKey } from '../apps/server/src/platform/media/project-render'
import { renderProjectVideo } from '../apps/server/src/platform/media/project-video'
import { captionsFor } from '../apps/server/src/modules/projects/project-changes'
import type { BenchFigure, BenchRun } from './bench-kit'
import { loadNote, median, processCpuSeconds } from './bench-kit'

const LINES = SIX_SCENE_SCRIPT
const VOICE = 'espeak:en-us'

export const run: BenchRun = async (log) => {
  const figures: BenchFigure[] = []
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-editor-'))
  log(`${loadNote()} (other work on the machine slows wall times; CPU time is the figure to compare)`)
  try {
    const files = new Map<string, Buffer>()
    const scenes: Scene[] = []
    for (const [i, text] of LINES.entries()) {
      const spoken = await speak({ text, voiceId: VOICE, emotion: 'Happy', intensity: 0.6, rate: 0.8 })
      const id = `take${i}`
      files.set(takeKey(1, id), wavBytes(spoken))
      const take = {
        id,
        url: '',
        duration: spoken.duration,
        words: spoken.words,
        cues: spoken.cues,
        source: 'voice' as const,
        text,
      }
      const base = newScene(`scene${i}`, text, 'streamer')
      scenes.push({
        ...base,
        avatarData: {
          ...base.avatarData,
          position: { ...base.avatarData.position, x: i % 2 ? 200 : 640, y: 240 },
        },
        audioData: {
          ...base.audioData,
          voiceId: VOICE,
          generatedLinks: [take],
          audioFile: id,
          content: text,
        },
        captionData: { ...base.captionData, captions: captionsFor(base.id, take) },
      })
    }
    const doc = ProjectDocument.parse({ scenes })
    const seconds = projectDuration(doc)
    log(`${scenes.length} scenes, ${seconds.toFixed(1)} s of video at 720p30`)

    const spec = { projectId: 1, version: 1, document: doc, looks: {} }
    const voice = await projectVoice(spec, async (key) => files.get(key)!)
    const cpu0 = processCpuSeconds()
    const t = performance.now()
    const prepared = await prepareProjectFiles(spec, voice.duration, dir, () =>
      Promise.reject(new Error('no files')),
    )
    const r = await renderProjectVideo({
      spec,
      voice,
      files: prepared,
      workDir: dir,
      outFile: path.join(dir, 'final.mp4'),
    })
    const wall = (performance.now() - t) / 1000
    const cpuSeconds = processCpuSeconds() - cpu0
    figures.push({
      name: `final 720p render, ${scenes.length}-scene ${seconds.toFixed(0)} s project, wall per second of video`,
      value: wall / r.duration,
      unit: 's/s',
      target: '≤ 0.25',
      ok: wall / r.duration <= 0.25,
      note: `${r.frames} frames, ${r.framesDrawn} drawn; ${Object.entries(r.timings)
        .map(([k, v]) => `${k} ${v} ms`)
        .join(', ')}`,
    })
    figures.push({
      name: 'final 720p render, CPU (node + ffmpeg) per second of video',
      value: cpuSeconds / r.duration,
      unit: 'cpu-s/s',
      note: `${cpuSeconds.toFixed(1)} s (ffmpeg ${(r.ffmpegCpuMs / 1000).toFixed(1)} s, node ${(cpuSeconds - r.ffmpegCpuMs / 1000).toFixed(1)} s); load-independent`,
    })

    // A text edit of one scene: new audio, words, mouth cues and captions (what the update call does).
    const times: number[] = []
    for (let i = 0; i < 7; i++) {
      const text = `${LINES[2]} Take ${i}.`
      const t0 = performance.now()
      const spoken = await speak({ text, voiceId: VOICE, emotion: 'Happy', intensity: 0.6, rate: 0.8 })
      wavBytes(spoken)
      captionsFor('scene2', spoken)
      times.push(performance.now() - t0)
    }
    const editMs = median(times.slice(2))
    figures.push({
      name: 'scene text edit → audio + words + mouth + captions (espeak, median)',
      value: Math.round(editMs),
      unit: 'ms',
      target: '≤ 300',
      ok: editMs <= 300,
    })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  return figures
}
