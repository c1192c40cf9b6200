import { useQuery } from '@tanstack/react-query'
import type { HealthCheck } from '@mouthpiece/contracts/system/system.contract'
import { Badge } from '../../../components/ui/card'
import { Button } from '../../../components/ui/button'
import { LoadingBlock } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { healthCheckQuery } from '../api'

const LABEL: Record<HealthCheck['name'], string> = {
  database: 'Database',
  queue: 'Job queue',
  workers: 'Render workers',
  speech: 'Speech engines',
  storage: 'File storage',
  mail: 'Mail',
}
const TONE = { ok: 'success', degraded: 'warning', down: 'danger' } as const
const WORD = { ok: 'Operational', degraded: 'Degraded', down: 'Down' } as const
const HEADLINE = {
  ok: 'All systems operational',
  degraded: 'Some systems are degraded',
  down: 'Mouthpiece is down',
} as const

/** /health-check: the public status page — each service probed for real, with its response time. GET /api/health stays the machine-readable check. */
export function HealthCheckPage() {
  const health = useQuery(healthCheckQuery)
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-text">System status</h1>
      {health.isPending ? (
        <LoadingBlock label="Checking every service…" className="mt-10" />
      ) : health.isError ? (
        <div role="alert" className="mt-8 rounded-2xl border border-danger/50 bg-danger/10 p-6">
          <p className="text-lg font-semibold text-text">The status could not be read</p>
          <p className="mt-1 text-sm text-[#c9cedb]">{health.error.message}</p>
          <Button variant="tertiary" size="sm" className="mt-4" onClick={() => void health.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <div
            className={cn(
              'mt-8 flex items-center gap-3 rounded-2xl border p-5',
              health.data.overall === 'ok'
                ? 'border-success/40 bg-success/10'
                : health.data.overall === 'degraded'
                  ? 'border-warning/40 bg-warning/10'
                  : 'border-danger/40 bg-danger/10',
            )}
          >
            <span
              className={cn(
                'h-3 w-3 shrink-0 rounded-full',
                health.data.overall === 'ok'
                  ? 'bg-success'
                  : health.data.overall === 'degraded'
                    ? 'bg-warning'
                    : 'bg-danger',
              )}
            />
            <p className="text-lg font-semibold text-text" data-testid="health-headline">
              {HEADLINE[health.data.overall]}
            </p>
          </div>
          <ul className="mt-6 divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
            {health.data.checks.map((c) => (
              <li
                key={c.name}
                className="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium text-text">{LABEL[c.name]}</p>
                  <p className="truncate text-sm text-muted">{c.detail}</p>
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  <span className="text-sm text-muted tabular-nums">{c.ms} ms</span>
                  <Badge tone={TONE[c.status]}>{WORD[c.status]}</Badge>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-xs text-muted">
            Checked {new Date(health.data.checked_at).toLocaleTimeString()} · refreshes every 15 seconds
          </p>
        </>
      )}
    </div>
  )
}
