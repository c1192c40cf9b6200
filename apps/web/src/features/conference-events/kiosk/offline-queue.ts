import type {
  Delivery,
  SaveDataBody,
  ShortVideo,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'

/**
 * The kiosk's memory, in localStorage so a venue network drop (or a reload) loses nobody:
 * submissions not yet accepted by the server wait in `queue` and are sent again, with the id the
 * kiosk made, until the server answers (the server applies an id once). `roster` is every attendee
 * this kiosk took, with the last status the server gave, for the staff screen.
 */
export interface Queued {
  body: Required<
    Pick<SaveDataBody, 'submission_id' | 'kiosk_id' | 'name' | 'email' | 'consent_text' | 'agreed_at'>
  > & { consent: true; answers: Record<string, string> } & Pick<SaveDataBody, 'photo' | 'photo_consent'>
  queued_at: string
  attempts: number
  /** The server refused it (bad input, changed consent text): staff must look; never resent blindly. */
  rejected?: string
}

/** An attendee as the staff screen lists them: waiting in this browser, or known to the server. */
export interface RosterEntry {
  submission_id: string
  name: string
  email: string
  at: string
  state: 'queued' | 'rejected' | Delivery
  code?: string
  variant?: ShortVideo['variant']
  error?: string
}

export interface KioskStore {
  kioskId: string
  queue: Queued[]
  roster: RosterEntry[]
}

const ROSTER_MAX = 200
const key = (eventId: number) => `mouthpiece.booth.${eventId}`

export function newKioskId(): string {
  return `kiosk-${Math.random().toString(36).slice(2, 8)}`
}

export function loadStore(storage: Storage, eventId: number): KioskStore {
  try {
    const raw = storage.getItem(key(eventId))
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<KioskStore>
      if (typeof parsed.kioskId === 'string' && Array.isArray(parsed.queue) && Array.isArray(parsed.roster))
        return parsed as KioskStore
    }
  } catch {
    // A corrupt entry is replaced below; the queue is rebuilt from new submissions.
  }
  const fresh: KioskStore = { kioskId: newKioskId(), queue: [], roster: [] }
  storage.setItem(key(eventId), JSON.stringify(fresh))
  return fresh
}

export function saveStore(storage: Storage, eventId: number, store: KioskStore): void {
  try {
    storage.setItem(key(eventId), JSON.stringify(store))
  } catch {
    // Storage full (kiosk photos are large): keep every attendee, without their photos; those
    // still in memory are sent with the photo, the rest get the event's presenter.
    const slim: KioskStore = {
      ...store,
      queue: store.queue.map(({ body: { photo: _photo, photo_consent: _consent, ...body }, ...q }) => ({
        ...q,
        body,
      })),
    }
    storage.setItem(key(eventId), JSON.stringify(slim))
  }
}

/** Adds a submission to the queue and the roster (newest first). */
export function enqueue(store: KioskStore, body: Queued['body'], now = new Date()): KioskStore {
  const entry: RosterEntry = {
    submission_id: body.submission_id,
    name: body.name,
    email: body.email,
    at: now.toISOString(),
    state: 'queued',
  }
  return {
    ...store,
    queue: [...store.queue, { body, queued_at: now.toISOString(), attempts: 0 }],
    roster: [entry, ...store.roster.filter((r) => r.submission_id !== body.submission_id)].slice(
      0,
      ROSTER_MAX,
    ),
  }
}

/** The server answered for a submission: it leaves the queue, the roster learns its code and state. */
export function accepted(store: KioskStore, submissionId: string, video: ShortVideo): KioskStore {
  return {
    ...store,
    queue: store.queue.filter((q) => q.body.submission_id !== submissionId),
    roster: store.roster.map((r) =>
      r.submission_id === submissionId
        ? { ...r, state: video.delivery, code: video.code, variant: video.variant }
        : r,
    ),
  }
}

/** The server refused it for good (4xx): kept aside with the reason, not resent. */
export function rejected(store: KioskStore, submissionId: string, reason: string): KioskStore {
  return {
    ...store,
    queue: store.queue.map((q) =>
      q.body.submission_id === submissionId ? { ...q, rejected: reason, attempts: q.attempts + 1 } : q,
    ),
    roster: store.roster.map((r) =>
      r.submission_id === submissionId ? { ...r, state: 'rejected', error: reason } : r,
    ),
  }
}

/** No answer (offline, server down, 5xx, 429): stays queued for the next try. */
export function failedAttempt(store: KioskStore, submissionId: string): KioskStore {
  return {
    ...store,
    queue: store.queue.map((q) =>
      q.body.submission_id === submissionId ? { ...q, attempts: q.attempts + 1 } : q,
    ),
  }
}

export function updateRoster(store: KioskStore, code: string, video: ShortVideo): KioskStore {
  return {
    ...store,
    roster: store.roster.map((r) =>
      r.code === code ? { ...r, state: video.delivery, variant: video.variant } : r,
    ),
  }
}

/** What is still to send, oldest first. */
export const pending = (store: KioskStore) => store.queue.filter((q) => !q.rejected)

/** A failure worth retrying: no answer at all, or the server busy or broken. Anything else is the submission's fault. */
export const retryable = (httpStatus: number) =>
  httpStatus === 0 || httpStatus === 408 || httpStatus === 429 || httpStatus >= 500
