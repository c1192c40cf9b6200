import { afterAll, describe, expect, it } from 'vitest'
import { VISEMES } from '@mouthpiece/contracts/media/visemes.schemas'
import { createSpeechService } from '../speech/speech.service'
import { pulseVoice } from '../test/media-test-kit'
import { visemeCuesFromAudio } from './audio-visemes'
import { ARPABET, visemeCues, visemesOf } from './phoneme-visemes'

const speech = createSpeechService()
afterAll(() => speech.close())

/** Pangrams and phonetically rich sentences: together they use every phoneme of each language. */
const CORPUS: Record<string, string> = {
  'espeak:en-us':
    'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore. Judge the vision of the ring, thick and smooth; although, the boy enjoyed cheap pure houses. Why now? Oh, year ahead!',
  'espeak:en-gb-x-rp':
    'The quick brown fox jumps over the lazy dog. Although the boy enjoyed their tour here, there is no air up there.',
  'espeak:de': 'Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. Ich möchte Bücher lesen.',
  'espeak:fr-fr': 'Portez ce vieux whisky au juge blond qui fume. Un bon vin blanc, une œuvre brune.',
  'espeak:es':
    'El veloz murciélago hindú comía feliz cardillo y kiwi. La cigüeña tocaba el saxofón detrás del palenque de paja.',
}

describe('phonemes → visemes', () => {
  it.each(Object.keys(CORPUS))('maps every phoneme %s produces to a mouth shape', async (voiceId) => {
    const r = await speech.synthesize(CORPUS[voiceId]!, voiceId)
    const unmapped = [...new Set(r.phonemes.map((p) => p.symbol))].filter((s) => !visemesOf(s))
    expect(unmapped).toEqual([])
  })

  it('maps every Festival (ARPAbet) phone, and the shapes read right', () => {
    const festivalPhones = [
      'aa',
      'ae',
      'ah',
      'ao',
      'aw',
      'ax',
      'ay',
      'b',
      'ch',
      'd',
      'dh',
      'eh',
      'er',
      'ey',
      'f',
      'g',
      'hh',
      'ih',
      'iy',
      'jh',
      'k',
      'l',
      'm',
      'n',
      'ng',
      'ow',
      'oy',
      'p',
      'r',
      's',
      'sh',
      't',
      'th',
      'uh',
      'uw',
      'v',
      'w',
      'y',
      'z',
      'zh',
      'pau',
    ]
    for (const p of festivalPhones) expect(ARPABET[p], p).toBeDefined()
    expect(visemesOf('m')).toEqual(['PP'])
    expect(visemesOf('f')).toEqual(['FF'])
    expect(visemesOf('ɑː')).toEqual(['aa'])
    expect(visemesOf('aɪ')).toEqual(['aa', 'ih'])
    expect(visemesOf('tʃ')).toEqual(['CH'])
    expect(visemesOf('uw')).toEqual(['ou'])
    // Every viseme the avatar draws is reachable from some phoneme.
    const reached = new Set(Object.values(ARPABET).flat())
    for (const v of VISEMES) expect(reached.has(v), v).toBe(true)
  })

  it('turns synthesized speech into contiguous cues that cover the audio', async () => {
    const r = await speech.synthesize('Mama made apple pie.', 'espeak:en-us')
    const cues = visemeCues(r.phonemes, r.duration)
    expect(cues[0]!.start).toBe(0)
    expect(cues.at(-1)!.end).toBeCloseTo(r.duration, 2)
    for (let i = 1; i < cues.length; i++) expect(cues[i]!.start).toBeCloseTo(cues[i - 1]!.end, 6)
    // "Mama made … pie": the lips close for m/m/m/p.
    expect(cues.filter((c) => c.viseme === 'PP').length).toBeGreaterThanOrEqual(3)
    expect(cues.some((c) => c.viseme === 'aa')).toBe(true)
  })
})

describe('lip sync from audio alone', () => {
  it('closes the mouth in silence and opens it on voice, wider when louder', () => {
    const sr = 16_000
    const loud = pulseVoice(150, 0.5, sr)
    const quiet = pulseVoice(150, 0.5, sr).map((v) => Math.round(v * 0.1))
    const pcm = new Int16Array(sr * 2)
    pcm.set(loud, sr * 0.5)
    pcm.set(quiet, sr * 1.25)
    const cues = visemeCuesFromAudio(pcm, sr)
    const at = (t: number) => cues.find((c) => c.start <= t && t < c.end)!
    expect(at(0.2).viseme).toBe('sil')
    expect(at(0.75).viseme).not.toBe('sil')
    expect(at(1.9).viseme).toBe('sil')
    expect(at(0.75).weight).toBeGreaterThan(at(1.5).weight ?? 0)
  })
})
