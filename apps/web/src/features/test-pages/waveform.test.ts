import { describe, expect, it } from 'vitest'
import { bandOf, mono, slices, summarise, toDb } from './waveform'

/** A 1 s sine at `amp` for each quarter: silence, speech, loud, clipping. */
function quarters(amps: number[], rate = 8000): Float32Array {
  const out = new Float32Array(rate)
  for (let i = 0; i < rate; i++)
    out[i] = amps[Math.floor((i * amps.length) / rate)]! * Math.sin((2 * Math.PI * 220 * i) / rate)
  return out
}

describe('wave form levels (SPEC §9 thresholds)', () => {
  it('puts a level in its band at the spec thresholds', () => {
    expect([-70, -60, -41, -40, -21, -20, 0].map(bandOf)).toEqual([
      'silence',
      'speech',
      'speech',
      'yellow',
      'yellow',
      'red',
      'red',
    ])
    expect(toDb(1)).toBe(0)
    expect(toDb(0.1)).toBeCloseTo(-20)
    expect(toDb(0)).toBe(-80)
  })

  it('slices audio and shares its length between the bands', () => {
    const s = slices(quarters([0.0001, 0.003, 0.03, 0.5]), 40)
    expect(s).toHaveLength(40)
    expect(s.slice(0, 10).every((x) => x.band === 'silence')).toBe(true)
    expect(s[15]!.band).toBe('speech')
    expect(s[25]!.band).toBe('yellow')
    expect(s[35]!.band).toBe('red')
    const { peakDb, shares } = summarise(s)
    expect(peakDb).toBeCloseTo(toDb(0.5), 0)
    expect(shares).toEqual({ silence: 0.25, speech: 0.25, yellow: 0.25, red: 0.25 })
  })

  it('mixes channels to mono', () => {
    expect(Array.from(mono([new Float32Array([1, 0]), new Float32Array([0, 1])]))).toEqual([0.5, 0.5])
  })
})
