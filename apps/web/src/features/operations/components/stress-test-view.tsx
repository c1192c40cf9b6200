import type { StressTest } from '@mouthpiece/contracts/operations/stress-tests.contract'
import { Button } from '../../../components/ui/button'
import { Badge, Card, StatusTile } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import { useToast } from '../../../components/ui/toast'
import { useStopStressTest } from '../api'

export const STRESS_TARGET_LABEL: Record<StressTest['target'], string> = {
  voice: 'Voice service',
  render: 'Render workers (GPU job service)',
}
const STATUS_TONE = {
  queued: 'neutral',
  running: 'accent',
  completed: 'success',
  stopped: 'warning',
  failed: 'danger',
} as const

export const StressStatus = ({ run }: { run: StressTest }) => (
  <Badge tone={STATUS_TONE[run.status]}>{run.status}</Badge>
)
export const ms = (v: number | undefined) =>
  v === undefined ? '—' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`

/** Successful requests by latency: one coral bar per bucket, as wide as its share of the busiest bucket. */
function Histogram({ buckets }: { buckets: StressTest['histogram'] }) {
  const top = Math.max(1, ...buckets.map((b) => b.count))
  return (
    <ol className="flex flex-col gap-1.5" aria-label="Latency histogram">
      {buckets.map((b, i) => (
        <li key={b.le_ms} className="grid grid-cols-[6.5rem_1fr_3rem] items-center gap-3 text-xs">
          <span className="text-right text-muted">
            {i === 0 ? '≤ ' : `${ms(buckets[i - 1]!.le_ms)} – `}
            {ms(b.le_ms)}
          </span>
          <span className="h-3 overflow-hidden rounded bg-white/5">
            <span className="block h-full rounded bg-accent" style={{ width: `${(b.count / top) * 100}%` }} />
          </span>
          <span className="text-text">{b.count}</span>
        </li>
      ))}
    </ol>
  )
}

/** One run: live while it runs (its figures arrive on the admins' socket every half second), with the Stop button; its figures once done. */
export function StressTestView({ run }: { run: StressTest }) {
  const stop = useStopStressTest()
  const toast = useToast()
  const active = run.status === 'queued' || run.status === 'running'
  const l = run.latency_ms ?? undefined
  return (
    <div className="grid gap-6">
      <Card
        title={STRESS_TARGET_LABEL[run.target]}
        description={`${run.requests} requests, ${run.concurrency} at once, at most ${run.duration_s} s · started by ${run.created_by} on ${new Date(run.created_at).toLocaleString()}`}
        actions={
          <div className="flex items-center gap-3">
            <StressStatus run={run} />
            {active ? (
              <Button
                variant="secondary"
                size="sm"
                destructive
                loading={stop.isPending}
                disabled={run.stop_requested}
                onClick={() =>
                  stop.mutate(run.session_id, {
                    onSuccess: () => toast.success('Stopping the stress test'),
                    onError: (e) => toast.error(e.message),
                  })
                }
              >
                {run.stop_requested ? 'Stopping…' : 'Stop'}
              </Button>
            ) : null}
          </div>
        }
      >
        {active ? (
          <div
            className="mb-4 h-2 overflow-hidden rounded bg-white/5"
            role="progressbar"
            aria-label="Requests done"
            aria-valuemin={0}
            aria-valuemax={run.requests}
            aria-valuenow={run.done}
          >
            <span
              className="block h-full bg-accent transition-[width]"
              style={{ width: `${Math.round((run.done / run.requests) * 100)}%` }}
            />
          </div>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <StatusTile label="Requests done" value={`${run.done} / ${run.requests}`} detail={`${run.ok} ok`} />
          <StatusTile
            label="Throughput"
            value={run.throughput_rps === null ? '—' : `${run.throughput_rps} req/s`}
          />
          <StatusTile label="Errors" value={String(run.errors)} tone={run.errors ? 'danger' : 'neutral'} />
          <StatusTile label="Stood aside" value={ms(run.yielded_ms)} detail="for real users" />
          <StatusTile label="p50" value={ms(l?.p50)} />
          <StatusTile label="p95" value={ms(l?.p95)} />
          <StatusTile label="p99" value={ms(l?.p99)} tone={l && l.p99 > 5_000 ? 'warning' : 'neutral'} />
          <StatusTile
            label="Min · max"
            value={l ? `${ms(l.min)} · ${ms(l.max)}` : '—'}
            detail={l ? `mean ${ms(l.mean)}` : undefined}
          />
        </dl>
      </Card>
      <Card title="Latency histogram" description="Successful requests by how long they took.">
        {run.histogram.length ? (
          <Histogram buckets={run.histogram} />
        ) : (
          <p className="text-sm text-muted">
            {active ? 'The first requests are on their way…' : 'No request succeeded.'}
          </p>
        )}
      </Card>
      <DataTable
        caption="Errors"
        columns={[
          {
            key: 'message',
            header: 'Message',
            cell: (e) => <span className="text-danger">{e.message}</span>,
          },
          { key: 'count', header: 'Times', cell: (e) => e.count },
        ]}
        rows={run.error_samples}
        rowKey={(e) => e.message}
        emptyText="No errors."
      />
    </div>
  )
}
