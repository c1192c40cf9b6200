import { Link, useParams, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import type { StressTest } from '@mouthpiece/contracts/operations/stress-tests.contract'
import { ButtonLink } from '../../../components/ui/button'
import { PageHeader } from '../../../components/ui/card'
import { FormError } from '../../../components/ui/field'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { LoadingBlock } from '../../../components/ui/spinner'
import { stressTestQuery, stressTestsQuery, useStressTestPush } from '../api'
import { STRESS_TARGET_LABEL, StressStatus, StressTestView, ms } from '../components/stress-test-view'

const columns: Array<ServerColumn<StressTest>> = [
  {
    id: 'created_at',
    header: 'Started',
    sortKey: 'created_at',
    cell: ({ row: { original: r } }) => (
      <Link
        className="whitespace-nowrap text-accent hover:underline"
        to={`/admin/stress-test/results/${r.session_id}`}
      >
        {new Date(r.created_at).toLocaleString()}
      </Link>
    ),
  },
  { id: 'target', header: 'Service', cell: ({ row: { original: r } }) => STRESS_TARGET_LABEL[r.target] },
  { id: 'status', header: 'Status', cell: ({ row: { original: r } }) => <StressStatus run={r} /> },
  { id: 'done', header: 'Requests', cell: ({ row: { original: r } }) => `${r.done} / ${r.requests}` },
  {
    id: 'rps',
    header: 'Throughput',
    hideOnMobile: true,
    cell: ({ row: { original: r } }) => (r.throughput_rps === null ? '—' : `${r.throughput_rps} req/s`),
  },
  {
    id: 'p95',
    header: 'p50 · p95 · p99',
    hideOnMobile: true,
    cell: ({ row: { original: r } }) =>
      r.latency_ms ? `${ms(r.latency_ms.p50)} · ${ms(r.latency_ms.p95)} · ${ms(r.latency_ms.p99)}` : '—',
  },
  {
    id: 'errors',
    header: 'Errors',
    cell: ({ row: { original: r } }) => (r.errors ? <span className="text-danger">{r.errors}</span> : 0),
  },
  {
    id: 'by',
    header: 'By',
    hideOnMobile: true,
    cell: ({ row: { original: r } }) => <span className="text-muted">{r.created_by}</span>,
  },
]

function ResultDetail({ sessionId }: { sessionId: string }) {
  const run = useQuery(stressTestQuery(sessionId))
  return (
    <div>
      <PageHeader
        title="Stress test result"
        description={`Session ${sessionId}`}
        actions={
          <ButtonLink variant="tertiary" size="sm" to="/admin/stress-test/results">
            All results
          </ButtonLink>
        }
      />
      {run.isPending ? (
        <LoadingBlock label="Reading the result…" />
      ) : run.isError ? (
        <FormError message={run.error.message} />
      ) : (
        <StressTestView run={run.data} />
      )}
    </div>
  )
}

/** /admin/stress-test/results {page}, and /admin/stress-test/results/:id, one run's figures (detail {session_id}). */
export function StressResultsPage() {
  const { id } = useParams()
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  useStressTestPush()
  const results = useQuery({ ...stressTestsQuery(page), enabled: !id })
  if (id) return <ResultDetail sessionId={id} />
  return (
    <div>
      <PageHeader
        title="Stress test results"
        description="Every run with its throughput, latency percentiles and errors, newest first."
        actions={
          <ButtonLink size="sm" to="/admin/stress-test/testing">
            New stress test
          </ButtonLink>
        }
      />
      <ServerTable
        caption="Stress test results"
        columns={columns}
        data={results.data}
        page={page}
        onPage={(n) => setParams({ page: String(n) })}
        rowKey={(r) => r.session_id}
        loading={results.isPending}
        error={results.isError ? results.error.message : undefined}
        onRetry={() => void results.refetch()}
        emptyText="No stress test has run yet."
      />
    </div>
  )
}
