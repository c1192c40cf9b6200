import { screen, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DonationSettings, OverlayHealth } from '@mouthpiece/contracts/donations/donations.schemas'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { startRealtimeTestServer } from '../../lib/realtime-test-server'
import { saveUserSession } from '../../lib/session'
import { closeRealtime, isRealtimeConnected } from '../../lib/socket'
import { clearCookies, fakeFetch, sampleUser } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { OverlayPanel } from './components/overlay-panel'

const SETTINGS: DonationSettings = {
  enabled_types: ['tip'],
  mute_all: false,
  minimums: { amount_usd: 0, bits: 0, channel_points: 0 },
  tts: { voice: 'espeak:en-us+f3', emotion: 'Neutral', volume: 1 },
  moderation: {
    use_base_list: true,
    black_list: [],
    white_list: [],
    action: 'beep',
    approval: 'off',
    max_chars: 200,
    strip_links: true,
  },
  selected_platform: null,
  overlay_url: 'http://localhost/tts/announcement?key=k-0123456789abcdef0123456789',
  alerts_allowed: true,
}
const OFFLINE: OverlayHealth = {
  online: false,
  last_seen_at: null,
  audio_unlocked: null,
  visible: null,
  last_played_at: null,
  last_failed_at: null,
  last_error: null,
}

describe('overlay health on the settings page', () => {
  let realtime: Awaited<ReturnType<typeof startRealtimeTestServer>>
  beforeAll(async () => {
    realtime = await startRealtimeTestServer({ 'tok-h': sampleUser.id })
  })
  afterAll(async () => {
    closeRealtime()
    clearCookies()
    await realtime.close()
  })

  it('changes the moment the server pushes the overlay health, without waiting for a poll', async () => {
    saveUserSession('tok-h')
    let polls = 0
    fakeFetch({ 'GET /api/donation/overlay/health': () => ((polls += 1), { body: OFFLINE }) })
    renderAt(<OverlayPanel settings={SETTINGS} />)
    const grid = await screen.findByLabelText('Overlay health')
    expect(within(grid).getByText('Not connected')).toBeInTheDocument()
    await vi.waitFor(() => expect(isRealtimeConnected()).toBe(true))

    realtime.emitToUser(sampleUser.id, RealtimeEvent.overlayHealth, {
      ...OFFLINE,
      online: true,
      last_seen_at: new Date().toISOString(),
      audio_unlocked: true,
      visible: true,
    })
    expect(await within(grid).findByText('Connected')).toBeInTheDocument()
    expect(within(grid).getByText('Unlocked')).toBeInTheDocument()
    // A malformed push is dropped, the page keeps what it had.
    realtime.emitToUser(sampleUser.id, RealtimeEvent.overlayHealth, { online: 'maybe' })
    await new Promise((r) => setTimeout(r, 100))
    expect(within(grid).getByText('Connected')).toBeInTheDocument()
    // One read on mount and one after the socket came up; no polling in between.
    expect(polls).toBeLessThanOrEqual(2)
  })
})
