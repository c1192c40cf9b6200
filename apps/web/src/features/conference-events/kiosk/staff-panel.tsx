import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Badge } from '../../../components/ui/card'
import { TextInput } from '../../../components/ui/field'
import type { RosterEntry } from './offline-queue'
import type { useKiosk } from './use-kiosk'

const STATE: Record<RosterEntry['state'], { label: string; tone: 'neutral' | 'success' | 'danger' | 'accent' | 'warning' }> = {
  queued: { label: 'Queued on this kiosk', tone: 'warning' },
  rejected: { label: 'Refused', tone: 'danger' },
  rendering: { label: 'Rendering', tone: 'accent' },
  ready: { label: 'Ready', tone: 'success' },
  mailed: { label: 'Mailed', tone: 'success' },
  mail_failed: { label: 'Mail failed', tone: 'danger' },
}

/** The staff screen: this kiosk's name, its queue depth and each attendee's delivery. */
export function StaffPanel({ kiosk }: { kiosk: ReturnType<typeof useKiosk> }) {
  const [name, setName] = useState(kiosk.store.kioskId)
  const { roster, queue } = kiosk.store
  return (
    <section className="mb-8 w-full max-w-4xl rounded-2xl border border-border bg-surface p-4 sm:p-6" aria-label="Staff screen" data-testid="booth-staff">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm text-[#c9cedb]">
          Kiosk name (recorded with each consent)
          <TextInput value={name} onChange={(e) => setName(e.target.value.replace(/[^A-Za-z0-9_.-]/g, ''))} maxLength={64} />
        </label>
        <Button variant="secondary" size="sm" onClick={() => name && kiosk.setKioskId(name)} disabled={!name || name === kiosk.store.kioskId}>Save name</Button>
        <p className="ml-auto text-sm" data-testid="booth-queue-depth">
          Queue: <strong className="text-lg text-text">{kiosk.queueDepth}</strong> waiting to send · {kiosk.online ? 'online' : 'offline'}
        </p>
        <Button size="sm" onClick={() => void kiosk.drain()} disabled={!kiosk.queueDepth}>Send now</Button>
      </div>
      {roster.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No attendees on this kiosk yet.</p>
      ) : (
        <div className="mt-4 max-h-72 overflow-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-muted">
              <tr><th className="py-1.5">Attendee</th><th className="hidden sm:table-cell">Email</th><th>Code</th><th>Delivery</th><th /></tr>
            </thead>
            <tbody>
              {roster.map((r) => {
                const s = STATE[r.state]
                const refused = queue.find((q) => q.body.submission_id === r.submission_id && q.rejected)
                return (
                  <tr key={r.submission_id} className="border-t border-border" data-testid="booth-roster-row">
                    <td className="py-1.5 pr-2">{r.name}</td>
                    <td className="hidden pr-2 text-muted sm:table-cell">{r.email}</td>
                    <td className="pr-2 font-mono">{r.code ?? '—'}</td>
                    <td className="pr-2"><Badge tone={s.tone}>{s.label}{r.variant === 'generic' ? ' · generic clip' : ''}</Badge>{r.error ? <span className="ml-2 text-xs text-danger">{r.error}</span> : null}</td>
                    <td className="text-right">{refused ? <Button variant="quaternary" size="sm" onClick={() => kiosk.discard(r.submission_id)}>Discard</Button> : null}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
