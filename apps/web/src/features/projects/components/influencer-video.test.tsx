import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import {
  EMPTY_CHOICE,
  canContinue,
  originVideoMode,
  setFile,
  setOriginal,
  setVideoReaction,
  setVideoUrl,
} from './influencer-video-choice'
import { InfluencerVideoModal } from './influencer-video-modal'

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

describe('Create a Influencer Video dialog', () => {
  it('enables Continue only for a complete choice and hands it over', async () => {
    const onContinue = vi.fn()
    render(<InfluencerVideoModal open onClose={() => {}} onContinue={onContinue} />)
    expect(screen.getByRole('dialog', { name: 'Create a Influencer Video' })).toBeInTheDocument()
    const next = screen.getByRole('button', { name: 'Continue' })
    expect(next).toBeDisabled()

    await userEvent.click(screen.getByRole('checkbox', { name: /Video Reaction/ }))
    expect(next).toBeDisabled()
    const file = screen.getByLabelText('Video file')
    expect(file).toHaveAttribute('accept', 'video/*')
    await userEvent.upload(file, clip)
    expect(next).toBeEnabled()
    expect(screen.getByLabelText('Video URL')).toBeDisabled()

    await userEvent.click(screen.getByRole('checkbox', { name: /Original/ }))
    expect(screen.getByRole('checkbox', { name: /Video Reaction/ })).not.toBeChecked()
    await userEvent.click(next)
    expect(onContinue).toHaveBeenCalledWith(expect.objectContaining({ original: true, videoReaction: false }))
  })
})
