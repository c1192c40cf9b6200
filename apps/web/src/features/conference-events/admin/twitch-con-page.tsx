import { useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { adminExportSubmissions } from '@mouthpiece/contracts/conference-events/conference-events.contract'
import type {
  ConferenceEvent,
  Submission,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { DELIVERY_STATES } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { ExportCsvButton } from '../../../components/ui/export-csv-button'
import { FilterSelect, ListToolbar, SearchBox } from '../../../components/ui/list-toolbar'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { SelectionBar, useRowSelection } from '../../../components/ui/row-selection'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useListParams } from '../../../lib/list-params'
import { formatDate } from '../../backoffice'
import { eventsQuery, submissionsQuery } from '../api'
import { DeleteAttendees, DeleteEventButton } from './booth-erasure'
import { EventForm } from './event-form'

const DELIVERY_LABEL: Record<
  Submission['delivery'],
  { label: string; tone: 'accent' | 'success' | 'danger' }
> = {
  rendering: { label: 'Rendering', tone: 'accent' },
  ready: { label: 'Ready', tone: 'success' },
  mailed: { label: 'Mailed', tone: 'success' },
  mail_failed: { label: 'Mail failed', tone: 'danger' },
}
const CLIP_LABEL: Record<ConferenceEvent['generic_clip']['status'], string> = {
  none: 'not made',
  rendering: 'rendering…',
  ready: 'ready',
  failed: 'failed (re-rendered on next need)',
}

/** /admin/twitch-con: the conference events, their settings, attendees with delivery status and the CSV. */
export function TwitchConPage() {
  const list = useListParams(['event', 'q', 'delivery'] as const)
  const events = useQuery(eventsQuery())
  const [mode, setMode] = useState<'view' | 'new' | 'edit'>('view')
  const selected = events.data?.find((e) => String(e.id) === list.filters.event) ?? events.data?.[0]
  const root = useRef<HTMLDivElement>(null)
  // Back to the events: the first one is shown; focus goes to its tab (or "New event" when none is left).
  const afterEventDeleted = () => {
    list.setFilter('event', undefined)
    setTimeout(
      () =>
        (
          root.current?.querySelector<HTMLElement>('[role=tab][aria-selected=true]') ??
          root.current?.querySelector<HTMLElement>('button')
        )?.focus(),
      0,
    )
  }

  return (
    <div ref={root}>
      <PageHeader
        title="TwitchCon booth"
        description="Conference events: what the kiosk asks, the greeting the avatar says, and every attendee with their video’s delivery."
        actions={<Button onClick={() => setMode('new')}>New event</Button>}
      />
      {mode === 'new' ? (
        <Card title="New event" className="mb-6">
          <EventForm
            onSaved={(e) => {
              setMode('view')
              list.setFilter('event', String(e.id))
            }}
            onCancel={() => setMode('view')}
          />
        </Card>
      ) : null}
      {events.isPending ? (
        <LoadingBlock />
      ) : events.isError ? (
        <p role="alert" className="text-danger">
          {events.error.message}
        </p>
      ) : !events.data.length ? (
        mode === 'new' ? null : (
          <Card>
            <p className="text-sm text-muted">No events yet. Create one to set up a kiosk.</p>
          </Card>
        )
      ) : (
        <>
          <div className="mb-4 flex flex-wrap gap-2" role="tablist" aria-label="Events">
            {events.data.map((e) => (
              <button
                key={e.id}
                type="button"
                role="tab"
                aria-selected={e.id === selected?.id}
                onClick={() => {
                  setMode('view')
                  list.setFilter('event', String(e.id))
                }}
                className={`rounded-lg border px-3 py-1.5 text-sm ${e.id === selected?.id ? 'border-accent text-accent' : 'border-border text-[#c9cedb] hover:border-accent'}`}
              >
                {e.name} <span className="text-muted">· {e.submissions}</span>
              </button>
            ))}
          </div>
          {selected ? (
            mode === 'edit' ? (
              <Card title={`Edit ${selected.name}`} className="mb-6">
                <EventForm
                  key={selected.id}
                  event={selected}
                  onSaved={() => setMode('view')}
                  onCancel={() => setMode('view')}
                />
              </Card>
            ) : (
              <EventSummary event={selected} onEdit={() => setMode('edit')} onDeleted={afterEventDeleted} />
            )
          ) : null}
          {selected ? <Submissions event={selected} list={list} /> : null}
        </>
      )}
    </div>
  )
}

function EventSummary({
  event,
  onEdit,
  onDeleted,
}: {
  event: ConferenceEvent
  onEdit: () => void
  onDeleted: () => void
}) {
  const kiosk = `/twitchcon/${event.id}`
  return (
    <Card
      title={event.name}
      description={`${event.starts_on} – ${event.ends_on} · ${event.submissions} attendees`}
      className="mb-6"
      actions={
        <div className="flex flex-wrap gap-2">
          <a
            href={kiosk}
            target="_blank"
            rel="noreferrer"
            className="rounded-lg border border-border px-3 py-1.5 text-sm text-[#c9cedb] hover:border-accent hover:text-accent"
          >
            Open kiosk
          </a>
          <Button variant="secondary" size="sm" onClick={onEdit}>
            Edit
          </Button>
          <DeleteEventButton event={event} onDeleted={onDeleted} />
        </div>
      }
    >
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Greeting</dt>
          <dd>{event.greeting_template}</dd>
        </div>
        <div>
          <dt className="text-muted">Avatar and voice</dt>
          <dd>
            {event.influencer_id} · {event.voice_id ?? 'the influencer’s voice'}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Extra fields</dt>
          <dd>
            {event.fields.length
              ? event.fields.map((f) => `${f.label}${f.required ? '*' : ''}`).join(', ')
              : 'none'}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Generic clip (sent when renders are saturated or fail)</dt>
          <dd data-testid="generic-clip-status">{CLIP_LABEL[event.generic_clip.status]}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-muted">Consent text</dt>
          <dd>{event.consent_text}</dd>
        </div>
      </dl>
    </Card>
  )
}

function Submissions({
  event,
  list,
}: {
  event: ConferenceEvent
  list: ReturnType<typeof useListParams<'event' | 'q' | 'delivery'>>
}) {
  const query = {
    page: list.page,
    per_page: 25,
    sort: list.sort as 'created_at' | 'name' | undefined,
    dir: list.dir,
    q: list.filters.q,
    delivery: list.filters.delivery as Submission['delivery'] | undefined,
  }
  const subs = useQuery(submissionsQuery(event.id, query))
  const { event: _e, ...exportQuery } = list.filterQuery
  // Ticks are of this event and this filter only. The route deletes named ids or every attendee, so
  // the bar offers no "select all matching" (no total given to it): "Delete all attendees" is that.
  const selection = useRowSelection(JSON.stringify([event.id, list.filters.q, list.filters.delivery]))
  const pageRows = subs.data?.list ?? []
  const heading = useRef<HTMLHeadingElement>(null)
  const afterDeleted = () => {
    selection.clear()
    heading.current?.focus()
  }
  const columns: Array<ServerColumn<Submission>> = [
    {
      id: 'name',
      header: 'Attendee',
      sortKey: 'name',
      cell: ({ row: { original: s } }) => (
        <span>
          <span className="font-medium text-text">{s.name}</span>
          <span className="block text-xs text-muted">{s.email}</span>
        </span>
      ),
    },
    {
      id: 'answers',
      header: 'Answers',
      hideOnMobile: true,
      cell: ({ row: { original: s } }) =>
        event.fields
          .map((f) => s.answers[f.key])
          .filter(Boolean)
          .join(' · ') || '—',
    },
    { id: 'code', header: 'Code', cell: ({ row }) => <span className="font-mono">{row.original.code}</span> },
    {
      id: 'delivery',
      header: 'Delivery',
      cell: ({ row: { original: s } }) => (
        <span className="flex flex-wrap items-center gap-1.5">
          <Badge tone={DELIVERY_LABEL[s.delivery].tone}>{DELIVERY_LABEL[s.delivery].label}</Badge>
          {s.variant === 'generic' ? <Badge tone="warning">Generic clip</Badge> : null}
          {s.delivery_error ? (
            <span className="text-xs text-muted" title={s.delivery_error}>
              {s.delivery_error.slice(0, 40)}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'consent',
      header: 'Consent',
      hideOnMobile: true,
      cell: ({ row: { original: s } }) => (
        <span className="text-xs text-muted" title={`sha256 ${s.consent_sha256}`}>
          {formatDate(s.agreed_at)} · {s.kiosk_id}
        </span>
      ),
    },
    {
      id: 'created_at',
      header: 'Received',
      sortKey: 'created_at',
      hideOnMobile: true,
      cell: ({ row }) => formatDate(row.original.created_at),
    },
  ]
  return (
    <section aria-labelledby="attendees-heading">
      <h2 id="attendees-heading" ref={heading} tabIndex={-1} className="mb-3 text-lg font-semibold text-text">
        Attendees
      </h2>
      <ListToolbar
        actions={
          <>
            <DeleteAttendees
              event={event}
              ids={[...selection.ids]}
              names={pageRows.filter((s) => selection.ids.has(s.id)).map((s) => s.name)}
              onDeleted={afterDeleted}
            />
            <ExportCsvButton
              route={adminExportSubmissions}
              params={{ eventId: event.id }}
              query={exportQuery}
              fileName={`twitch-con-${event.id}.csv`}
            />
          </>
        }
      >
        <SearchBox
          label="Search attendees"
          placeholder="Name, email or code"
          value={list.filters.q ?? ''}
          onChange={(v) => list.setFilter('q', v)}
        />
        <FilterSelect
          label="Delivery"
          value={list.filters.delivery}
          onChange={(v) => list.setFilter('delivery', v)}
          options={DELIVERY_STATES.map((d) => ({ value: d, label: DELIVERY_LABEL[d].label }))}
        />
      </ListToolbar>
      <SelectionBar
        selection={selection}
        pageIds={pageRows.map((s) => s.id)}
        total={undefined}
        noun="attendees"
      />
      <ServerTable
        selection={selection}
        rowLabel={(s) => s.name}
        caption={`Attendees of ${event.name}`}
        columns={columns}
        data={subs.data}
        page={list.page}
        onPage={list.setPage}
        sort={list.sort ?? 'created_at'}
        dir={list.dir ?? 'desc'}
        onSort={(key) => list.setSort(key, key === 'name' ? 'asc' : 'desc')}
        rowKey={(s) => s.id}
        loading={subs.isPending}
        error={subs.isError ? subs.error.message : undefined}
        onRetry={() => void subs.refetch()}
        emptyText={
          list.filters.q || list.filters.delivery
            ? 'No attendee matches these filters.'
            : 'No attendees yet. Open the kiosk to take the first one.'
        }
      />
    </section>
  )
}
