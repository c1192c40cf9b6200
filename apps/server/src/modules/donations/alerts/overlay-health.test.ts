import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { io as connectSocket } from 'socket.io-client'
import type { Socket } from 'socket.io-client'
import type { DonationSettings, OverlayHealth } from '@mouthpiece/contracts/donations/donations.schemas'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { listenApp, openOverlay, overlayKeyOf, signUp, waitFor } from '../testing/harness'

/** What the overlay reports reaches the creator's settings page as a push; the alert carries the TTS emotion. */
describe('overlay health pushes and the alert emotion', () => {
  let t: TestApp
  let base: string
  const sockets: Socket[] = []

  beforeAll(async () => {
    process.env.SOURCES_ENABLED = 'false'
    t = await createTestApp({ workers: true })
    base = await listenApp(t.app)
  })
  afterAll(async () => {
    for (const s of sockets) s.close()
    await t.close()
  })

  const creatorWithSocket = async (username: string) => {
    const user = await signUp(t.app, username)
    const socket = connectSocket(base, {
      auth: { token: user.headers.authorization.slice('Bearer '.length) },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    })
    sockets.push(socket)
    const pushes: OverlayHealth[] = []
    socket.on(RealtimeEvent.overlayHealth, (payload: OverlayHealth) => pushes.push(payload))
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('connect_error', reject)
    })
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/donation/settings', headers: user.headers })
    ).json<{ settings: DonationSettings }>().settings
    return { ...user, pushes, key: overlayKeyOf(settings.overlay_url) }
  }

  it('pushes the health to the creator when the overlay connects, reports and acknowledges; nobody else hears it', async () => {
    const creator = await creatorWithSocket('pushy')
    const other = await creatorWithSocket('bystander')
    const overlay = await openOverlay(base, creator.key)
    try {
      await waitFor(() => creator.pushes.length >= 1 || null, 5000, 'the connect push')
      expect(creator.pushes[0]).toMatchObject({ online: true, audio_unlocked: null, visible: null })

      const health = await t.app.inject({
        method: 'POST',
        url: '/api/donation/overlay/health',
        payload: { key: creator.key, audio_unlocked: false, visible: true },
      })
      expect(health.json()).toEqual({ ok: true })
      await waitFor(
        () => creator.pushes.some((p) => p.audio_unlocked === false && p.visible === true) || null,
        5000,
        'the health push',
      )

      const tip = await t.app.inject({
        method: 'POST',
        url: '/api/donation/tips/announcement',
        headers: creator.headers,
        payload: { donator: 'Mod', message: 'hello' },
      })
      const id = tip.json<{ tip: { id: number } }>().tip.id
      await waitFor(() => overlay.alerts.find((a) => a.id === id), 10_000, 'the alert')
      await t.app.inject({
        method: 'POST',
        url: '/api/donation/overlay/ack',
        payload: { key: creator.key, alert_id: id, state: 'played' },
      })
      const played = await waitFor(
        () => creator.pushes.find((p) => p.last_played_at !== null),
        5000,
        'the played push',
      )
      expect(played.online).toBe(true)
      // The pushed health is the same the polled endpoint answers.
      const polled = (
        await t.app.inject({ method: 'GET', url: '/api/donation/overlay/health', headers: creator.headers })
      ).json<OverlayHealth>()
      expect(creator.pushes.at(-1)).toEqual(polled)

      await new Promise((r) => setTimeout(r, 200))
      expect(other.pushes).toEqual([])
    } finally {
      overlay.close()
    }
  })

  it("carries the creator's TTS emotion in the overlay alert", async () => {
    const creator = await creatorWithSocket('moody')
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/donation/settings/update',
      headers: creator.headers,
      payload: { data: { tts: { emotion: 'Happy' } } },
    })
    expect(set.json()).toMatchObject({ settings: { tts: { emotion: 'Happy' } } })
    const overlay = await openOverlay(base, creator.key)
    try {
      const tip = await t.app.inject({
        method: 'POST',
        url: '/api/donation/tips/announcement',
        headers: creator.headers,
        payload: { donator: 'Fan', message: 'so happy' },
      })
      const id = tip.json<{ tip: { id: number } }>().tip.id
      const alert = await waitFor(() => overlay.alerts.find((a) => a.id === id), 10_000, 'the alert')
      expect(alert.emotion).toBe('Happy')
    } finally {
      overlay.close()
    }
  })
})
