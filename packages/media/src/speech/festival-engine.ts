/**
 * Festival with the HTS voice cmu_us_slt_arctic_hts, run as a resident child process (`festival --pipe`).
 * The scheme script synthesises, saves the WAV and prints every segment's and word's times, so
 * lip sync uses the synthesizer's own durations. The process stays up between calls
 * (festival-process.ts): starting it cost as much CPU as a sentence.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { PhonemeTiming, Voice, WordTiming } from '@mouthpiece/contracts/media/voices.schemas'
import { applyGain, decodeWav } from '../audio/wav'
import { applyVoiceEffect } from '../audio/voice-effects'
import { prosodyFor } from './prosody'
import type { SpeechEngine, SpeechResult } from './speech.types'
import { runFestival } from './festival-process'

export const FESTIVAL_VOICES: Voice[] = [
  {
    id: 'festival:cmu_us_slt_arctic_hts',
    name: 'SLT',
    engine: 'festival',
    language: 'en-us',
    gender: 'female',
    label: 'English (America) · SLT, warm (Festival HTS)',
  },
]

/** Festival reads a scheme string literal: escape quotes and backslashes, drop control characters. */
const schemeString = (text: string) =>
  `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\p{Cc}+/gu, ' ')}"`

/** Selected once per resident process: loads the voice and keeps its engine parameters to start from. */
export const festivalSetup = (voice: string) => `(voice_${voice})\n(set! mp_hts_params hts_engine_params)`

export function festivalScript(text: string, wavPath: string, rate: number): string {
  return [
    // HTS engine option -r: speaking-rate factor, on top of the voice's own parameters (not of the
    // last call's). (This build ignores -fm, so pitch is shifted afterwards.)
    `(set! hts_engine_params (append mp_hts_params (list (list "-r" ${rate.toFixed(3)}))))`,
    `(set! utt1 (Utterance Text ${schemeString(text)}))`,
    '(utt.synth utt1)',
    `(utt.save.wave utt1 ${schemeString(wavPath)} 'riff)`,
    '(mapcar (lambda (s) (format t "S\\t%s\\t%f\\n" (item.name s) (item.feat s "end"))) (utt.relation.items utt1 \'Segment))',
    '(mapcar (lambda (w) (format t "W\\t%s\\t%f\\t%f\\n" (item.name w) (item.feat w "word_start") (item.feat w "word_end"))) (utt.relation.items utt1 \'Word))',
  ].join('\n')
}

export function parseFestivalTimes(stdout: string): { words: WordTiming[]; phonemes: PhonemeTiming[] } {
  const words: WordTiming[] = []
  const phonemes: PhonemeTiming[] = []
  let prevEnd = 0
  for (const line of stdout.split('\n')) {
    const [kind, name, a, b] = line.split('\t')
    if (kind === 'S' && name && a) {
      const end = Number(a)
      if (name !== 'pau' && end > prevEnd) phonemes.push({ symbol: name, start: prevEnd, end })
      prevEnd = Math.max(prevEnd, end)
    } else if (kind === 'W' && name && a && b) {
      const start = Number(a)
      const end = Number(b)
      if (end > start) words.push({ text: name, start, end })
    }
  }
  return { words, phonemes }
}

export function createFestivalEngine(): SpeechEngine {
  return {
    name: 'festival',
    listVoices: async () => FESTIVAL_VOICES,
    async synthesize(text, voice, options, signal): Promise<SpeechResult> {
      const p = prosodyFor(options)
      const dir = await mkdtemp(path.join(os.tmpdir(), 'mp-festival-'))
      try {
        const wavPath = path.join(dir, 'out.wav')
        const stdout = await runFestival(
          festivalSetup(voice.id.replace(/^festival:/, '')),
          festivalScript(text, wavPath, p.rate),
          signal,
        )
        const decoded = decodeWav(await readFile(wavPath))
        // Pitch with formants kept (same length, so the segment times still hold); HTS has no
        // intonation-range knob, loudness follows the emotion here.
        const { pcm, sampleRate } = await applyVoiceEffect(
          decoded,
          { type: 'pitch', semitones: p.pitchSemitones },
          signal,
        )
        applyGain(pcm, p.volume)
        const duration = pcm.length / sampleRate
        const { words, phonemes } = parseFestivalTimes(stdout)
        return { pcm, sampleRate, duration, words, phonemes, voiceId: voice.id, engine: 'festival' }
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  }
}
