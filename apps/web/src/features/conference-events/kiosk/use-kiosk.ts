import { useCallback, useEffect, useRef, useState } from 'react'
import {
  conferenceEventSaveData,
  conferenceEventShortVideo,
} from '@mouthpiece/contracts/conference-events/conference-events.contract'
import type { ShortVideo } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { api, isSuccess } from '../../../lib/api'
import {
  accepted,
  enqueue,
  failedAttempt,
  loadStore,
  pending,
  rejected,
  retryable,
  saveStore,
  updateRoster,
} from './offline-queue'
import type { KioskStore, Queued } from './offline-queue'

const RETRY_MS = 4000
const FINAL = new Set(['mailed', 'mail_failed', 'rejected'])

/**
 * The kiosk's queue and roster, kept in localStorage and drained to the server whenever it can be
 * reached: at once after a submission, when the browser says it is back online, and every few
 * seconds while anything waits. One drain runs at a time, oldest first.
 */
export function useKiosk(eventId: number) {
  const [store, setStore] = useState<KioskStore>(() => loadStore(window.localStorage, eventId))
  const [online, setOnline] = useState(() => navigator.onLine)
  const storeRef = useRef(store)
  const videos = useRef(new Map<string, ShortVideo>())
  const tail = useRef<Promise<void>>(Promise.resolve())
  const drains = useRef(0)

  const commit = useCallback(
    (next: KioskStore) => {
      storeRef.current = next
      saveStore(window.localStorage, eventId, next)
      setStore(next)
    },
    [eventId],
  )

  const sendOne = useCallback(
    async (q: Queued): Promise<boolean> => {
      const res = await api(conferenceEventSaveData, { params: { eventId }, body: q.body })
      if (isSuccess(res)) {
        commit(accepted(storeRef.current, q.body.submission_id, res.video))
        videos.current.set(q.body.submission_id, res.video)
        return true
      }
      if (retryable(res.httpStatus)) {
        commit(failedAttempt(storeRef.current, q.body.submission_id))
        if (res.httpStatus === 0) setOnline(false)
        return false
      }
      commit(rejected(storeRef.current, q.body.submission_id, res.message))
      return true
    },
    [commit, eventId],
  )

  const drainOnce = useCallback(async () => {
    for (const q of pending(storeRef.current)) {
      if (!(await sendOne(q))) return
      setOnline(true)
    }
    // Delivery news for attendees still waiting (the staff screen's status column).
    for (const r of storeRef.current.roster.filter((e) => e.code && !FINAL.has(e.state)).slice(0, 8)) {
      const res = await api(conferenceEventShortVideo, { params: { code: r.code! } })
      if (isSuccess(res)) {
        // Any answer from the server means the kiosk is online again, queue or no queue.
        setOnline(true)
        commit(updateRoster(storeRef.current, r.code!, res.video))
      }
    }
  }, [commit, sendOne])

  /** Drains run one after another; at most one waits behind the running one (it will see everything queued by then). */
  const drain = useCallback((): Promise<void> => {
    if (drains.current > 1) return tail.current
    drains.current += 1
    tail.current = tail.current
      .then(drainOnce)
      .catch(() => undefined)
      .finally(() => {
        drains.current -= 1
      })
    return tail.current
  }, [drainOnce])

  useEffect(() => {
    const up = () => {
      setOnline(true)
      void drain()
    }
    const down = () => setOnline(false)
    window.addEventListener('online', up)
    window.addEventListener('offline', down)
    const timer = window.setInterval(() => void drain(), RETRY_MS)
    void drain()
    return () => {
      window.removeEventListener('online', up)
      window.removeEventListener('offline', down)
      window.clearInterval(timer)
    }
  }, [drain])

  /** Queues an attendee and tries to send at once: their submission id, and the server's answer (undefined while it waits in the queue). */
  const submit = useCallback(
    async (
      body: Omit<Queued['body'], 'kiosk_id' | 'submission_id'>,
    ): Promise<{ submissionId: string; video: ShortVideo | undefined }> => {
      const full = { ...body, kiosk_id: storeRef.current.kioskId, submission_id: crypto.randomUUID() }
      commit(enqueue(storeRef.current, full))
      if (navigator.onLine) await drain()
      const still = storeRef.current.queue.find((q) => q.body.submission_id === full.submission_id)
      if (still?.rejected) {
        // Refused while the attendee is still here: they fix the form; nothing is kept.
        const id = full.submission_id
        commit({
          ...storeRef.current,
          queue: storeRef.current.queue.filter((q) => q.body.submission_id !== id),
          roster: storeRef.current.roster.filter((r) => r.submission_id !== id),
        })
        throw new Error(still.rejected)
      }
      return { submissionId: full.submission_id, video: videos.current.get(full.submission_id) }
    },
    [commit, drain],
  )

  const setKioskId = useCallback((kioskId: string) => commit({ ...storeRef.current, kioskId }), [commit])
  const discard = useCallback(
    (submissionId: string) =>
      commit({
        ...storeRef.current,
        queue: storeRef.current.queue.filter((q) => q.body.submission_id !== submissionId),
      }),
    [commit],
  )

  /** The server's answer to a queued attendee once the queue delivered it (else undefined). */
  const delivered = useCallback(
    (submissionId: string): ShortVideo | undefined => videos.current.get(submissionId),
    // `store` changes when the queue delivers: a new function makes the page look again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store],
  )

  return { store, online, queueDepth: pending(store).length, submit, drain, setKioskId, discard, delivered }
}
