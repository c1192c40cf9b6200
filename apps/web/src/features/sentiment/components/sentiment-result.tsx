import type { ReactNode } from 'react'
import type { z } from 'zod'
import type {
  ScoredComment,
  SentimentLabel,
  SentimentResult as Result,
} from '@mouthpiece/contracts/sentiment/sentiment.schemas'
import { Badge, Card } from '../../../components/ui/card'
import { cn } from '../../../lib/cn'

type Run = z.infer<typeof Result>['run']
const TONE: Record<SentimentLabel, 'success' | 'neutral' | 'danger'> = {
  positive: 'success',
  neutral: 'neutral',
  negative: 'danger',
}
const BAR: Record<SentimentLabel, string> = {
  positive: 'bg-success',
  neutral: 'bg-[#4b5163]',
  negative: 'bg-danger',
}

export const LabelBadge = ({ label }: { label: SentimentLabel }) => <Badge tone={TONE[label]}>{label}</Badge>

/** Why a comment got its label: the words that scored, or the model's reason. */
export function Why({ c }: { c: ScoredComment }) {
  if (c.reason) return <span className="text-xs text-muted">{c.reason}</span>
  if (!c.words.length) return <span className="text-xs text-muted">no scored words</span>
  return (
    <span className="flex flex-wrap gap-1">
      {c.words.map((w, i) => (
        <span
          key={i}
          className={cn(
            'rounded px-1.5 py-0.5 text-xs',
            w.score > 0 ? 'bg-success/15 text-success' : 'bg-danger/15 text-danger',
          )}
        >
          {w.word} {w.score > 0 ? `+${w.score}` : w.score}
        </span>
      ))}
    </span>
  )
}

export function CommentRow({ c, from }: { c: ScoredComment; from?: SentimentLabel }) {
  return (
    <li className="border-b border-border py-3 last:border-0">
      <div className="flex flex-wrap items-center gap-2">
        {from ? (
          <>
            <LabelBadge label={from} />
            <span className="text-muted">→</span>
          </>
        ) : null}
        <LabelBadge label={c.label} />
        <span className="text-xs text-muted">
          {c.author}
          {c.published_at ? ` · ${c.published_at.slice(0, 10)}` : ''} · score {c.score}
        </span>
      </div>
      <p className="mt-1 text-sm text-text">{c.text}</p>
      <div className="mt-1">
        <Why c={c} />
      </div>
    </li>
  )
}

function Split({ counts }: { counts: Run['counts'] }) {
  const total = counts.positive + counts.neutral + counts.negative || 1
  return (
    // A picture of the split: its name says the counts (a plain div may not carry a name).
    <div
      role="img"
      className="flex h-3 overflow-hidden rounded-full bg-[#1b1f2a]"
      aria-label={`${counts.positive} positive, ${counts.neutral} neutral, ${counts.negative} negative`}
    >
      {(['positive', 'neutral', 'negative'] as const).map((l) => (
        <span key={l} className={BAR[l]} style={{ width: `${(counts[l] / total) * 100}%` }} />
      ))}
    </div>
  )
}

/** "Oct 11" for a YYYY-MM-DD day (read as that calendar day, whatever the time zone). */
export const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

/** The days the axis names: the first and the last, and up to three evenly between (room on a phone). */
function axisDays(days: Run['timeline']): Set<number> {
  const last = days.length - 1
  const step = Math.max(1, Math.ceil(last / 4))
  const shown = new Set<number>([0, last])
  for (let i = step; i <= last - step * 0.75; i += step) shown.add(i)
  return shown
}

function Timeline({ days }: { days: Run['timeline'] }) {
  if (!days.length) return <p className="text-sm text-muted">No dated comments.</p>
  const max = Math.max(1, ...days.map((d) => d.positive + d.neutral + d.negative))
  const labelled = axisDays(days)
  return (
    <figure>
      <div className="flex gap-2">
        <div
          className="flex h-36 flex-col justify-between text-right text-[11px] text-muted tabular-nums"
          aria-hidden="true"
        >
          <span>{max}</span>
          <span>0</span>
        </div>
        <div className="min-w-0 flex-1">
          <div
            className="flex h-36 items-end gap-1 border-b border-border"
            role="img"
            aria-label={`Comments by day, ${shortDay(days[0]!.day)} to ${shortDay(days.at(-1)!.day)}: ${days.map((d) => `${shortDay(d.day)} ${d.positive} positive, ${d.neutral} neutral, ${d.negative} negative`).join('; ')}`}
          >
            {days.map((d) => (
              <div
                key={d.day}
                title={`${d.day}: ${d.positive} positive, ${d.neutral} neutral, ${d.negative} negative`}
                className="flex h-full min-w-0 flex-1 flex-col justify-end"
              >
                <div
                  className="flex flex-col-reverse overflow-hidden rounded-t-sm"
                  style={{ height: `${((d.positive + d.neutral + d.negative) / max) * 100}%` }}
                >
                  <span className="bg-success" style={{ flexGrow: d.positive }} />
                  <span className="bg-[#4b5163]" style={{ flexGrow: d.neutral }} />
                  <span className="bg-danger" style={{ flexGrow: d.negative }} />
                </div>
              </div>
            ))}
          </div>
          <div
            className="mt-1 flex gap-1 text-[11px] text-muted"
            aria-hidden="true"
            data-testid="timeline-axis"
          >
            {days.map((d, i) => (
              <span key={d.day} className="min-w-0 flex-1 overflow-visible text-center whitespace-nowrap">
                {labelled.has(i) ? shortDay(d.day) : ''}
              </span>
            ))}
          </div>
        </div>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-3 text-xs text-muted">
        <span className="flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-success" /> positive
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-[#4b5163]" /> neutral
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-danger" /> negative
        </span>
      </figcaption>
    </figure>
  )
}

/** A video's split in words: "31 positive · 12 neutral · 24 negative". */
export function CountsText({ counts }: { counts: Run['counts'] }) {
  return (
    <span className="w-full text-xs text-muted tabular-nums sm:w-auto" data-testid="video-counts">
      <span className="text-success">{counts.positive} positive</span> · {counts.neutral} neutral ·{' '}
      <span className="text-danger">{counts.negative} negative</span>
    </span>
  )
}

const STAGE = { reading: 'Reading comments', labelling: 'Labelling', saving: 'Saving the result' } as const

/** A queued or running analysis: where it is, as the socket (or polling) reports it. */
export function RunProgressCard({ run }: { run: Run }) {
  const p = run.progress
  const pct = p && p.total ? Math.round((p.done / p.total) * 100) : 0
  const what =
    !p || run.status === 'queued'
      ? 'Waiting for a free worker…'
      : p.stage === 'reading'
        ? `${STAGE.reading}: ${p.done} of ${p.total} videos`
        : p.stage === 'labelling'
          ? `${STAGE.labelling}: ${p.done.toLocaleString()} of ${p.total.toLocaleString()} comments`
          : STAGE.saving
  return (
    <Card
      title="Analysing…"
      description={`${run.video_ids.length} ${run.video_ids.length === 1 ? 'video' : 'videos'} · you can leave this page; the result stays in your analyses`}
    >
      <p className="text-sm text-text" data-testid="run-progress">
        {what}
      </p>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-[#1b1f2a]"
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span
          className="block h-full bg-accent transition-[width] duration-300"
          style={{ width: `${run.status === 'queued' ? 2 : Math.max(2, pct)}%` }}
        />
      </div>
    </Card>
  )
}

/**
 * One analysis: the overall split, per-video results, what changed, top comments, themes, timeline,
 * every comment. The engine and lexicon version are for admins (`admin`); creators see the counts.
 * `exportButton` downloads the analysis as CSV.
 */
export function SentimentResultView({
  run,
  comments,
  admin = false,
  exportButton,
}: {
  run: Run
  comments: ScoredComment[]
  admin?: boolean
  exportButton?: ReactNode
}) {
  if (run.status === 'queued' || run.status === 'running') return <RunProgressCard run={run} />
  const total = run.counts.positive + run.counts.neutral + run.counts.negative
  return (
    <div className="space-y-6">
      {run.status !== 'completed' ? (
        <div
          role="alert"
          className="rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-warning"
        >
          {run.message}
        </div>
      ) : null}
      <Card
        title="Overall"
        description={
          admin
            ? `${total} comments · engine ${run.engine}${run.model ? ` (${run.model})` : ''} · lexicon ${run.lexicon_version} · ${run.quota_units} quota units`
            : `${total} comments from ${run.videos.length} ${run.videos.length === 1 ? 'video' : 'videos'} · ${run.quota_units} quota units`
        }
        actions={exportButton}
      >
        <div className="flex flex-wrap items-center gap-3">
          <LabelBadge label={run.label} />
          <span className="text-2xl font-semibold text-text tabular-nums">{run.score}</span>
          <span className="text-sm text-muted">
            {run.counts.positive} positive · {run.counts.neutral} neutral · {run.counts.negative} negative
          </span>
        </div>
        <div className="mt-3">
          <Split counts={run.counts} />
        </div>
      </Card>
      {run.diff ? (
        <Card title="What changed since the last run">
          {run.diff.unchanged ? (
            <p className="text-sm text-muted">
              Nothing changed: no new or edited comments, so nothing was sent to the engine again.
            </p>
          ) : (
            <>
              <p className="text-sm text-muted">
                {run.diff.flipped.length} flipped · {run.diff.new_comments.length} new · {run.diff.removed}{' '}
                removed
              </p>
              <ul aria-label="Flipped comments">
                {run.diff.flipped.map((f) => (
                  <CommentRow key={f.comment.id} c={f.comment} from={f.from} />
                ))}
              </ul>
              <ul aria-label="New comments">
                {run.diff.new_comments.map((c) => (
                  <CommentRow key={c.id} c={c} />
                ))}
              </ul>
            </>
          )}
        </Card>
      ) : null}
      <Card title="Videos">
        <ul className="divide-y divide-border">
          {run.videos.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center gap-3 py-3">
              <LabelBadge label={v.label} />
              <span className="min-w-0 flex-1 truncate text-sm text-text">{v.title}</span>
              <CountsText counts={v.counts} />
              {v.note ? <Badge tone="warning">{v.note}</Badge> : null}
            </li>
          ))}
        </ul>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Top positive">
          <ul>
            {run.top_positive.map((c) => (
              <CommentRow key={c.id} c={c} />
            ))}
          </ul>
          {run.top_positive.length ? null : <p className="text-sm text-muted">None.</p>}
        </Card>
        <Card title="Top negative">
          <ul>
            {run.top_negative.map((c) => (
              <CommentRow key={c.id} c={c} />
            ))}
          </ul>
          {run.top_negative.length ? null : <p className="text-sm text-muted">None.</p>}
        </Card>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Themes" description="Frequent terms and their average score">
          <div className="flex flex-wrap gap-2">
            {run.themes.map((t) => (
              <Badge key={t.term} tone={t.score > 0.05 ? 'success' : t.score < -0.05 ? 'danger' : 'neutral'}>
                {t.term} · {t.count}
              </Badge>
            ))}
            {run.themes.length ? null : <p className="text-sm text-muted">Not enough comments for themes.</p>}
          </div>
        </Card>
        <Card title="Timeline" description="Comments by day">
          <Timeline days={run.timeline} />
        </Card>
      </div>
      <Card title={`All comments (${comments.length})`}>
        <ul className="max-h-[32rem] overflow-y-auto">
          {comments.slice(0, 500).map((c) => (
            <CommentRow key={c.id} c={c} />
          ))}
        </ul>
      </Card>
    </div>
  )
}
