import { Link, useNavigate, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { GenerationFlow } from '@mouthpiece/contracts/statuses'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { LoadingBlock } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { isOpen, useCancelRender, useDeleteRender, videoResultQuery } from '../api'
import { FLOW_TEXT, RenderProgress, statusTone } from '../components/render-progress'
import { RenderPlayer } from '../components/render-player'
import { frameName, renderFrame } from '../render-frame'
import { ShareActions } from '../components/share-actions'

const STEPS = [
  'audioWaiting',
  'audioGenerating',
  'audioGenerated',
  'avatarWaiting',
  'avatarGenerating',
  'avatarGenerated',
] as const

/** Where the current job stands, in plain words (never the queue's internal state names). */
const WAITING_TEXT: Record<string, string> = {
  wait: 'Waiting its turn',
  start: 'Being worked on',
  completed: 'Step finished, next one starting',
  replicateAvatarCompleted: 'Step finished, next one starting',
  failed: 'A step failed',
}

const JOB_TEXT: Record<string, string> = {
  completed: 'Done',
  running: 'Working',
  retrying: 'Trying again',
  failed: 'Failed',
}

export const formatMs = (ms: number | null) =>
  ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`

/** /video-result/{id}: my render, its state in the generation flow, the file, and a log per job attempt. */
export function VideoResultPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { data, isPending, error } = useQuery(videoResultQuery(id))
  const cancel = useCancelRender()
  const remove = useDeleteRender()
  if (isPending) return <LoadingBlock />
  if (error || !data)
    return (
      <Card title="Video not found">
        {error instanceof ApiError ? error.failure.message : 'Please try again.'}
      </Card>
    )
  const { render: r, logs } = data
  const failedAt = r.flow === GenerationFlow.audioFailed ? 1 : r.flow === GenerationFlow.avatarFailed ? 4 : -1
  const reached = failedAt >= 0 ? failedAt : STEPS.indexOf(r.flow_name as (typeof STEPS)[number])
  return (
    <div>
      <PageHeader
        title={r.title}
        description={`${r.avatar_name} · ${r.kind === 'video' ? `${r.video_resolution} ${frameName(r.video_orientation)}` : `audio (${r.format})`} · made ${new Date(r.created_at).toLocaleString()}`}
        actions={
          <>
            {isOpen(r) ? (
              <Button variant="secondary" onClick={() => cancel.mutate(r.id)} loading={cancel.isPending}>
                Cancel render
              </Button>
            ) : null}
            <Button
              variant="quaternary"
              destructive
              onClick={() => remove.mutate(r.id, { onSuccess: () => void navigate('/dashboard') })}
              loading={remove.isPending}
            >
              Delete
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <Card>
          {r.status === 3 ? (
            <div className="flex flex-col gap-4">
              <RenderPlayer files={r.files} title={r.title} frame={renderFrame(r.video_orientation)} />
              <ShareActions
                id={r.id}
                downloadPath={r.files.video_url ?? r.files.audio_url}
                downloadLabel={r.files.video_url ? 'Download MP4' : 'Download audio'}
              />
            </div>
          ) : isOpen(r) ? (
            <RenderProgress render={r} />
          ) : (
            <p role="alert" className="text-danger">
              {r.error?.split('#')[0] ?? 'The video could not be made.'}
            </p>
          )}
          <p className="mt-5 rounded-xl bg-[#11141c] p-4 text-sm leading-relaxed text-[#c9cedb]">
            {r.text || 'Lip-synced from an uploaded recording.'}
          </p>
        </Card>
        <Card title="Status" description="What has been done and what comes next.">
          <div className="mb-4 flex flex-wrap gap-2">
            <Badge tone={statusTone(r.status)}>{r.status_label}</Badge>
            {isOpen(r) ? <Badge>{WAITING_TEXT[r.queue_status] ?? 'Working on it'}</Badge> : null}
          </div>
          <ol className="flex flex-col gap-2">
            {STEPS.filter((s) => r.kind === 'video' || s.startsWith('audio')).map((s, i) => {
              const failedHere = failedAt >= 0 && i === reached
              const doneStep = r.status === 3 || i < reached
              return (
                <li key={s} className="flex items-center gap-3 text-sm">
                  <span
                    className={cn(
                      'flex h-6 w-6 items-center justify-center rounded-full text-xs font-bold',
                      failedHere
                        ? 'bg-danger/20 text-danger'
                        : doneStep
                          ? 'bg-success/20 text-success'
                          : i === reached
                            ? 'bg-accent text-on-accent'
                            : 'bg-[#232838] text-muted',
                    )}
                  >
                    {i + 1}
                  </span>
                  <span className={cn(i <= reached || r.status === 3 ? 'text-text' : 'text-muted')}>
                    {failedHere ? FLOW_TEXT[r.flow_name] : FLOW_TEXT[s]}
                  </span>
                </li>
              )
            })}
          </ol>
        </Card>
      </div>
      <Card title="Job log" description="Every attempt of every job, with how long it took." className="mt-6">
        {logs.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-muted uppercase">
                <tr>
                  <th className="py-2 pr-4 font-medium">Job</th>
                  <th className="py-2 pr-4 font-medium">Attempt</th>
                  <th className="py-2 pr-4 font-medium">Status</th>
                  <th className="py-2 pr-4 font-medium">Took</th>
                  <th className="py-2 pr-4 font-medium">Started</th>
                  <th className="py-2 font-medium" />
                </tr>
              </thead>
              <tbody>
                {logs.map((l) => (
                  <tr key={l.id} className="border-t border-border">
                    <td className="py-2 pr-4 font-medium text-text capitalize">{l.job}</td>
                    <td className="py-2 pr-4 tabular-nums">{l.attempt}</td>
                    <td className="py-2 pr-4">
                      <Badge
                        tone={
                          l.status === 'completed'
                            ? 'success'
                            : l.status === 'running'
                              ? 'accent'
                              : l.status === 'retrying'
                                ? 'warning'
                                : 'danger'
                        }
                      >
                        {JOB_TEXT[l.status] ?? l.status}
                      </Badge>
                      {l.error ? (
                        <span className="ml-2 text-xs text-muted">{l.error.split('#')[0]}</span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-4 tabular-nums">{formatMs(l.ms)}</td>
                    <td className="py-2 pr-4 text-muted">{new Date(l.started_at).toLocaleTimeString()}</td>
                    <td className="py-2 text-right">
                      <Link to={`/video-result/${r.id}/log/${l.id}`} className="text-accent hover:underline">
                        Details
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-muted">No job has started yet.</p>
        )}
      </Card>
    </div>
  )
}
