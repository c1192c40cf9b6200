import { describe, expect, it } from 'vitest'
import {
  EMPTY_CHOICE,
  canContinue,
  originVideoMode,
  setFile,
  setOriginal,
  setVideoReaction,
  setVideoUrl,
} from './influencer-video-choice'

const clip = new File(['x'], 'clip.mp4', { type: 'video/mp4' })

describe('influencer video choice rules (SPEC §4)', () => {
  it('Original and Video Reaction exclude each other', () => {
    const reaction = setVideoReaction(EMPTY_CHOICE, true)
    expect(setOriginal(reaction, true)).toMatchObject({ original: true, videoReaction: false })
    expect(setVideoReaction(setOriginal(EMPTY_CHOICE, true), true)).toMatchObject({
      original: false,
      videoReaction: true,
    })
  })

  it('a file and a URL exclude each other', () => {
    const withFile = setFile(setVideoUrl(EMPTY_CHOICE, 'https://v.example/1'), clip)
    expect(withFile).toMatchObject({ file: clip, videoUrl: '' })
    expect(setVideoUrl(withFile, 'https://v.example/2')).toMatchObject({
      file: null,
      videoUrl: 'https://v.example/2',
    })
  })

  it('Continue needs Original, or Video Reaction plus a file or URL', () => {
    expect(canContinue(EMPTY_CHOICE)).toBe(false)
    expect(canContinue(setOriginal(EMPTY_CHOICE, true))).toBe(true)
    const reaction = setVideoReaction(EMPTY_CHOICE, true)
    expect(canContinue(reaction)).toBe(false)
    expect(canContinue(setFile(reaction, clip))).toBe(true)
    expect(canContinue(setVideoUrl(reaction, 'https://v.example/1'))).toBe(true)
    expect(canContinue(setVideoUrl(reaction, 'not a link'))).toBe(false)
  })

  it('maps to the origin-video modes none=1000, origin=1, reaction=0', () => {
    expect(originVideoMode(EMPTY_CHOICE)).toBe(1000)
    expect(originVideoMode(setOriginal(EMPTY_CHOICE, true))).toBe(1)
    expect(originVideoMode(setVideoReaction(EMPTY_CHOICE, true))).toBe(0)
  })
})
