import { describe, expect, it } from 'vitest'
import type { ShortVideo } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import {
  accepted,
  enqueue,
  failedAttempt,
  loadStore,
  pending,
  rejected,
  retryable,
  saveStore,
} from './offline-queue'
import type { Queued } from './offline-queue'

const body = (id: string, name = 'Bob'): Queued['body'] => ({
  submission_id: id,
  kiosk_id: 'kiosk-1',
  name,
  email: `${name.toLowerCase()}@example.com`,
  consent: true,
  consent_text: 'I agree.',
  agreed_at: '2026-11-21T10:00:00.000Z',
  answers: {},
})
const video = (code: string): ShortVideo => ({
  code,
  event_id: 1,
  event_name: 'TwitchCon',
  name: 'Bob',
  greeting: 'Hey Bob',
  variant: 'personal',
  delivery: 'rendering',
  video_url: null,
  poster_url: null,
  captions_url: null,
  audio_url: '/api/conference-event/short-audio/ABC234',
})

describe('the kiosk’s offline queue', () => {
  it('keeps a queued attendee across a reload and resends the same id until the server answers', () => {
    localStorage.clear()
    let store = loadStore(localStorage, 7)
    expect(store.kioskId).toMatch(/^kiosk-/)
    store = enqueue(store, body('a'))
    store = failedAttempt(store, 'a')
    saveStore(localStorage, 7, store)

    const reloaded = loadStore(localStorage, 7)
    expect(reloaded.kioskId).toBe(store.kioskId)
    expect(pending(reloaded)).toEqual([
      expect.objectContaining({ attempts: 1, body: expect.objectContaining({ submission_id: 'a' }) }),
    ])
    expect(reloaded.roster[0]).toMatchObject({ submission_id: 'a', state: 'queued' })

    const drained = accepted(reloaded, 'a', video('ABC234'))
    expect(pending(drained)).toEqual([])
    expect(drained.roster[0]).toMatchObject({ state: 'rendering', code: 'ABC234' })
  })

  it('sets a refused submission aside with the reason instead of resending it', () => {
    let store = enqueue(enqueue(loadStore(localStorage, 8), body('a', 'Ann')), body('b'))
    store = rejected(store, 'a', 'Please answer: Twitch handle')
    expect(pending(store).map((q) => q.body.submission_id)).toEqual(['b'])
    expect(store.roster.find((r) => r.submission_id === 'a')).toMatchObject({
      state: 'rejected',
      error: 'Please answer: Twitch handle',
    })
  })

  it('retries only when there was no answer or the server was busy or broken', () => {
    expect([0, 408, 429, 500, 503].every(retryable)).toBe(true)
    expect([400, 404, 409, 422].some(retryable)).toBe(false)
  })

  it('starts afresh from a corrupt entry', () => {
    localStorage.setItem('mouthpiece.booth.9', '{not json')
    expect(loadStore(localStorage, 9)).toMatchObject({ queue: [], roster: [] })
  })
})

describe('kiosk photos in the offline queue', () => {
  it('when storage is full, keeps every attendee and drops only the photos from what is stored', () => {
    const data = new Map<string, string>()
    const full: Storage = {
      ...window.localStorage,
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => {
        if (v.length > 2000) throw new DOMException('full', 'QuotaExceededError')
        data.set(k, v)
      },
    }
    const withPhoto = {
      ...body('p1', 'Dana'),
      photo: `data:image/jpeg;base64,${'A'.repeat(5000)}`,
      photo_consent: true as const,
    }
    const store = enqueue(loadStore(full, 9), withPhoto)
    saveStore(full, 9, store)
    const back = loadStore(full, 9)
    expect(pending(back).map((q) => q.body.name)).toEqual(['Dana'])
    expect(back.queue[0]!.body.photo).toBeUndefined()
    expect(back.queue[0]!.body.photo_consent).toBeUndefined()
    // In memory the photo is still there for the send that is about to happen.
    expect(store.queue[0]!.body.photo).toMatch(/^data:image\/jpeg/)
  })
})
