import { afterAll, describe, expect, it } from 'vitest'
import type { PhonemeTiming, WordTiming } from '@mouthpiece/contracts/media/voices.schemas'
import { analyseVoice } from '../audio/voice-analysis'
import { loudness } from '../test/media-test-kit'
import { createSpeechService } from './speech.service'
import type { SpeechResult } from './speech.types'

const speech = createSpeechService()
afterAll(() => speech.close())

const SENTENCE =
  'Hello chat, thanks so much for the follow. Today we are building a brand new stream overlay together.'

function expectSaneTimings(r: SpeechResult, items: (WordTiming | PhonemeTiming)[]) {
  expect(items.length).toBeGreaterThan(5)
  let prevStart = -1
  for (const item of items) {
    expect(item.start).toBeGreaterThanOrEqual(prevStart)
    expect(item.end).toBeGreaterThan(item.start)
    expect(item.end).toBeLessThanOrEqual(r.duration + 1e-6)
    prevStart = item.start
  }
}

describe('speech engines', () => {
  it('lists every installed espeak language and variant plus the Festival voice', async () => {
    const voices = await speech.listVoices()
    const espeak = voices.filter((v) => v.engine === 'espeak')
    expect(espeak.filter((v) => !v.variant).length).toBeGreaterThan(100)
    expect(espeak.filter((v) => v.variant).length).toBeGreaterThan(50)
    expect(voices.map((v) => v.id)).toContain('festival:cmu_us_slt_arctic_hts')
    expect(voices.map((v) => v.id)).toEqual(
      expect.arrayContaining(['espeak:en-us', 'espeak:de', 'espeak:en-us+f3']),
    )
  })

  it.each(['espeak:en-us', 'festival:cmu_us_slt_arctic_hts'])(
    '%s speaks a sentence at a sane length and level, with exact word and phoneme times',
    async (voiceId) => {
      const r = await speech.synthesize(SENTENCE, voiceId)
      // 18 words: between 2.5 and 9 seconds of speech.
      expect(r.duration).toBeGreaterThan(2.5)
      expect(r.duration).toBeLessThan(9)
      const level = await loudness(r.pcm, r.sampleRate)
      expect(level.mean).toBeGreaterThan(-35)
      expect(level.max).toBeLessThanOrEqual(0)
      expectSaneTimings(r, r.words)
      expectSaneTimings(r, r.phonemes)
      expect(r.words.map((w) => w.text)).toEqual(
        expect.arrayContaining(['Hello', 'chat,', 'follow.', 'overlay']),
      )
    },
  )

  it('any language/variant pair is a voice (German with a female variant)', async () => {
    const r = await speech.synthesize('Guten Morgen, wie geht es dir?', 'espeak:de+f2')
    expect(r.duration).toBeGreaterThan(1)
    expect(r.words.length).toBeGreaterThanOrEqual(5)
  })

  it('emotions change measurable prosody: happy is faster, higher and louder than sad', async () => {
    const happy = await speech.synthesize(SENTENCE, 'espeak:en-us', { emotion: 'Happy', intensity: 1 })
    const sad = await speech.synthesize(SENTENCE, 'espeak:en-us', { emotion: 'Sad', intensity: 1 })
    const neutral = await speech.synthesize(SENTENCE, 'espeak:en-us', { emotion: 'Neutral' })
    expect(sad.duration).toBeGreaterThan(neutral.duration * 1.15)
    expect(happy.duration).toBeLessThan(neutral.duration)
    const f0 = (r: SpeechResult) => analyseVoice(r.pcm, r.sampleRate).medianF0
    const semitones = 12 * Math.log2(f0(happy) / f0(sad))
    expect(semitones).toBeGreaterThan(3)
    expect((await loudness(happy.pcm, happy.sampleRate)).mean).toBeGreaterThan(
      (await loudness(sad.pcm, sad.sampleRate)).mean + 2,
    )
  })

  it('festival follows rate and pitch too', async () => {
    const slow = await speech.synthesize(
      'This is the warm voice speaking slowly.',
      'festival:cmu_us_slt_arctic_hts',
      { emotion: 'Sad', intensity: 1 },
    )
    const fast = await speech.synthesize(
      'This is the warm voice speaking slowly.',
      'festival:cmu_us_slt_arctic_hts',
      { emotion: 'Surprised', intensity: 1 },
    )
    expect(slow.duration).toBeGreaterThan(fast.duration * 1.15)
    expect(analyseVoice(fast.pcm, fast.sampleRate).medianF0).toBeGreaterThan(
      analyseVoice(slow.pcm, slow.sampleRate).medianF0 * 1.3,
    )
  })

  it('refuses bad input with a clear message', async () => {
    await expect(speech.synthesize('   ', 'espeak:en-us')).rejects.toThrow('Please enter some text')
    await expect(speech.synthesize('a'.repeat(10_000), 'espeak:en-us')).rejects.toThrow(
      'Text must be at most 5000 characters',
    )
    await expect(speech.synthesize('hello', 'espeak:xx-nowhere')).rejects.toThrow('Unknown voice')
    await expect(speech.synthesize('hello', 'nonsense')).rejects.toThrow('Unknown voice')
  })

  it('keeps the event loop free while synthesizing', async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    await Promise.all(Array.from({ length: 8 }, () => speech.synthesize(SENTENCE, 'espeak:en-us')))
    clearInterval(timer)
    expect(ticks).toBeGreaterThan(3)
  })
})
