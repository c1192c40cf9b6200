/**
 * `npm run bench -- voice-listening`: a measured listening pass over the curated engine voices
 * (decision 0077, amending 0058). One test sentence per language is spoken through the real
 * engines by every curated voice and by candidate variants of the same language, and each clip is
 * measured (packages/media voice-quality.ts): length and speaking rate, median pitch and its range
 * (monotony), level and clipping, harmonics-to-noise and spectral flatness (roughness), and per
 * language how far apart the curated voices are (pitch and timbre).
 *
 * A clip is flagged `clip` (over CLIP_RATIO of its samples at full scale, spoken Neutral or Angry
 * at full intensity), `mono` (pitch range under MONOTONE_ST), `rough`
 * (HNR under ROUGH_HNR_DB) or `dup` (within DUP_ST semitones and DUP_DB dB of timbre of another
 * member of its language). For a flagged member the best-measuring unflagged candidate of the same
 * gender is suggested. Self-running; the last line is the summary.
 * VOICE_LISTENING_OUT=/dir writes every curated clip (and the suggestions) as WAV there, for
 * spectrograms (ffmpeg -i x.wav -lavfi showspectrumpic=s=800x300 x.png).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Voice } from '@mouthpiece/contracts/media/voices.schemas'
import { encodeWav } from '@mouthpiece/media/audio/wav'
import {
  measureLevel,
  measureVoiceQuality,
  pitchDistance,
  timbreDistance,
} from '@mouthpiece/media/audio/voice-quality'
import type { VoiceQuality } from '@mouthpiece/media/audio/voice-quality'
import { speechService } from '@mouthpiece/media/speech/speech.service'
import {
  CURATED_ENGINE_VOICES,
  isOffered,
  labelParts,
} from '../apps/server/src/modules/voices/engine-curation'

export const MONOTONE_ST = 3
export const ROUGH_HNR_DB = 4
export const DUP_ST = 1.5
export const DUP_DB = 3
/** Share of samples at full scale that crackles (0.01 %: ~10 samples in a 4 s line); espeak's Angry
 * delivery touches full scale with one or two samples in most voices, which is not heard. */
export const CLIP_RATIO = 0.0001

/** One sentence a streamer might say, per espeak language code (words counted for the rate). */
const SENTENCES: Record<string, { text: string; words: number }> = {
  en: { text: 'Thanks for the follow, everyone! Today we are building something fun together.', words: 12 },
  es: { text: '¡Gracias por seguirme a todos! Hoy vamos a construir algo divertido juntos.', words: 12 },
  fr: {
    text: "Merci pour le follow, tout le monde ! Aujourd'hui on construit un truc amusant ensemble.",
    words: 14,
  },
  de: { text: 'Danke fürs Folgen, alle zusammen! Heute bauen wir gemeinsam etwas Lustiges.', words: 11 },
  it: { text: 'Grazie per il follow a tutti! Oggi costruiamo insieme qualcosa di divertente.', words: 12 },
  pt: { text: 'Obrigado por seguirem, pessoal! Hoje vamos construir algo divertido juntos.', words: 10 },
  nl: { text: 'Bedankt voor het volgen, allemaal! Vandaag bouwen we samen iets leuks.', words: 11 },
  pl: { text: 'Dzięki za obserwowanie, wszyscy! Dzisiaj razem zbudujemy coś zabawnego.', words: 9 },
  hi: { text: 'फ़ॉलो करने के लिए सबका धन्यवाद! आज हम मिलकर कुछ मज़ेदार बनाएंगे।', words: 13 },
  // In kana: espeak's Japanese reads kanji letter by letter.
  ja: { text: 'フォロー ありがとう、みんな！きょうは いっしょに たのしい ものを つくります。', words: 10 },
  cmn: { text: '谢谢大家的关注！今天我们一起做点有趣的东西。', words: 11 },
}

/** Variants tried in every curated language besides the ones already curated (English tries all). */
const CANDIDATE_VARIANTS = [
  ...['f1', 'f2', 'f3', 'f4', 'f5', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'],
  ...['Annie', 'Andrea', 'belinda', 'steph', 'max', 'michel', 'Mike', 'adam'],
]

const log = (line: string) => console.log(`   ${line}`)
const out = process.env.VOICE_LISTENING_OUT

interface Heard {
  id: string
  name: string
  group: string
  gender: Voice['gender']
  curated: boolean
  words: number
  q: VoiceQuality
  /** The same line spoken Angry at full intensity (the loudest delivery, volume ×1.4). */
  loud: { peakDb: number; clippedSamples: number }
  sampleRate: number
  flags: string[]
}

const baseOf = (id: string) => id.replace(/^espeak:/, '').split('+')[0]!
const sentenceFor = (language: string) => SENTENCES[language.split('-')[0]!] ?? SENTENCES.en!

const speech = speechService()
const voices = (await speech.listVoices()).filter(isOffered)
const byId = new Map(voices.map((v) => [v.id, v]))
log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores; ${voices.length} offered voices`,
)

// Candidates: the curated voices, and per curated espeak language its variants.
const wanted = new Map<string, { name: string; curated: boolean }>()
for (const c of CURATED_ENGINE_VOICES) wanted.set(c.id, { name: c.name, curated: true })
for (const base of new Set(
  CURATED_ENGINE_VOICES.filter((c) => c.id.startsWith('espeak:')).map((c) => baseOf(c.id)),
)) {
  const variants =
    base === 'en-us'
      ? voices
          .filter((v) => v.engine === 'espeak' && baseOf(v.id) === base && v.variant)
          .map((v) => v.variant!)
      : CANDIDATE_VARIANTS
  for (const id of [`espeak:${base}`, ...variants.map((v) => `espeak:${base}+${v}`)])
    if (!wanted.has(id)) wanted.set(id, { name: '', curated: false })
}

const heard: Heard[] = []
const pcms = new Map<string, { pcm: Int16Array; sampleRate: number }>()
const started = performance.now()
for (const [id, { name, curated }] of wanted) {
  const voice = byId.get(id) ?? (await speech.findVoice(id))
  if (!voice) continue
  const { text, words } = sentenceFor(voice.language)
  const spoken = await speech.synthesize(text, id, { emotion: 'Neutral' })
  const q = measureVoiceQuality(spoken.pcm, spoken.sampleRate)
  const angry = await speech.synthesize(text, id, { emotion: 'Angry', intensity: 1 })
  const loud = measureLevel(angry.pcm)
  if (curated || out) pcms.set(id, { pcm: spoken.pcm, sampleRate: spoken.sampleRate })
  heard.push({
    id,
    name,
    group: labelParts(voice).language,
    gender: voice.gender,
    curated,
    words,
    q,
    loud,
    sampleRate: spoken.sampleRate,
    flags: [],
  })
}
log(`${heard.length} clips spoken and measured in ${((performance.now() - started) / 1000).toFixed(1)} s`)

// Flags of each clip; `dup` is judged among the curated members of a language.
for (const h of heard) {
  const clipped = Math.max(h.q.clippedSamples, h.loud.clippedSamples) / (h.q.durationSeconds * h.sampleRate)
  if (clipped > CLIP_RATIO) h.flags.push('clip')
  if (h.q.pitchRangeSt < MONOTONE_ST) h.flags.push('mono')
  if (h.q.hnrDb < ROUGH_HNR_DB) h.flags.push('rough')
}
const curated = heard.filter((h) => h.curated)
const nearest = (h: Heard, others: Heard[]) =>
  others
    .filter((o) => o.id !== h.id && o.group === h.group)
    .map((o) => ({ o, st: pitchDistance(h.q, o.q), db: timbreDistance(h.q, o.q) }))
    .sort((a, b) => a.st / DUP_ST + a.db / DUP_DB - (b.st / DUP_ST + b.db / DUP_DB))[0]
// Of two near-duplicates the later in the list is flagged (the first stays, the other is replaced).
for (const [i, h] of curated.entries()) {
  const n = nearest(h, curated.slice(0, i))
  if (n && n.st < DUP_ST && n.db < DUP_DB) h.flags.push(`dup:${n.o.name}`)
}

const row = (h: Heard) => {
  const n = h.curated ? nearest(h, curated) : undefined
  const rate = (h.words / h.q.speechSeconds) * 60
  return [
    (h.name || '·').padEnd(8),
    h.id.padEnd(34),
    h.gender.slice(0, 1),
    h.q.speechSeconds.toFixed(2).padStart(5),
    rate.toFixed(0).padStart(4),
    h.q.medianF0.toFixed(0).padStart(4),
    h.q.pitchRangeSt.toFixed(1).padStart(5),
    h.q.rmsDb.toFixed(1).padStart(6),
    h.q.peakDb.toFixed(1).padStart(5),
    String(h.q.clippedSamples).padStart(5),
    h.loud.peakDb.toFixed(1).padStart(5),
    String(h.loud.clippedSamples).padStart(5),
    h.q.hnrDb.toFixed(1).padStart(5),
    h.q.flatness.toFixed(3).padStart(6),
    n ? `${n.o.name.padEnd(8)} ${n.st.toFixed(1).padStart(4)} ${n.db.toFixed(1).padStart(4)}` : ''.padEnd(18),
    h.flags.join(','),
  ].join(' ')
}
log('')
log(
  'name     voice                              g speak  wpm  F0Hz rngSt  rmsDb peak clipN angPk angCl   HNR  flat  nearest member   st   dB flags',
)
for (const group of [...new Set(heard.map((h) => h.group))]) {
  log(`-- ${group}`)
  for (const h of heard.filter((x) => x.group === group && x.curated)) log(row(h))
  const others = heard.filter((x) => x.group === group && !x.curated)
  if (others.length) {
    log(`   candidates (${others.length}):`)
    for (const h of others.sort((a, b) => b.q.hnrDb - a.q.hnrDb)) log(row(h))
  }
}

// Suggestions: for a flagged member, the unflagged candidate of its gender and language that
// measures best (HNR, a lively range) and stays apart from the other members.
const score = (h: Heard) => h.q.hnrDb + Math.min(h.q.pitchRangeSt, 8)
log('')
const suggestions: string[] = []
for (const h of curated.filter((x) => x.flags.length)) {
  const rest = curated.filter((c) => c.id !== h.id)
  const pick = heard
    .filter((c) => !c.curated && c.group === h.group && c.gender === h.gender && !c.flags.length)
    .filter((c) => baseOf(c.id) === baseOf(h.id))
    .filter((c) => {
      const n = nearest(c, rest)
      return !n || n.st >= DUP_ST || n.db >= DUP_DB
    })
    .sort((a, b) => score(b) - score(a))[0]
  const line = `${h.name} (${h.id}) ${h.flags.join(',')} → ${pick ? `${pick.id} (HNR ${pick.q.hnrDb.toFixed(1)} dB, range ${pick.q.pitchRangeSt.toFixed(1)} st, F0 ${pick.q.medianF0.toFixed(0)} Hz)` : 'no better candidate'}`
  suggestions.push(line)
  log(`suggest: ${line}`)
  if (pick && out) pcms.set(pick.id, pcms.get(pick.id)!)
}

if (out) {
  await mkdir(out, { recursive: true })
  for (const [id, { pcm, sampleRate }] of pcms)
    if (curated.some((c) => c.id === id) || suggestions.some((s) => s.includes(`→ ${id} `)))
      await writeFile(path.join(out, `${id.replace(/[:+]/g, '_')}.wav`), encodeWav(pcm, sampleRate))
  log(`clips written to ${out}`)
}
await speech.close()

const flagged = curated.filter((h) => h.flags.length)
const pairs = curated.flatMap((a, i) =>
  curated
    .slice(i + 1)
    .filter((b) => b.group === a.group)
    .map((b) => [a, b] as const),
)
const closest = pairs
  .map(([a, b]) => ({ a, b, st: pitchDistance(a.q, b.q), db: timbreDistance(a.q, b.q) }))
  .sort((x, y) => x.st / DUP_ST + x.db / DUP_DB - (y.st / DUP_ST + y.db / DUP_DB))[0]
const hnrs = curated.map((h) => h.q.hnrDb)
console.log(
  `voice-listening: ${curated.length} curated voices, ${flagged.length} flagged (${flagged.map((h) => `${h.name}: ${h.flags.join(',')}`).join('; ') || 'none'}); HNR ${Math.min(...hnrs).toFixed(1)}–${Math.max(...hnrs).toFixed(1)} dB, pitch range min ${Math.min(...curated.map((h) => h.q.pitchRangeSt)).toFixed(1)} st, peak max ${Math.max(...curated.map((h) => h.q.peakDb)).toFixed(1)} dBFS (Angry ${Math.max(...curated.map((h) => h.loud.peakDb)).toFixed(1)}); closest pair ${closest ? `${closest.a.name}/${closest.b.name} ${closest.st.toFixed(1)} st ${closest.db.toFixed(1)} dB` : '-'}; ${heard.length - curated.length} candidates`,
)
