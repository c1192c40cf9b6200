/**
 * The one door from the server to packages/media and packages/avatar (speech, voice effects, lip
 * sync, captions, the compositor, avatar drawing). Renders, avatars and voices call only this, so
 * a change in those packages' APIs stays in this file.
 */
import type { Worker } from 'node:worker_threads'
import { GlobalFonts, createCanvas } from '@napi-rs/canvas'
import { DEFAULT_CAPTION_FONT } from '@mouthpiece/contracts/constants'
import type { AvatarLook, LookPromptInput } from '@mouthpiece/contracts/media/avatar.schemas'
import type { RenderOptionsInput } from '@mouthpiece/contracts/media/render.schemas'
import type { VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'
import type {
  Emotion,
  PhonemeTiming,
  Voice,
  VoiceProfile,
  WordTiming,
} from '@mouthpiece/contracts/media/voices.schemas'
import { DEFAULT_INFLUENCER_ID, INFLUENCERS } from '@mouthpiece/avatar/presets'
import { lookFromPrompt } from '@mouthpiece/avatar/look-prompt'
import { drawAvatar, drawBadge } from '@mouthpiece/avatar/draw-avatar'
import { poseAt } from '@mouthpiece/avatar/animation'
import { registerPhotoBytes } from '@mouthpiece/media/render/avatar-frames'
import { findFace } from '@mouthpiece/media/face/face-landmarks'
import type { FoundFace, Pixels } from '@mouthpiece/media/face/face-landmarks'
import { speechService } from '@mouthpiece/media/speech/speech.service'
import { MediaInputError } from '@mouthpiece/media/speech/speech.types'
import { startModuleWorker } from '@mouthpiece/media/speech/ts-worker'
import { neuralEngineFromEnv } from '@mouthpiece/media/speech/neural-engine'
import { withNiceness } from '@mouthpiece/media/process-priority'
import { visemeCues } from '@mouthpiece/media/lipsync/phoneme-visemes'
import { visemeCuesFromAudio } from '@mouthpiece/media/lipsync/audio-visemes'
import { applyVoiceEffect } from '@mouthpiece/media/audio/voice-effects'
import { baseVoiceFor, profileVoiceSample, synthesizeMatched } from '@mouthpiece/media/audio/voice-match'
import { probeAudioUpload } from '@mouthpiece/media/audio/audio-upload'
import type { AudioUploadInfo } from '@mouthpiece/media/audio/audio-upload'
import { decodeAudio, ffprobe } from '@mouthpiece/media/audio/ffmpeg'
import type { ProbeResult } from '@mouthpiece/media/audio/ffmpeg'
import { decodeWav, encodeWav } from '@mouthpiece/media/audio/wav'
import { writeAudioFile } from '@mouthpiece/media/audio/audio-export'
import { paginateByChars, toSrt, toVtt } from '@mouthpiece/media/captions/subtitles'
import { resolveCaptionFont } from '@mouthpiece/media/captions/caption-fonts'
import type { RenderInput, RenderResult } from '@mouthpiece/media/render/compositor'
import type { ProjectVideoInput, ProjectVideoResult } from './project-video'
export { renderLayerVideo } from '@mouthpiece/media/render/layer-video'
export { renderAvatarGif } from '@mouthpiece/media/render/avatar-gif'
export type { LayerBackground } from '@mouthpiece/media/render/layer-video'
export { frameCanvas, frameLayout, outputSize } from '@mouthpiece/media/render/video-geometry'

export { MediaInputError }
export type { AudioUploadInfo, FoundFace, Pixels, ProbeResult, RenderResult }

export const influencerPresets = INFLUENCERS
export const DEFAULT_INFLUENCER = DEFAULT_INFLUENCER_ID

/** Mono 16-bit PCM. */
export interface Pcm {
  pcm: Int16Array
  sampleRate: number
}

/** Speech ready to animate: audio plus word and mouth-shape timings. */
export interface Spoken extends Pcm {
  duration: number
  words: WordTiming[]
  phonemes: PhonemeTiming[]
  cues: VisemeCue[]
  voiceId: string
  voiceLabel: string
}

export interface SpeakRequest {
  text: string
  voiceId: string
  emotion: Emotion
  intensity: number
  rate?: number
  pitch?: number
  effect?: 'none' | 'robot' | 'match'
  /** Required for `match`: what the uploaded sample measured. */
  matchProfile?: VoiceProfile
}

// ───────────────────────────── speech ─────────────────────────────

/** With the neural provider configured (NEURAL_TTS_API_KEY), clones a voice there from a WAV sample; null offline. */
export async function cloneNeuralVoice(
  name: string,
  wav: Uint8Array,
  signal?: AbortSignal,
): Promise<string | null> {
  const neural = neuralEngineFromEnv()
  if (!neural) return null
  return (await neural.cloneVoice(name, [{ name: 'sample.wav', data: wav, type: 'audio/wav' }], signal))
    .voiceId
}

/**
 * Runs media work a visitor asked for (previews) with its child processes niced: on saturated
 * cores the API process and alert speech come first (docs/decisions/0010-admission-gate.md).
 */
export const inBackground = <T>(work: () => Promise<T>): Promise<T> => withNiceness(10, work)
/** Load the admin runs on purpose (stress tests): its child processes get the lowest CPU priority. */
export const atLowestPriority = <T>(work: () => Promise<T>): Promise<T> => withNiceness(19, work)

export const listVoices = (): Promise<Voice[]> => speechService().listVoices()
export const findVoice = (id: string): Promise<Voice | null> => speechService().findVoice(id)

/** Text → speech (with the chosen effect) → viseme cues. Synthesis runs off the event loop (espeak thread, Festival process). */
export async function speak(req: SpeakRequest, signal?: AbortSignal): Promise<Spoken> {
  const speech = speechService()
  const options = { emotion: req.emotion, intensity: req.intensity, rate: req.rate, pitch: req.pitch }
  let spoken
  let label
  if (req.effect === 'match') {
    if (!req.matchProfile) throw new MediaInputError('Please choose a voice sample to match', 'no_sample')
    spoken = await synthesizeMatched(speech, req.text, req.matchProfile, options, signal)
    label = spoken.label
  } else {
    spoken = await speech.synthesize(req.text, req.voiceId, options, signal)
    label = (await speech.findVoice(spoken.voiceId))?.label ?? spoken.voiceId
    if (req.effect === 'robot') {
      const robot = await applyVoiceEffect(spoken, { type: 'robot' }, signal)
      spoken = { ...spoken, pcm: robot.pcm }
      label = `${label} · robot`
    }
  }
  return {
    pcm: spoken.pcm,
    sampleRate: spoken.sampleRate,
    duration: spoken.duration,
    words: spoken.words,
    phonemes: spoken.phonemes,
    cues: visemeCues(spoken.phonemes, spoken.duration),
    voiceId: spoken.voiceId,
    voiceLabel: label,
  }
}

/** An uploaded recording (no text): decoded audio and mouth shapes from its envelope. */
export async function lipSyncRecording(
  file: string,
  signal?: AbortSignal,
): Promise<Pcm & { duration: number; cues: VisemeCue[] }> {
  const sampleRate = 24_000
  const pcm = await decodeAudio(file, sampleRate, signal)
  return { pcm, sampleRate, duration: pcm.length / sampleRate, cues: visemeCuesFromAudio(pcm, sampleRate) }
}

export const checkAudioUpload = (file: string, signal?: AbortSignal): Promise<AudioUploadInfo> =>
  probeAudioUpload(file, signal)
/** The built-in voice closest in register to a measured speaker. */
export const baseVoiceForProfile = (profile: VoiceProfile): string => baseVoiceFor(profile)
export const measureVoice = (file: string, signal?: AbortSignal): Promise<VoiceProfile> =>
  profileVoiceSample(file, signal)
export const probe = (file: string, signal?: AbortSignal): Promise<ProbeResult> => ffprobe(file, signal)
export const wavBytes = (audio: Pcm): Buffer => encodeWav(audio.pcm, audio.sampleRate)
export const readWav = (bytes: Buffer): Pcm => decodeWav(bytes)
export const decodeToPcm = async (file: string, sampleRate: number, signal?: AbortSignal): Promise<Pcm> => ({
  pcm: await decodeAudio(file, sampleRate, signal),
  sampleRate,
})
export const writeAudio = (audio: Pcm, outFile: string, format: 'wav' | 'mp3', signal?: AbortSignal) =>
  writeAudioFile(audio, outFile, format, signal)

/** SRT and WebVTT text for word timings. */
export function captionFiles(words: readonly WordTiming[]): { srt: string; vtt: string } {
  const pages = paginateByChars(words)
  return { srt: toSrt(pages), vtt: toVtt(pages) }
}

// ───────────────────────────── avatars ─────────────────────────────

/** A custom avatar from the look prompt; each variation is another take of the same words. */
export function lookForPrompt(prompt: LookPromptInput, variation = 0): AvatarLook {
  if (variation === 0) return lookFromPrompt(prompt)
  // The generator seeds whatever the words leave open from the whole prompt, so a marker word no
  // rule knows gives another take while every feature the user asked for stays.
  return lookFromPrompt({
    ...prompt,
    positivePrompt: `${prompt.positivePrompt ?? ''} take${variation}`.trim(),
  })
}

/** The face and its 68 landmarks in a decoded portrait (offline model), or null. */
export const findFaceLandmarks = (pixels: Pixels): Promise<FoundFace | null> => findFace(pixels)

/** A still PNG of a look on its soft round badge (a photo avatar needs its portrait's bytes). */
export async function avatarPng(
  look: AvatarLook,
  size = 256,
  emotion: Emotion = 'Neutral',
  photoBytes?: Uint8Array,
  backdropBytes?: Uint8Array,
): Promise<Buffer> {
  registerPhotoBytes(look, photoBytes, backdropBytes)
  const canvas = createCanvas(size, size)
  const ctx = canvas.getContext('2d')
  const box = { x: 0, y: 0, width: size, height: size }
  drawBadge(ctx, look, box)
  drawAvatar(ctx, look, poseAt(0.2, { cues: [], seed: look.seed, emotion, energy: 0 }), box)
  return canvas.encode('png')
}

// ───────────────────────────── video (render thread) ─────────────────────────────

export interface VideoRequest {
  audio: Pcm
  words: readonly WordTiming[]
  cues: readonly VisemeCue[]
  look: AvatarLook
  /** The portrait of a photo avatar (its look's `photo`). */
  avatarImage?: Uint8Array
  /** The picture behind its cut-out, if one was picked (`photo.background` of mode `image`). */
  avatarBackdrop?: Uint8Array
  options: RenderOptionsInput
  outFile: string
}

export type RenderThreadRequest =
  | { type: 'render'; id: number; input: Omit<RenderInput, 'signal' | 'onProgress'> }
  /** A project's final video (project-video.ts), drawn with the editor's drawFrame. */
  | { type: 'project'; id: number; input: Omit<ProjectVideoInput, 'signal' | 'onProgress'> }
  | { type: 'abort'; id: number }
export type RenderThreadResponse =
  | { type: 'progress'; id: number; progress: number; stage: string }
  | { type: 'done'; id: number; result: RenderResult | ProjectVideoResult }
  | { type: 'error'; id: number; name: string; message: string; code?: string }

type ThreadJob = Extract<RenderThreadRequest, { type: 'render' | 'project' }>

interface Pending {
  resolve: (r: RenderResult | ProjectVideoResult) => void
  reject: (e: Error) => void
  onProgress?: (progress: number, stage: string) => void
}

/** The process's render thread: started on first use, restarted if it dies. */
class RenderThread {
  private worker: Worker | null = null
  private nextId = 1
  private readonly pending = new Map<number, Pending>()

  render(
    req: VideoRequest,
    signal?: AbortSignal,
    onProgress?: (progress: number, stage: string) => void,
  ): Promise<RenderResult> {
    // The PCM is copied (not transferred) so the caller may keep using it, e.g. for a retry.
    const input = {
      audio: req.audio,
      words: req.words,
      cues: req.cues,
      look: req.look,
      avatarImage: req.avatarImage,
      avatarBackdrop: req.avatarBackdrop,
      options: req.options,
      outFile: req.outFile,
    }
    return this.run((id) => ({ type: 'render', id, input }), signal, onProgress) as Promise<RenderResult>
  }

  renderProject(
    input: Omit<ProjectVideoInput, 'signal' | 'onProgress'>,
    signal?: AbortSignal,
    onProgress?: (progress: number, stage: string) => void,
  ): Promise<ProjectVideoResult> {
    return this.run(
      (id) => ({ type: 'project', id, input }),
      signal,
      onProgress,
    ) as Promise<ProjectVideoResult>
  }

  private run(
    message: (id: number) => ThreadJob,
    signal?: AbortSignal,
    onProgress?: (progress: number, stage: string) => void,
  ): Promise<RenderResult | ProjectVideoResult> {
    signal?.throwIfAborted()
    const worker = this.ensure()
    const id = this.nextId++
    return new Promise<RenderResult | ProjectVideoResult>((resolve, reject) => {
      const onAbort = () => worker.postMessage({ type: 'abort', id } satisfies RenderThreadRequest)
      signal?.addEventListener('abort', onAbort, { once: true })
      const done = () => signal?.removeEventListener('abort', onAbort)
      this.pending.set(id, {
        resolve: (r) => {
          done()
          resolve(r)
        },
        reject: (e) => {
          done()
          reject(e)
        },
        onProgress,
      })
      worker.ref()
      worker.postMessage(message(id))
    })
  }

  private ensure(): Worker {
    if (this.worker) return this.worker
    const worker = startModuleWorker(new URL('./render-thread.ts', import.meta.url))
    worker.on('message', (m: RenderThreadResponse) => {
      const p = this.pending.get(m.id)
      if (!p) return
      if (m.type === 'progress') return p.onProgress?.(m.progress, m.stage)
      this.pending.delete(m.id)
      if (this.pending.size === 0) worker.unref()
      if (m.type === 'done') return p.resolve(m.result)
      const error =
        m.name === 'MediaInputError'
          ? new MediaInputError(m.message, m.code)
          : Object.assign(new Error(m.message), { name: m.name })
      p.reject(error)
    })
    const fail = (error: Error) => {
      for (const p of this.pending.values()) p.reject(error)
      this.pending.clear()
      if (this.worker === worker) this.worker = null
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`render thread exited (${code})`)))
    worker.unref()
    this.worker = worker
    return worker
  }

  /** Starts the thread now (loading the compositor takes a moment), so the first render does not wait for it. */
  warm(): void {
    this.ensure()
  }

  async close() {
    const w = this.worker
    this.worker = null
    if (w) await w.terminate()
  }
}

const thread = new RenderThread()

/** Composes the MP4/WebM (plus poster) in the render thread; cancelling kills ffmpeg and removes partial files. */
export function renderVideo(
  req: VideoRequest,
  signal?: AbortSignal,
  onProgress?: (progress: number, stage: string) => void,
): Promise<RenderResult> {
  return thread.render(req, signal, onProgress)
}

/** A project's final video in the render thread (drawing is CPU work; the event loop stays free). */
export function renderProjectVideo(
  input: Omit<ProjectVideoInput, 'signal' | 'onProgress'>,
  signal?: AbortSignal,
  onProgress?: (progress: number, stage: string) => void,
): Promise<ProjectVideoResult> {
  return thread.renderProject(input, signal, onProgress)
}

export const closeRenderThread = () => thread.close()

/** Loads the render thread and the speech engines ahead of the first job (worker processes). */
export async function warmUp(): Promise<void> {
  thread.warm()
  await speechService().listVoices()
}

/** A diagonal two-colour gradient (a ready-made background) as PNG. */
export async function gradientPng(
  colors: readonly [string, string],
  width: number,
  height: number,
): Promise<Buffer> {
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  const g = ctx.createLinearGradient(0, 0, width, height)
  g.addColorStop(0, colors[0])
  g.addColorStop(1, colors[1])
  ctx.fillStyle = g
  ctx.fillRect(0, 0, width, height)
  return canvas.encode('png')
}

/**
 * Registers the caption face (Roboto) at a weight for canvas drawing of server-made pictures (the
 * tip video card) and answers the CSS family to draw with.
 */
export function canvasFont(weight: number, text = ''): string {
  const font = resolveCaptionFont(DEFAULT_CAPTION_FONT, weight, text)
  const alias = `mp card ${font.family} ${font.weight}`
  if (!registeredFonts.has(alias)) {
    for (const file of font.files) GlobalFonts.registerFromPath(file, alias)
    registeredFonts.add(alias)
  }
  return `"${alias}"`
}
const registeredFonts = new Set<string>()

/** Everything a render job uses, as one object so a test can wrap a piece of it (e.g. fail once). */
export const mediaEngine = {
  speak,
  lipSyncRecording,
  renderVideo,
  renderProjectVideo,
  writeAudio,
  wavBytes,
  readWav,
  captionFiles,
  gradientPng,
}
export type MediaEngine = typeof mediaEngine
