import type {
  FoundVideo,
  ScoredComment,
  SentimentRun,
} from '@mouthpiece/contracts/sentiment/sentiment.schemas'
import { toCsv } from '../../platform/http/csv'
import type { CsvCell } from '../../platform/http/csv'
import { notFound } from '../../platform/http/errors'
import { assertAllowed } from './sentiment-run.service'
import { planQuota, searchYoutube } from './sentiment-youtube.service'
import { searchUserVideos } from '../renders'
import { userNamesByIds } from '../users'
import * as repo from './sentiment.repo'
import type { CommentRow, RunRow } from './sentiment.repo'
import type { SentimentDeps } from './sentiment.deps'

export function presentRun(row: RunRow): SentimentRun {
  return {
    id: row.id,
    user_id: row.user_id,
    query: row.query,
    video_ids: row.video_ids,
    snapshot_hash: row.snapshot_hash,
    engine: row.engine,
    prompt: row.prompt,
    model: row.model,
    lexicon_version: row.lexicon_version,
    status: row.status,
    message: row.message,
    quota_units: row.quota_units,
    progress: row.progress ?? null,
    ...row.summary,
    diff: row.diff ?? null,
    created_at: row.created_at.toISOString(),
  }
}
const presentComment = (c: CommentRow): ScoredComment => ({
  id: c.comment_id,
  video_id: c.video_id,
  author: c.author,
  text: c.text,
  published_at: c.published_at,
  kind: c.kind,
  label: c.label,
  score: c.score,
  words: c.words,
  reason: c.reason,
})

export async function result(deps: SentimentDeps, id: string, userId?: number) {
  const run = await repo.findRun(deps.db, id)
  if (!run || (userId !== undefined && run.user_id !== userId)) throw notFound('Analysis')
  return { run: presentRun(run), comments: (await repo.runComments(deps.db, id)).map(presentComment) }
}

export const SENTIMENT_CSV_HEADER = [
  'row',
  'video_id',
  'video_title',
  'comment_id',
  'kind',
  'author',
  'published_at',
  'label',
  'score',
  'positive',
  'neutral',
  'negative',
  'why',
  'text',
]

/**
 * One analysis as a single spreadsheet table: the overall row first (label, score, counts), then
 * a row a video, then a row a comment with its label, score and why (the scored words or the
 * model's reason).
 */
export function resultCsv({ run, comments }: Awaited<ReturnType<typeof result>>): string {
  const titles = new Map(run.videos.map((v) => [v.id, v.title]))
  const c = run.counts
  const rows: CsvCell[][] = [
    [
      'overall',
      '',
      '',
      '',
      '',
      '',
      run.created_at,
      run.label,
      run.score,
      c.positive,
      c.neutral,
      c.negative,
      '',
      `${comments.length} comments`,
    ],
    ...run.videos.map((v): CsvCell[] => [
      'video',
      v.id,
      v.title,
      '',
      '',
      '',
      '',
      v.label,
      v.score,
      v.counts.positive,
      v.counts.neutral,
      v.counts.negative,
      v.note ?? '',
      '',
    ]),
    ...comments.map((m): CsvCell[] => [
      'comment',
      m.video_id,
      titles.get(m.video_id) ?? '',
      m.id,
      m.kind,
      m.author,
      m.published_at,
      m.label,
      m.score,
      '',
      '',
      '',
      m.reason ?? m.words.map((w) => `${w.word} ${w.score > 0 ? '+' : ''}${w.score}`).join('; '),
      m.text,
    ]),
  ]
  return toCsv(SENTIMENT_CSV_HEADER, rows)
}

/** SPEC §7 search-video: YouTube when the creator linked Google (or the server has a key), plus their own videos always. */
export async function search(deps: SentimentDeps, userId: number, query: string) {
  const own = (await searchUserVideos(deps.db, userId, query)).map((r): FoundVideo => ({
    id: `mp:${r.id}`,
    source: 'mouthpiece',
    title: r.title,
    channel: 'Mouthpiece',
    published_at: r.created_at.toISOString(),
    thumbnail: null,
    comment_count: null,
    own: true,
  }))
  const yt = await searchYoutube(deps, userId, query)
  return {
    videos: [...own, ...(yt ?? [])],
    mode: yt ? ('youtube' as const) : ('offline' as const),
    plan: await planQuota(deps, [], !!yt),
  }
}

/** The quota a run will spend; for an analyse-again (sentiment_id), what reading only the changes costs. */
export async function plan(
  deps: SentimentDeps,
  userId: number,
  body: { selected_video_ids?: string[]; sentiment_id?: string },
) {
  await assertAllowed(deps, userId)
  if (!body.sentiment_id) return planQuota(deps, body.selected_video_ids ?? [])
  const previous = await repo.findRun(deps.db, body.sentiment_id)
  if (!previous || previous.user_id !== userId) throw notFound('Analysis')
  return planQuota(deps, previous.video_ids, false, previous.comment_counts ?? undefined)
}

export async function history(deps: SentimentDeps, opts: { userId?: number; page: number; limit: number }) {
  const { rows, total } = await repo.pageRuns(deps.db, opts)
  const people = await userNamesByIds(
    deps.db,
    rows.map((r) => r.user_id),
  )
  return {
    // A run goes with its user (a cascade), so each has a name.
    list: rows.map((r) => ({ ...presentRun(r), username: people.get(r.user_id)?.username ?? '' })),
    total,
    lastPage: Math.max(1, Math.ceil(total / opts.limit)),
  }
}
