import { useState } from 'react'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { listCustomAvatars, listInfluencers } from '@mouthpiece/contracts/avatars/avatars.contract'
import type { CustomAvatar, InfluencerItem } from '@mouthpiece/contracts/avatars/avatars.contract'
import { lookFromPrompt } from '@mouthpiece/avatar/look-prompt'
import { fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { AvatarSelect } from './components/avatar-select'
import type { AvatarChoice } from './components/avatar-picker'

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`
const prompt = {
  wearing: 'hoodie',
  style: '',
  inspired: '',
  color: 'teal',
  modifier1: '',
  modifier2: '',
  positivePrompt: '',
  negativePrompt: '',
}
const look = lookFromPrompt(prompt)
const mine = (id: number, name: string, photo: boolean): CustomAvatar => ({
  id,
  name,
  prompt,
  look: photo
    ? ({ ...look, photo: { key: 'k', src: '/x', width: 10, height: 10, landmarks: [] } } as never)
    : look,
  variation: 0,
  preview_url: `/api/custom-avatar/${id}/preview.png?v=0-1`,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
})
const creator = (id: string, name: string): InfluencerItem => ({
  id,
  name,
  description: `a ${id} avatar`,
  model_style: 'Old',
  emotion: 'Neutral',
  voice_id: 'espeak:en-us',
  look,
  preview_url: `/api/influencers/${id}/preview.png`,
})

function Picker({ signedIn = true }: { signedIn?: boolean }) {
  const [value, setValue] = useState<AvatarChoice>({})
  return (
    <>
      <AvatarSelect value={value} onChange={setValue} signedIn={signedIn} />
      <output>{JSON.stringify(value)}</output>
    </>
  )
}

describe('the one avatar picker', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows faces from the server, my photo avatar first, then my drawn one, then the creators; arrows move the choice', async () => {
    fakeFetch({
      [key(listInfluencers)]: () => ({
        body: {
          influencers: [creator('streamer', 'Streamer'), creator('max', 'Max')],
          default_id: 'streamer',
        },
      }),
      [key(listCustomAvatars)]: () => ({
        body: { avatars: [mine(2, 'Cartoon me', false), mine(5, 'Stream face', true)] },
      }),
    })
    renderAt(<Picker />, '/')
    const group = await screen.findByRole('radiogroup', { name: 'Avatar' })
    await vi.waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(4))
    const radios = within(group).getAllByRole('radio')
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Stream face, your photo avatar',
      'Cartoon me, your avatar',
      'Streamer, creator, a streamer avatar',
      'Max, creator, a max avatar',
    ])
    // Every face is the server's picture of it (no storage key named by the page).
    expect(radios.map((r) => r.querySelector('img')!.getAttribute('src'))).toEqual([
      '/api/custom-avatar/5/preview.png?v=0-1',
      '/api/custom-avatar/2/preview.png?v=0-1',
      '/api/influencers/streamer/preview.png',
      '/api/influencers/max/preview.png',
    ])
    // Nothing chosen reads as the default creator; it alone is in the tab order.
    expect(radios[2]).toHaveAttribute('aria-checked', 'true')
    expect(radios.map((r) => r.tabIndex)).toEqual([-1, -1, 0, -1])

    await userEvent.click(radios[0]!)
    expect(screen.getByRole('status')).toHaveTextContent('{"custom_avatar_id":5}')
    expect(radios[0]).toHaveAttribute('aria-checked', 'true')
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('status')).toHaveTextContent('{"custom_avatar_id":2}')
    expect(radios[1]).toHaveFocus()
    await userEvent.keyboard('{End}')
    expect(screen.getByRole('status')).toHaveTextContent('{"influencer_id":"max"}')
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('status')).toHaveTextContent('{"custom_avatar_id":5}')
  })

  it('signed out: the creators only, and a way to sign up for your own', async () => {
    const server = fakeFetch({
      [key(listInfluencers)]: () => ({
        body: { influencers: [creator('streamer', 'Streamer')], default_id: 'streamer' },
      }),
    })
    renderAt(<Picker signedIn={false} />, '/')
    const group = await screen.findByRole('radiogroup', { name: 'Avatar' })
    await vi.waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(1))
    expect(screen.getByRole('link', { name: 'sign up free' })).toBeInTheDocument()
    expect(server.calls.some((c) => c.path === '/api/custom-avatar')).toBe(false)
  })
})
