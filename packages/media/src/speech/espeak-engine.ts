/**
 * espeak-ng engine: libespeak-ng runs in one worker thread (its state is process-global, so a second
 * thread in the same process would share and corrupt it); requests queue in front of it. Synthesis
 * takes ~10 ms per 10 s of speech, so one thread serves a whole server.
 */
import type { Worker } from 'node:worker_threads'
import { VoiceId } from '@mouthpiece/contracts/media/voices.schemas'
import type {
  PhonemeTiming,
  SynthesisOptions,
  Voice,
  WordTiming,
} from '@mouthpiece/contracts/media/voices.schemas'
import type { EspeakRawEvent, EspeakRawVoice } from './espeak-ffi'
import type { EspeakParams, EspeakRequestBody, EspeakResponse } from './espeak-protocol'
import { prosodyFor } from './prosody'
import { MediaInputError } from './speech.types'
import type { SpeechEngine, SpeechResult } from './speech.types'
import { startModuleWorker } from './ts-worker'

type Pending = { resolve: (r: EspeakResponse) => void; reject: (e: Error) => void }

class EspeakThread {
  private worker: Worker | null = null
  private nextId = 1
  private readonly pending = new Map<number, Pending>()

  request(message: EspeakRequestBody): Promise<EspeakResponse> {
    const worker = this.ensure()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      // Keep the process alive only while a request is in flight.
      worker.ref()
      worker.postMessage({ ...message, id })
    })
  }

  private ensure(): Worker {
    if (this.worker) return this.worker
    const worker = startModuleWorker(new URL('./espeak-worker.ts', import.meta.url))
    worker.on('message', (response: EspeakResponse) => {
      const p = this.pending.get(response.id)
      if (!p) return
      this.pending.delete(response.id)
      if (this.pending.size === 0) worker.unref()
      p.resolve(response)
    })
    const fail = (error: Error) => {
      for (const p of this.pending.values()) p.reject(error)
      this.pending.clear()
      this.worker = null
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`espeak worker exited (${code})`)))
    // The server exits normally even though this thread idles, waiting for work.
    worker.unref()
    this.worker = worker
    return worker
  }

  async close(): Promise<void> {
    const w = this.worker
    this.worker = null
    if (w) await w.terminate()
  }
}

const GENDER = ['unknown', 'male', 'female'] as const
const genderOf = (g: number) => GENDER[g] ?? 'unknown'

export function toVoices(languages: EspeakRawVoice[], variants: EspeakRawVoice[]): Voice[] {
  const voices: Voice[] = []
  for (const v of languages) {
    const language = v.languages[0] ?? v.identifier
    voices.push({
      id: `espeak:${language}`,
      name: v.name,
      engine: 'espeak',
      language,
      gender: genderOf(v.gender),
      label: `${v.name} (espeak)`,
    })
  }
  // Variants reshape any language's voice; they are listed on American English and accept any base.
  for (const v of variants) {
    const variant = v.identifier.replace(/^!v\//, '')
    voices.push({
      id: `espeak:en-us+${variant}`,
      name: `${v.name}`,
      engine: 'espeak',
      language: 'en-us',
      gender: genderOf(v.gender),
      variant,
      label: `English (America) · ${v.name} (espeak)`,
    })
  }
  // Ids must stay URL- and shell-safe (VoiceId); a few variant files have spaces in their names.
  return voices.filter((v) => VoiceId.safeParse(v.id).success)
}

/** Word and phoneme times from the synthesizer's own events; empty phoneme symbols are pauses. */
export function timingsFromEvents(text: string, events: EspeakRawEvent[], duration: number) {
  const chars = Array.from(text)
  const marks = events.filter((e) => e.type === 'phoneme').sort((a, b) => a.audioMs - b.audioMs)
  const phonemes: (PhonemeTiming & { textPosition: number })[] = []
  for (let i = 0; i < marks.length; i++) {
    const m = marks[i]!
    if (!m.symbol) continue
    const next = marks[i + 1]
    const start = m.audioMs / 1000
    const end = Math.min(duration, next ? next.audioMs / 1000 : duration)
    if (end > start) phonemes.push({ symbol: m.symbol, start, end, textPosition: m.textPosition })
  }
  const wordEvents = events
    .filter((e) => e.type === 'word')
    .sort((a, b) => a.audioMs - b.audioMs || a.textPosition - b.textPosition)
  const words: WordTiming[] = []
  for (let i = 0; i < wordEvents.length; i++) {
    const w = wordEvents[i]!
    const nextStart = wordEvents[i + 1]?.audioMs
    const wordText = chars
      .slice(w.textPosition - 1, w.textPosition - 1 + w.length)
      .join('')
      .trim()
    const own = phonemes.filter(
      (p) => p.start * 1000 >= w.audioMs && (nextStart === undefined || p.start * 1000 < nextStart),
    )
    const start = own[0]?.start ?? w.audioMs / 1000
    const end = own.at(-1)?.end ?? start
    if (wordText && end > start) words.push({ text: wordText, start, end })
  }
  return { words, phonemes: phonemes.map(({ symbol, start, end }) => ({ symbol, start, end })) }
}

/** espeak parameters: rate in words per minute, pitch/range 0..100 (50 natural), volume 0..200. */
export function espeakParams(options: SynthesisOptions): EspeakParams {
  const p = prosodyFor(options)
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))
  return {
    rate: clamp(175 * p.rate, 80, 450),
    // espeak's base pitch moves ~4 steps per semitone around 50 (measured with our F0 estimator).
    pitch: clamp(50 + p.pitchSemitones * 4, 0, 100),
    range: clamp(50 * p.range, 0, 100),
    volume: clamp(100 * p.volume, 0, 200),
  }
}

export function createEspeakEngine(): SpeechEngine & { close(): Promise<void> } {
  const thread = new EspeakThread()
  // espeak loads voices by file identifier (e.g. `roa/fr` for fr-fr), not by language tag.
  const identifiers = new Map<string, string>()
  let voices: Promise<Voice[]> | null = null
  const listVoices = () =>
    (voices ??= thread.request({ type: 'voices' }).then((r) => {
      if (!r.ok) throw new Error(r.error)
      if (r.type !== 'voices') throw new Error('unexpected espeak answer')
      for (const v of r.languages) identifiers.set(v.languages[0] ?? v.identifier, v.identifier)
      return toVoices(r.languages, r.variants)
    }))
  return {
    name: 'espeak',
    listVoices,
    async synthesize(text, voice, options, signal) {
      signal?.throwIfAborted()
      await listVoices()
      const [language = '', variant] = voice.id.replace(/^espeak:/, '').split('+')
      const voiceName = `${identifiers.get(language) ?? language}${variant ? `+${variant}` : ''}`
      const r = await thread.request({ type: 'synth', text, voiceName, params: espeakParams(options) })
      if (!r.ok)
        throw r.error.startsWith('Unknown voice')
          ? new MediaInputError('Unknown voice', 'unknown_voice')
          : new Error(r.error)
      if (r.type !== 'synth') throw new Error('unexpected espeak answer')
      signal?.throwIfAborted()
      const duration = r.samples.length / r.sampleRate
      const { words, phonemes } = timingsFromEvents(text, r.events, duration)
      const result: SpeechResult = {
        pcm: r.samples,
        sampleRate: r.sampleRate,
        duration,
        words,
        phonemes,
        voiceId: voice.id,
        engine: 'espeak',
      }
      return result
    },
    close: () => thread.close(),
  }
}
