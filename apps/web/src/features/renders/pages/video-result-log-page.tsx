import { Link, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { LoadingBlock } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api'
import { videoResultLogQuery } from '../api'
import { formatMs } from './video-result-page'

/** /video-result/{id}/log/{log}: one job attempt, stage by stage, with timings. */
export function VideoResultLogPage() {
  const { id = '', log = '' } = useParams()
  const { data, isPending, error } = useQuery(videoResultLogQuery(id, Number(log)))
  if (isPending) return <LoadingBlock />
  if (error || !data)
    return (
      <Card title="Log not found">
        {error instanceof ApiError ? error.failure.message : 'Please try again.'}
      </Card>
    )
  const { render: r, log: l } = data
  const longest = Math.max(1, ...l.entries.map((e) => e.ms ?? 0))
  return (
    <div>
      <PageHeader
        title={`${l.job[0]!.toUpperCase()}${l.job.slice(1)} job, attempt ${l.attempt}`}
        description={`${r.title} · started ${new Date(l.started_at).toLocaleString()} · took ${formatMs(l.ms)}`}
        actions={
          <Link to={`/video-result/${r.id}`} className="text-sm text-accent hover:underline">
            Back to the video
          </Link>
        }
      />
      <Card>
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <Badge tone={l.status === 'completed' ? 'success' : l.status === 'running' ? 'accent' : 'danger'}>
            {l.status}
          </Badge>
          {l.error ? <span className="text-sm text-danger">{l.error.split('#')[0]}</span> : null}
        </div>
        <ol className="flex flex-col divide-y divide-border">
          {l.entries.map((e, i) => (
            <li
              key={i}
              className="grid gap-1 py-3 sm:grid-cols-[110px_170px_1fr_90px] sm:items-center sm:gap-4"
            >
              <span className="text-xs text-muted tabular-nums">{new Date(e.at).toLocaleTimeString()}</span>
              <span className="font-mono text-xs text-accent">{e.stage}</span>
              <span className="text-sm text-text">
                {e.message}
                {e.ms !== null ? (
                  <span
                    className="mt-1.5 block h-1.5 rounded-full bg-accent/70"
                    style={{ width: `${Math.max(2, (100 * e.ms) / longest)}%` }}
                    aria-hidden="true"
                  />
                ) : null}
              </span>
              <span className="text-sm text-muted tabular-nums sm:text-right">{formatMs(e.ms)}</span>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  )
}
