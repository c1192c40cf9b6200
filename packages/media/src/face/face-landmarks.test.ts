import { describe, expect, it } from 'vitest'
import { PORTRAIT, pixelsOf } from '../test/media-test-kit'
import { findFace } from './face-landmarks'

describe('face landmarks (offline, WASM)', () => {
  it('finds the face and 68 points in the shipped portrait, in anatomical order', async () => {
    const face = await findFace(await pixelsOf(PORTRAIT))
    expect(face).not.toBeNull()
    const p = face!.landmarks
    expect(p).toHaveLength(68)
    expect(face!.score).toBeGreaterThan(0.8)
    // Brows above eyes above nose tip above mouth above chin; left jaw end left of the right one.
    const y = (i: number) => p[i]![1]
    expect(y(19)).toBeLessThan(y(37))
    expect(y(37)).toBeLessThan(y(30))
    expect(y(30)).toBeLessThan(y(51))
    expect(y(57)).toBeLessThan(y(8))
    expect(p[0]![0]).toBeLessThan(p[16]![0])
    // The face sits in the middle of this crop.
    expect(p[30]![0]).toBeGreaterThan(300)
    expect(p[30]![0]).toBeLessThan(724)
  }, 60_000)

  it('answers null for a picture with no face', async () => {
    const width = 400
    const height = 300
    const data = new Uint8Array(width * height * 3)
    for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 200
    expect(await findFace({ data, width, height, channels: 3 })).toBeNull()
  }, 60_000)
})
