import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { InstancePool } from '@mouthpiece/contracts/operations/instances.contract'
import type { z } from 'zod'
import type { PerformanceJob, WorkerFigures } from '@mouthpiece/contracts/operations/instances.contract'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader, StatusTile } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import type { Column } from '../../../components/ui/data-table'
import { FormError, TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { instancesQuery, performanceJobsQuery, useSetDesiredCapacity } from '../api'

const PROVIDER: Record<InstancePool['provider'], string> = {
  embedded: 'In this process',
  kubernetes: 'Kubernetes Deployment',
  aws: 'AWS Auto Scaling group',
}
const seconds = (v: number | null, digits = 1) => (v === null ? '—' : `${v.toFixed(digits)} s`)
const speed = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)}×`)

function PoolCard({ pool }: { pool: InstancePool }) {
  const [value, setValue] = useState(String(pool.desired))
  const set = useSetDesiredCapacity()
  const toast = useToast()
  useEffect(() => setValue(String(pool.desired)), [pool.desired])
  const n = Number(value)
  const apply = () =>
    set.mutate(
      { id: pool.id, DesiredCapacity: n },
      {
        onSuccess: (p) => toast.success(`${pool.id}: ${p.desired} workers asked for`),
        onError: (e) => toast.error(e.message),
      },
    )
  return (
    <Card
      title={pool.id}
      description={PROVIDER[pool.provider]}
      actions={
        <Badge tone={pool.running >= pool.desired ? 'success' : 'warning'}>
          {pool.running >= pool.desired ? 'Steady' : 'Scaling'}
        </Badge>
      }
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatusTile label="Desired" value={String(pool.desired)} />
        <StatusTile
          label="Running"
          value={String(pool.running)}
          tone={pool.running >= pool.desired ? 'success' : 'warning'}
          detail="workers fetching jobs"
        />
        <StatusTile label="Minimum" value={String(pool.min)} />
        <StatusTile
          label="Maximum"
          value={String(pool.max)}
          detail={pool.provider === 'embedded' ? 'one per core' : undefined}
        />
      </dl>
      <form
        className="mt-5 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault()
          apply()
        }}
      >
        <label className="flex flex-col gap-1.5 text-sm text-muted">
          Desired capacity
          <TextInput
            type="number"
            min={pool.min}
            max={pool.max}
            step={1}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className="w-32"
            aria-label="Desired capacity"
          />
        </label>
        <Button type="submit" loading={set.isPending} disabled={!Number.isInteger(n) || n === pool.desired}>
          Apply
        </Button>
      </form>
      <FormError message={set.error?.message} />
    </Card>
  )
}

type Job = z.infer<typeof PerformanceJob>
const jobColumns: Array<Column<Job>> = [
  {
    key: 'started',
    header: 'Started',
    cell: (j) => (
      <span className="whitespace-nowrap text-muted">{new Date(j.started_at).toLocaleTimeString()}</span>
    ),
  },
  {
    key: 'job',
    header: 'Job',
    cell: (j) => (
      <span className="font-medium text-text">
        {j.job}
        {j.attempt > 1 ? <span className="text-muted"> · try {j.attempt}</span> : null}
      </span>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (j) => (
      <Badge
        tone={
          j.status === 'completed'
            ? 'success'
            : j.status === 'failed'
              ? 'danger'
              : j.status === 'running'
                ? 'accent'
                : 'neutral'
        }
      >
        {j.status}
      </Badge>
    ),
  },
  { key: 'wait', header: 'Queue wait', cell: (j) => seconds(j.queue_wait_s) },
  { key: 'run', header: 'Run time', cell: (j) => seconds(j.run_s) },
  { key: 'speed', header: 'Video s / s', hideOnMobile: true, cell: (j) => speed(j.video_s_per_s) },
  {
    key: 'worker',
    header: 'Worker',
    hideOnMobile: true,
    cell: (j) => <span className="text-xs text-muted">{j.worker ?? '—'}</span>,
  },
  {
    key: 'error',
    header: 'Error',
    hideOnMobile: true,
    cell: (j) => (j.error ? <span className="text-xs text-danger">{j.error.split('#')[0]}</span> : null),
  },
]
type Worker = z.infer<typeof WorkerFigures>
const workerColumns: Array<Column<Worker>> = [
  { key: 'worker', header: 'Worker', cell: (w) => <span className="font-medium text-text">{w.worker}</span> },
  { key: 'jobs', header: 'Jobs', cell: (w) => w.jobs },
  {
    key: 'failed',
    header: 'Failed',
    cell: (w) => (w.failed ? <span className="text-danger">{w.failed}</span> : 0),
  },
  { key: 'run', header: 'Avg run', cell: (w) => seconds(w.avg_run_s) },
  { key: 'speed', header: 'Video s / s', cell: (w) => speed(w.video_s_per_s) },
]

/** /admin/instances (SPEC §7 "Instances"): the render-worker pool's size, and how recent render jobs went. */
export function InstancesPage() {
  const pools = useQuery(instancesQuery)
  const perf = useQuery(performanceJobsQuery(24))
  const t = perf.data?.totals

  return (
    <div>
      <PageHeader
        title="Instances"
        description="The render-worker pool: how many workers run videos, and how the last day's render jobs went."
      />
      {pools.isPending ? (
        <LoadingBlock label="Reading the pool…" />
      ) : pools.isError ? (
        <Card title="Render workers">
          <FormError message={pools.error.message} />
        </Card>
      ) : (
        <div className="grid gap-4">
          {pools.data.map((p) => (
            <PoolCard key={p.id} pool={p} />
          ))}
        </div>
      )}
      <h2 className="mt-8 mb-3 text-lg font-semibold text-text">Performance jobs · last 24 hours</h2>
      <dl className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-5">
        <StatusTile label="Jobs" value={t ? String(t.jobs) : '…'} />
        <StatusTile
          label="Failed"
          value={t ? String(t.failed) : '…'}
          tone={t?.failed ? 'danger' : 'neutral'}
        />
        <StatusTile label="Avg queue wait" value={t ? seconds(t.avg_queue_wait_s) : '…'} />
        <StatusTile label="Avg run time" value={t ? seconds(t.avg_run_s) : '…'} />
        <StatusTile label="Video s per s" value={t ? speed(t.video_s_per_s) : '…'} />
      </dl>
      <div className="grid gap-6">
        <DataTable
          caption="Per worker"
          columns={workerColumns}
          rows={perf.data?.workers}
          rowKey={(w) => w.worker}
          loading={perf.isPending}
          error={perf.isError ? perf.error.message : undefined}
          onRetry={() => void perf.refetch()}
          emptyText="No render job ran in the last 24 hours."
        />
        <DataTable
          caption="Recent render jobs"
          columns={jobColumns}
          rows={perf.data?.list}
          rowKey={(j) => j.id}
          loading={perf.isPending}
          error={perf.isError ? perf.error.message : undefined}
          onRetry={() => void perf.refetch()}
          emptyText="No render job ran in the last 24 hours."
        />
      </div>
    </div>
  )
}
