import { useState } from 'react'
import type { FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  analyze,
  analyzeAgain,
  planAnalysis,
  searchVideo,
} from '@mouthpiece/contracts/sentiment/sentiment.contract'
import type { FoundVideo } from '@mouthpiece/contracts/sentiment/sentiment.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { ApiError, request } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { exportSentiment } from '@mouthpiece/contracts/sentiment/sentiment.contract'
import { ExportCsvButton } from '../../../components/ui/export-csv-button'
import { useCurrentUser } from '../../auth'
import { startLink } from '../../donations'
import { isOpenRun, myAnalysesQuery, useSentimentRun } from '../api'
import { LabelBadge, SentimentResultView } from '../components/sentiment-result'

const failure = (e: unknown) =>
  e instanceof ApiError ? e.failure.message : e ? 'Something went wrong. Try again!' : null

function VideoPick({ v, picked, onToggle }: { v: FoundVideo; picked: boolean; onToggle: () => void }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-xl border p-3 transition',
        picked ? 'border-accent bg-accent/10' : 'border-border bg-surface hover:border-[#3a4052]',
      )}
    >
      <input
        type="checkbox"
        className="size-4 accent-[#FF6A59]"
        checked={picked}
        onChange={onToggle}
        aria-label={`Pick ${v.title}`}
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-text">{v.title}</p>
        <p className="text-xs text-muted">
          {v.channel}
          {v.published_at ? ` · ${v.published_at.slice(0, 10)}` : ''}
          {v.comment_count !== null ? ` · ${v.comment_count} comments` : ''}
        </p>
      </div>
      {v.own ? <Badge tone="accent">your video</Badge> : <Badge>YouTube</Badge>}
    </label>
  )
}

/**
 * /sentiment: search videos (YouTube with the linked Google account, and the creator's own videos),
 * pick some, see the quota the run will spend, analyse, read the result, analyse again for the diff.
 */
export function SentimentPage() {
  const [params, setParams] = useSearchParams()
  const runId = params.get('run')
  const [query, setQuery] = useState('')
  const [picked, setPicked] = useState<string[]>([])
  const client = useQueryClient()
  const { data: user } = useCurrentUser()
  const search = useMutation({ mutationFn: (q: string) => request(searchVideo, { query: { query: q } }) })
  const plan = useQuery({
    queryKey: ['sentiment', 'plan', picked],
    queryFn: ({ signal }) => request(planAnalysis, { body: { selected_video_ids: picked }, signal }),
    enabled: picked.length > 0,
  })
  const open = (id: string) =>
    setParams((p) => {
      p.set('run', id)
      return p
    })
  const run = useMutation({
    mutationFn: () => request(analyze, { body: { selected_video_ids: picked, query: search.variables } }),
    onSuccess: (r) => {
      void client.invalidateQueries({ queryKey: ['sentiment', 'mine'] })
      open(r.sentiment_id)
    },
  })
  const again = useMutation({
    mutationFn: (id: string) => request(analyzeAgain, { body: { sentiment_id: id } }),
    onSuccess: (r) => {
      void client.invalidateQueries({ queryKey: ['sentiment', 'mine'] })
      open(r.sentiment_id)
    },
  })
  const result = useSentimentRun(runId)
  const running = isOpenRun(result.data?.run.status)
  const againPlan = useQuery({
    queryKey: ['sentiment', 'plan-again', runId],
    queryFn: ({ signal }) => request(planAnalysis, { body: { sentiment_id: runId! }, signal }),
    enabled:
      !!runId && !!result.data && !running && result.data.run.video_ids.some((v) => v.startsWith('yt:')),
  })
  const history = useQuery(myAnalysesQuery(1))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (query.trim()) search.mutate(query.trim())
  }
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]))

  if (runId) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <PageHeader
          title="Sentiment result"
          description={result.data?.run.query ? `Search: “${result.data.run.query}”` : undefined}
          actions={
            <>
              <Button
                variant="secondary"
                onClick={() =>
                  setParams((p) => {
                    p.delete('run')
                    return p
                  })
                }
              >
                New analysis
              </Button>
              <Button loading={again.isPending} disabled={running} onClick={() => again.mutate(runId)}>
                Analyse again
              </Button>
            </>
          }
        />
        {failure(again.error) ? (
          <p role="alert" className="mb-4 text-sm text-danger">
            {failure(again.error)}
          </p>
        ) : null}
        {againPlan.data ? (
          <p
            className="mb-4 text-xs text-muted"
            data-testid="again-plan"
            title={againPlan.data.note ?? undefined}
          >
            Analysing again costs {againPlan.data.total_units}{' '}
            {againPlan.data.total_units === 1 ? 'unit' : 'units'} ({againPlan.data.video_units} for video
            statistics, {againPlan.data.comment_pages} comment{' '}
            {againPlan.data.comment_pages === 1 ? 'page' : 'pages'}) of{' '}
            {againPlan.data.left_today.toLocaleString()} left today. Videos whose comment count has not
            changed cost no comment page.
          </p>
        ) : null}
        {result.isPending ? (
          <LoadingBlock label="Loading the analysis…" />
        ) : result.error ? (
          <p role="alert" className="text-sm text-danger">
            {failure(result.error)}
          </p>
        ) : (
          <SentimentResultView
            run={result.data.run}
            comments={result.data.comments}
            exportButton={
              <ExportCsvButton
                route={exportSentiment}
                query={{ sentiment_id: result.data.run.id }}
                fileName="sentiment.csv"
              />
            }
          />
        )}
      </div>
    )
  }

  const videos = search.data?.videos ?? []
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageHeader
        title="Sentiment"
        description="How do viewers feel about these videos? Search, pick videos, and we read their comments (and the speech of your own videos)."
      />
      <Card>
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row">
          <TextInput
            aria-label="Search videos"
            placeholder="Search videos, e.g. cozy farming"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="flex-1"
          />
          <Button type="submit" loading={search.isPending}>
            Search
          </Button>
        </form>
        {failure(search.error) ? (
          <p role="alert" className="mt-3 text-sm text-danger">
            {failure(search.error)}
          </p>
        ) : null}
        {search.data?.mode === 'offline' ? (
          <div className="mt-3 flex flex-wrap items-center gap-3 text-xs text-muted">
            Showing your own videos only. Link your Google account to search YouTube.
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                user &&
                void startLink({ provider: 'youtube' }, user.id, `${window.location.origin}/sentiment`)
              }
            >
              Link Google
            </Button>
          </div>
        ) : null}
      </Card>

      {search.isSuccess ? (
        <section className="mt-6" aria-label="Search results">
          {videos.length ? (
            <div className="grid gap-2">
              {videos.map((v) => (
                <VideoPick key={v.id} v={v} picked={picked.includes(v.id)} onToggle={() => toggle(v.id)} />
              ))}
            </div>
          ) : (
            <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
              No videos match “{search.variables}”.
            </p>
          )}
        </section>
      ) : null}

      {picked.length ? (
        <Card
          className="mt-6"
          title="Quota plan"
          description="YouTube Data API units this run will spend, against what is left today"
        >
          {plan.data ? (
            <div className="flex flex-wrap items-center gap-4 text-sm">
              <span className="text-text">{picked.length} picked</span>
              <span className="text-muted">
                video details {plan.data.video_units} · comment pages {plan.data.comment_pages}
              </span>
              <span className="font-semibold text-text" data-testid="plan-total">
                {plan.data.total_units} units
              </span>
              <span className="text-muted">
                {plan.data.left_today.toLocaleString()} of {plan.data.daily_limit.toLocaleString()} left today
                · {plan.data.search_calls_left} searches left
              </span>
              {plan.data.fits ? null : (
                <Badge tone="warning">
                  More than is left today: the run will stop when the quota runs out
                </Badge>
              )}
            </div>
          ) : (
            <p className="text-sm text-muted">{failure(plan.error) ?? 'Planning…'}</p>
          )}
          <div className="mt-4 flex justify-end">
            <Button loading={run.isPending} onClick={() => run.mutate()}>
              Analyse {picked.length} {picked.length === 1 ? 'video' : 'videos'}
            </Button>
          </div>
          {failure(run.error) ? (
            <p role="alert" className="mt-3 text-sm text-danger">
              {failure(run.error)}
            </p>
          ) : null}
        </Card>
      ) : null}

      <Card className="mt-6" title="Your recent analyses">
        {history.data?.list.length ? (
          <ul className="divide-y divide-border">
            {history.data.list.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  onClick={() => open(r.id)}
                  className="flex w-full flex-wrap items-center gap-3 py-3 text-left hover:text-accent"
                >
                  <LabelBadge label={r.label} />
                  <span className="min-w-0 flex-1 truncate text-sm">
                    {r.query ?? r.videos.map((v) => v.title).join(', ')}
                  </span>
                  <span className="text-xs text-muted">
                    {r.video_ids.length} videos · {new Date(r.created_at).toLocaleString()}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">
            {history.isPending ? 'Loading…' : 'No analyses yet. Search for videos to start.'}
          </p>
        )}
      </Card>
    </div>
  )
}
