import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
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
})
