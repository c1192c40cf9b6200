import { useCallback, useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { conferenceEventStaffRoster } from '@mouthpiece/contracts/conference-events/conference-events.contract'
import type { StaffRosterEntry } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { Button } from '../../../components/ui/button'
import { Badge } from '../../../components/ui/card'
import { FormError, TextInput } from '../../../components/ui/field'
import { api, ApiError, isSuccess, request } from '../../../lib/api'
import type { RosterEntry } from './offline-queue'
import { useIdleLock } from './use-idle-lock'
import type { useKiosk } from './use-kiosk'

const STATE: Record<
  RosterEntry['state'],
  { label: string; tone: 'neutral' | 'success' | 'danger' | 'accent' | 'warning' }
> = {
  queued: { label: 'Queued on this kiosk', tone: 'warning' },
  rejected: { label: 'Refused', tone: 'danger' },
  rendering: { label: 'Rendering', tone: 'accent' },
  ready: { label: 'Ready', tone: 'success' },
  mailed: { label: 'Mailed', tone: 'success' },
  mail_failed: { label: 'Mail failed', tone: 'danger' },
}

export const STAFF_OFFLINE_MESSAGE = 'The PIN is checked online. Try again when the kiosk is back online.'
const staffKey = (eventId: number) => ['conference-event', eventId, 'staff'] as const

/**
 * The staff screen: this kiosk's queue depth for anyone; its name and attendees (names, emails,
 * delivery) only once the server has accepted the event's staff PIN. The PIN stays in memory while
 * the panel is open and goes with every call; the panel locks again after a minute untouched, when
 * it is closed, and when the server refuses the PIN.
 */
export function StaffPanel({ kiosk, eventId }: { kiosk: ReturnType<typeof useKiosk>; eventId: number }) {
  const client = useQueryClient()
  const [pin, setPin] = useState<string>()
  const lock = useCallback(() => {
    setPin(undefined)
    client.removeQueries({ queryKey: staffKey(eventId) })
  }, [client, eventId])
  useIdleLock(pin !== undefined, lock)
  useEffect(() => lock, [lock])

  return (
    <section
      className="mb-8 w-full max-w-4xl rounded-2xl border border-border bg-surface p-4 sm:p-6"
      aria-label="Staff screen"
      data-testid="booth-staff"
    >
      <div className="flex flex-wrap items-end gap-3">
        <p className="text-sm" data-testid="booth-queue-depth">
          Queue: <strong className="text-lg text-text">{kiosk.queueDepth}</strong> waiting to send ·{' '}
          {kiosk.online ? 'online' : 'offline'}
        </p>
        <Button size="sm" onClick={() => void kiosk.drain()} disabled={!kiosk.queueDepth}>
          Send now
        </Button>
        {pin !== undefined ? (
          <Button variant="quaternary" size="sm" className="ml-auto" onClick={lock}>
            Lock
          </Button>
        ) : null}
      </div>
      {pin === undefined ? (
        <UnlockForm
          eventId={eventId}
          kioskId={kiosk.store.kioskId}
          onUnlocked={(p, list) => {
            client.setQueryData([...staffKey(eventId), kiosk.store.kioskId, p], list)
            setPin(p)
          }}
        />
      ) : (
        <Unlocked kiosk={kiosk} eventId={eventId} pin={pin} onRefused={lock} />
      )}
    </section>
  )
}

function UnlockForm({
  eventId,
  kioskId,
  onUnlocked,
}: {
  eventId: number
  kioskId: string
  onUnlocked: (pin: string, list: StaffRosterEntry[]) => void
}) {
  const [value, setValue] = useState('')
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setFailure(undefined)
    const res = await api(conferenceEventStaffRoster, {
      params: { eventId },
      body: { pin: value, kiosk_id: kioskId },
    })
    setBusy(false)
    if (isSuccess(res)) return onUnlocked(value, res.list)
    setValue('')
    setFailure(res.httpStatus === 0 ? STAFF_OFFLINE_MESSAGE : res.message)
  }
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="mt-4 flex flex-wrap items-end gap-3"
      aria-label="Unlock the staff screen"
    >
      <label className="flex flex-col gap-1 text-sm text-[#c9cedb]">
        Staff PIN (attendees’ names and emails)
        <TextInput
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
          maxLength={8}
        />
      </label>
      <Button type="submit" size="sm" loading={busy} disabled={!value}>
        Unlock
      </Button>
      <div className="w-full">
        <FormError message={failure} />
      </div>
    </form>
  )
}

interface Row {
  id: string
  name: string
  email: string
  code: string | null
  state: RosterEntry['state']
  variant?: string
  error?: string | null
  refused: boolean
}

function Unlocked({
  kiosk,
  eventId,
  pin,
  onRefused,
}: {
  kiosk: ReturnType<typeof useKiosk>
  eventId: number
  pin: string
  onRefused: () => void
}) {
  const [name, setName] = useState(kiosk.store.kioskId)
  const kioskId = kiosk.store.kioskId
  // Every refresh carries the PIN: the server checks it on each call.
  const roster = useQuery({
    queryKey: [...staffKey(eventId), kioskId, pin],
    queryFn: ({ signal }) =>
      request(conferenceEventStaffRoster, {
        params: { eventId },
        body: { pin, kiosk_id: kioskId },
        signal,
      }).then((r) => r.list),
    refetchInterval: 5000,
    // Seeded by the unlock call: no second call at once.
    staleTime: 4000,
    retry: false,
    gcTime: 0,
  })
  const refused = roster.error instanceof ApiError && roster.error.failure.httpStatus === 403
  useEffect(() => {
    if (refused) onRefused()
  }, [refused, onRefused])

  // Attendees still in this browser's queue (not on the server yet), then the server's list.
  const known = new Set((roster.data ?? []).map((r) => r.submission_id))
  const rows: Row[] = [
    ...kiosk.store.queue
      .filter((q) => !known.has(q.body.submission_id))
      .map((q) => ({
        id: q.body.submission_id,
        name: q.body.name,
        email: q.body.email,
        code: null,
        state: q.rejected ? ('rejected' as const) : ('queued' as const),
        error: q.rejected,
        refused: !!q.rejected,
      })),
    ...(roster.data ?? []).map((r) => ({
      id: r.submission_id,
      name: r.name,
      email: r.email,
      code: r.code,
      state: r.delivery,
      variant: r.variant,
      error: r.delivery_error,
      refused: false,
    })),
  ]
  return (
    <>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm text-[#c9cedb]">
          Kiosk name (recorded with each consent)
          <TextInput
            value={name}
            onChange={(e) => setName(e.target.value.replace(/[^A-Za-z0-9_.-]/g, ''))}
            maxLength={64}
          />
        </label>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => name && kiosk.setKioskId(name)}
          disabled={!name || name === kioskId}
        >
          Save name
        </Button>
      </div>
      {roster.isError && !refused ? (
        <p className="mt-3 text-sm text-muted">Could not refresh the list: {roster.error.message}</p>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No attendees on this kiosk yet.</p>
      ) : (
        <div className="mt-4 max-h-72 overflow-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-muted">
              <tr>
                <th className="py-1.5">Attendee</th>
                <th className="hidden sm:table-cell">Email</th>
                <th>Code</th>
                <th>Delivery</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const s = STATE[r.state]
                return (
                  <tr key={r.id} className="border-t border-border" data-testid="booth-roster-row">
                    <td className="py-1.5 pr-2">{r.name}</td>
                    <td className="hidden pr-2 text-muted sm:table-cell">{r.email}</td>
                    <td className="pr-2 font-mono">{r.code ?? '—'}</td>
                    <td className="pr-2">
                      <Badge tone={s.tone}>
                        {s.label}
                        {r.variant === 'generic' ? ' · generic clip' : ''}
                      </Badge>
                      {r.error ? <span className="ml-2 text-xs text-danger">{r.error}</span> : null}
                    </td>
                    <td className="text-right">
                      {r.refused ? (
                        <Button variant="quaternary" size="sm" onClick={() => kiosk.discard(r.id)}>
                          Discard
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
