import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PHOTO_CONSENT_REQUIRED } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import type { ShortVideo } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { fakeFetch } from '../../../test/fake-fetch'
import { renderApp } from '../../../test/render'
import { KioskPage } from './kiosk-page'

const EVENT = {
  id: 3,
  name: 'TwitchCon Rotterdam',
  starts_on: '2026-11-28',
  ends_on: '2026-11-30',
  fields: [],
  consent_text: 'I agree that my name is used in a video greeting.',
  greeting_template: 'Hey {name}!',
}
const VIDEO: ShortVideo = {
  code: 'BOB123',
  event_id: 3,
  event_name: EVENT.name,
  name: 'Bob',
  greeting: 'Hey Bob, welcome to TwitchCon Rotterdam!',
  variant: 'personal',
  delivery: 'rendering',
  video_url: null,
  poster_url: null,
  captions_url: null,
  audio_url: '/api/conference-event/short-audio/BOB123',
}

describe('booth kiosk: back online after a queued attendee', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    localStorage.clear()
  })

  it('no longer says the connection is down once the queue delivers; the clip shows', async () => {
    let network = false
    fakeFetch({
      'GET /api/conference-event/3/settings': () => ({ body: { event: EVENT } }),
      'POST /api/conference-event/3/save-data': () => {
        if (!network) throw new TypeError('Failed to fetch')
        return { body: { video: VIDEO, duplicate: false } }
      },
      'GET /api/conference-event/short-video/BOB123': () => ({ body: { video: VIDEO } }),
    })
    renderApp([{ path: '/twitchcon/:id', element: <KioskPage /> }], '/twitchcon/3')
    await userEvent.type(await screen.findByLabelText('Your name or handle'), 'Bob')
    await userEvent.type(screen.getByLabelText(/^Email/), 'bob@example.com')
    await userEvent.click(screen.getByRole('checkbox'))
    await userEvent.click(screen.getByRole('button', { name: 'Make my video' }))

    const queued = await screen.findByTestId('booth-queued')
    expect(queued).toHaveTextContent('Our connection is down for a moment')
    expect(screen.getByTestId('booth-online')).toHaveTextContent('Offline · 1 waiting')

    network = true
    await act(async () => {
      window.dispatchEvent(new Event('online'))
      await new Promise((r) => setTimeout(r, 50))
    })
    await vi.waitFor(() => expect(screen.getByTestId('booth-online')).toHaveTextContent(/^Online$/))
    expect(screen.queryByText(/connection is down/)).toBeNull()
    expect(await screen.findByText(/Hey Bob, welcome to TwitchCon Rotterdam!/)).toBeInTheDocument()
  })

  it('takes the attendee’s photo after a countdown, offers a retake, asks photo consent and sends it', async () => {
    const stopped = vi.fn()
    const getUserMedia = vi.fn(
      async () => ({ getTracks: () => [{ stop: stopped }] }) as unknown as MediaStream,
    )
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true })
    // jsdom has no MediaStream: the preview just holds what it is given.
    const held = new WeakMap<object, unknown>()
    Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
      configurable: true,
      get(this: object) {
        return held.get(this) ?? null
      },
      set(this: object, v: unknown) {
        held.set(this, v)
      },
    })
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      translate: vi.fn(),
      scale: vi.fn(),
      drawImage: vi.fn(),
    } as unknown as CanvasRenderingContext2D)
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,QUJD')
    const fake = fakeFetch({
      'GET /api/conference-event/3/settings': () => ({ body: { event: EVENT } }),
      'POST /api/conference-event/3/save-data': () => ({ body: { video: VIDEO, duplicate: false } }),
      'GET /api/conference-event/short-video/BOB123': () => ({ body: { video: VIDEO } }),
    })
    renderApp([{ path: '/twitchcon/:id', element: <KioskPage /> }], '/twitchcon/3')
    await userEvent.type(await screen.findByLabelText('Your name or handle'), 'Bob')
    await userEvent.type(screen.getByLabelText(/^Email/), 'bob@example.com')
    await userEvent.click(screen.getByRole('checkbox'))

    await userEvent.click(screen.getByRole('button', { name: 'Take my photo' }))
    expect(await screen.findByLabelText('Camera preview')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Take photo' }))
    expect(screen.getByTestId('booth-countdown')).toHaveTextContent('Smile! Photo in 3…')
    expect(await screen.findByRole('img', { name: 'Your photo' }, { timeout: 5000 })).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,QUJD',
    )
    expect(stopped).toHaveBeenCalled()

    // Retake opens the camera again; a second shot replaces the first.
    await userEvent.click(screen.getByRole('button', { name: 'Retake' }))
    expect(getUserMedia).toHaveBeenCalledTimes(2)
    await userEvent.click(await screen.findByRole('button', { name: 'Take photo' }))
    await screen.findByRole('img', { name: 'Your photo' }, { timeout: 5000 })

    await userEvent.click(screen.getByRole('button', { name: 'Make my video' }))
    expect(await screen.findByText(PHOTO_CONSENT_REQUIRED)).toBeInTheDocument()
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false)
    await userEvent.click(screen.getByRole('checkbox', { name: /my photo is used/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Make my video' }))
    await vi.waitFor(() => expect(fake.calls.some((c) => c.method === 'POST')).toBe(true))
    expect(fake.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Bob',
      photo: 'data:image/jpeg;base64,QUJD',
      photo_consent: true,
    })
  }, 20_000)

  it('without a camera, says so and the attendee goes on without a photo', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: vi.fn(async () => Promise.reject(new Error('NotAllowedError'))) },
      configurable: true,
    })
    fakeFetch({ 'GET /api/conference-event/3/settings': () => ({ body: { event: EVENT } }) })
    renderApp([{ path: '/twitchcon/:id', element: <KioskPage /> }], '/twitchcon/3')
    await userEvent.click(await screen.findByRole('button', { name: 'Take my photo' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The camera is not available. You can still get your video without a photo.',
    )
    expect(screen.getByRole('button', { name: 'Make my video' })).toBeEnabled()
  })
})
