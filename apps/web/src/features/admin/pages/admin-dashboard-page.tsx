import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { health } from '@mouthpiece/contracts/system/system.contract'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import {
  AlertIcon,
  CardIcon,
  GridIcon,
  MailIcon,
  MonitorIcon,
  RadioIcon,
  ServerIcon,
  UsersIcon,
  VideoIcon,
} from '../../../components/ui/icons'
import { Spinner } from '../../../components/ui/spinner'
import { request } from '../../../lib/api'
import { PATHS, to } from '../../../app/paths'
import { adminUsersQuery, formatDate } from '../../users'
import { outboxQuery } from '../../mail'
import { dashboardQuery } from '../../operations'

function Stat({
  label,
  value,
  icon,
  to: link,
  loading,
  error,
}: {
  label: string
  value: ReactNode
  icon: ReactNode
  to?: string
  loading?: boolean
  error?: boolean
}) {
  const body = (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p className="text-sm text-muted">{label}</p>
        <p className="mt-2 text-3xl font-semibold tracking-tight text-text">
          {loading ? (
            <Spinner size={22} className="text-accent" />
          ) : error ? (
            <span className="text-base text-danger">Unavailable</span>
          ) : (
            value
          )}
        </p>
      </div>
      <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-accent/12 text-accent">
        {icon}
      </span>
    </div>
  )
  const className = 'rounded-2xl border border-border bg-surface p-5'
  return link ? (
    <Link to={link} className={`${className} transition-colors hover:border-accent/60`}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  )
}

const money = (cents: number) =>
  (cents / 100).toLocaleString(undefined, { style: 'currency', currency: 'USD' })

/** /admin: live figures (refreshed every 10 s), each linking into the list behind it, and the newest users. */
export function AdminDashboardPage() {
  const figures = useQuery(dashboardQuery)
  const users = useQuery(adminUsersQuery({ page: 1 }))
  const outbox = useQuery(outboxQuery(1))
  const system = useQuery({ queryKey: ['system', 'health'], queryFn: () => request(health) })
  const f = figures.data
  const state = { loading: figures.isPending, error: figures.isError }
  const latest = users.data?.list.slice(0, 5) ?? []

  return (
    <div>
      <PageHeader
        title="Dashboard"
        description="Live figures for this Mouthpiece installation, refreshed every 10 seconds."
      />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Stat
          label="Users"
          value={
            f ? (
              <>
                {f.users.total.toLocaleString()}
                <Sub>
                  +{f.users.today} today · {f.users.disabled} disabled
                </Sub>
              </>
            ) : null
          }
          icon={<UsersIcon size={22} />}
          to={PATHS.adminUsers}
          {...state}
        />
        <Stat
          label="Renders today"
          value={
            f ? (
              <>
                {f.renders.today.toLocaleString()}
                <Sub>
                  {f.renders.queued} in queue · {f.renders.rendering} rendering
                </Sub>
              </>
            ) : null
          }
          icon={<VideoIcon size={22} />}
          to={PATHS.adminInstances}
          {...state}
        />
        <Stat
          label="Alerts spoken today"
          value={f?.alerts.spoken_today.toLocaleString()}
          icon={<RadioIcon size={22} />}
          {...state}
        />
        <Stat
          label="Revenue today"
          value={
            f ? (
              <>
                {money(f.revenue.today_cents)}
                <Sub>{money(f.revenue.last_30_days_cents)} in 30 days</Sub>
              </>
            ) : null
          }
          icon={<CardIcon size={22} />}
          to={PATHS.adminPlans}
          {...state}
        />
        <Stat
          label="Failed jobs · 24 h"
          value={
            f ? (
              <span className={f.renders.failed_24h + f.alerts.failed_24h ? 'text-danger' : undefined}>
                {f.renders.failed_24h + f.alerts.failed_24h}
                <Sub>
                  {f.renders.failed_24h} renders · {f.alerts.failed_24h} alerts
                </Sub>
              </span>
            ) : null
          }
          icon={<AlertIcon size={22} />}
          to={PATHS.adminInstances}
          {...state}
        />
        <Stat
          label="Render workers"
          value={
            f ? (
              f.workers ? (
                <>
                  {f.workers.running} / {f.workers.desired}
                  <Sub>running / desired</Sub>
                </>
              ) : (
                <span className="text-base text-muted">Elsewhere</span>
              )
            ) : null
          }
          icon={<ServerIcon size={22} />}
          to={PATHS.adminInstances}
          {...state}
        />
        <Stat
          label="Mails in outbox"
          value={outbox.data?.total.toLocaleString()}
          icon={<MailIcon size={22} />}
          to={PATHS.adminOutbox}
          loading={outbox.isPending}
          error={outbox.isError}
        />
        <Stat
          label="Server"
          value={
            system.data ? (
              <span className="flex flex-wrap items-center gap-2 text-base">
                <Badge tone="success">Healthy</Badge>
                <span className="text-sm font-normal text-muted">
                  {system.data.db === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'} · v{system.data.version}
                </span>
              </span>
            ) : null
          }
          icon={<MonitorIcon size={22} />}
          to={PATHS.healthCheck}
          loading={system.isPending}
          error={system.isError}
        />
        <Stat
          label="Bulk actions running"
          value={f?.bulk_actions_running.toLocaleString()}
          icon={<GridIcon size={22} />}
          to={PATHS.adminAuditLog}
          {...state}
        />
      </div>
      <Card
        title="Newest users"
        className="mt-6"
        actions={
          <Link to={PATHS.adminUsers} className="text-sm text-accent hover:underline">
            All users
          </Link>
        }
      >
        {users.isPending ? (
          <Spinner className="text-accent" label="Loading…" />
        ) : latest.length ? (
          <ul className="divide-y divide-border">
            {latest.map((u) => (
              <li key={u.id} className="flex items-center justify-between gap-4 py-3 text-sm">
                <Link to={to.adminEditUser(u.id)} className="min-w-0">
                  <span className="font-medium text-text hover:text-accent">{u.username}</span>
                  <span className="ml-2 truncate text-muted">{u.email}</span>
                </Link>
                <span className="shrink-0 text-muted">{formatDate(u.created_at)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">{users.isError ? users.error.message : 'No users yet.'}</p>
        )}
      </Card>
    </div>
  )
}

function Sub({ children }: { children: ReactNode }) {
  return <span className="mt-1 block text-sm font-normal text-muted">{children}</span>
}
