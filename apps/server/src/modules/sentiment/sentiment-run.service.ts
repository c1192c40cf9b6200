import type {
  RunProgress,
  ScoredComment,
  SentimentRun,
} from '@mouthpiece/contracts/sentiment/sentiment.schemas'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { AppError, notFound } from '../../platform/http/errors'
import type { Queryable } from '../../platform/db/client'
import type { Verdict } from './engines/engine'
import { diffRuns, snapshotHash, summarise } from './sentiment-report'
import { pickEngine } from './sentiment-engine.service'
import { ownItems, youtubeItems } from './sentiment-read.service'
import type { Item, Prior } from './sentiment-read.service'
import { youtubeFor } from './sentiment-youtube.service'
import * as repo from './sentiment.repo'
import type { RunRow } from './sentiment.repo'
import { SENTIMENT_QUEUE } from './sentiment.queues'
import type { SentimentDeps } from './sentiment.deps'

/** Labels go to the engine in slices, so progress moves during a 20,000-comment run. */
const LABEL_SLICE = 2000
/** Progress reaches the database (for polling) and the socket at most this often, and at every stage change. */
const PROGRESS_EVERY_MS = 250

export async function assertAllowed(deps: SentimentDeps, userId: number) {
  if (await repo.isBlacklisted(deps.db, userId))
    throw new AppError(
      'analysis_blocked',
      'Your account cannot run sentiment analyses. Please contact support.',
      403,
    )
}

async function announce(
  deps: SentimentDeps,
  run: Pick<RunRow, 'id' | 'user_id' | 'status' | 'progress'>,
  tx?: Queryable,
) {
  await deps.realtime.emitToUser(
    run.user_id,
    RealtimeEvent.sentiment,
    { sentiment_id: run.id, status: run.status, progress: run.progress ?? null },
    { tx },
  )
}

/**
 * SPEC §7 analyze / analyze-again: checks what can be checked at once (blacklist, a Google link for
 * YouTube videos), stores the run as queued and hands it to the queue in the same transaction. The
 * creator follows it on their socket (`sentiment-event`) or by polling get.
 */
export async function startAnalysis(
  deps: SentimentDeps,
  userId: number,
  body: { selected_video_ids: string[]; query?: string },
  previous?: RunRow,
) {
  await assertAllowed(deps, userId)
  const ids = [...new Set(body.selected_video_ids)]
  if (ids.some((id) => id.startsWith('yt:')) && !(await youtubeFor(deps, userId)))
    throw new AppError(
      'youtube_not_linked',
      'Link your Google account (YouTube) in donation settings to analyse YouTube videos.',
      409,
    )
  const engine = await pickEngine(deps, previous?.setting)
  const progress: RunProgress = { stage: 'reading', done: 0, total: ids.length }
  const run = await deps.db.transaction(async (tx) => {
    const row = await repo.insertRun(tx, {
      user_id: userId,
      query: body.query ?? previous?.query ?? null,
      video_ids: ids,
      snapshot_hash: '',
      engine: engine.name,
      prompt: engine.prompt,
      model: engine.model,
      lexicon_version: engine.name === 'lexicon' ? engine.version : (previous?.lexicon_version ?? 'n/a'),
      status: 'queued',
      progress,
      message: null,
      quota_units: 0,
      summary: summarise(
        [],
        ids.map((id) => ({ id, title: id, note: null })),
      ),
      diff: null,
      previous_id: previous?.id ?? null,
      setting: previous?.setting ?? null,
    })
    await deps.queue.send(SENTIMENT_QUEUE, { runId: row.id }, { tx })
    await announce(deps, row, tx)
    return row
  })
  deps.queue.wake(SENTIMENT_QUEUE)
  return { sentiment_id: run.id, status: run.status }
}

export async function startAnalysisAgain(deps: SentimentDeps, userId: number, id: string) {
  const previous = await repo.findRun(deps.db, id)
  if (!previous || previous.user_id !== userId) throw notFound('Analysis')
  if (previous.status === 'queued' || previous.status === 'running')
    throw new AppError(
      'analysis_running',
      'This analysis is still running. Analyse it again once it has finished.',
      409,
    )
  return startAnalysis(deps, userId, { selected_video_ids: previous.video_ids }, previous)
}

function priorOf(
  previous: RunRow | undefined,
  before: Awaited<ReturnType<typeof repo.runComments>>,
): Prior | null {
  if (!previous?.comment_counts) return null
  const comments = new Map<string, typeof before>()
  for (const c of before)
    if (c.kind === 'comment') comments.set(c.video_id, [...(comments.get(c.video_id) ?? []), c])
  return {
    counts: previous.comment_counts,
    comments,
    notes: new Map(previous.summary.videos.map((v) => [v.id, v.note])),
  }
}

/**
 * The job: reads what the videos hold now (an analyse-again reads only what changed), hashes it,
 * labels it and stores the result. Against a previous run with the same engine only comments that
 * are new or edited go to the engine (the LLM is not called at all when nothing changed), and the
 * result shows what flipped and what is new. Any failure ends the run as failed with its message.
 */
export async function runAnalysis(deps: SentimentDeps, runId: string): Promise<void> {
  const run = await repo.findRun(deps.db, runId)
  if (!run || run.status !== 'queued') return
  let last = 0
  const report = async (progress: RunProgress, force = false) => {
    if (!force && Date.now() - last < PROGRESS_EVERY_MS) return
    last = Date.now()
    await repo.updateRun(deps.db, runId, { status: 'running', progress })
    await announce(deps, { ...run, status: 'running', progress })
  }
  try {
    await report({ stage: 'reading', done: 0, total: run.video_ids.length }, true)
    await work(deps, run, report)
  } catch (err) {
    const message =
      err instanceof AppError
        ? err.message.split('#')[0]!
        : 'The analysis failed unexpectedly. Please try again.'
    if (!(err instanceof AppError)) console.error('[sentiment] run failed', runId, err)
    const [failed] = await repo.updateRun(deps.db, runId, { status: 'failed', progress: null, message })
    if (failed) await announce(deps, failed)
  }
}

async function work(
  deps: SentimentDeps,
  run: RunRow,
  report: (p: RunProgress, force?: boolean) => Promise<void>,
) {
  const previous = run.previous_id ? await repo.findRun(deps.db, run.previous_id) : undefined
  const engine = await pickEngine(deps, previous?.setting)
  const ids = run.video_ids
  let units = 0
  let read = 0
  const own = await ownItems(
    deps,
    run.user_id,
    ids.filter((id) => id.startsWith('mp:')).map((id) => id.slice(3)),
  )
  read += own.videos.length
  const before = previous ? await repo.runComments(deps.db, previous.id) : []
  const ytIds = ids.filter((id) => id.startsWith('yt:')).map((id) => id.slice(3))
  const yt = ytIds.length
    ? await youtubeItems(
        deps,
        run.user_id,
        ytIds,
        priorOf(previous, before),
        (u) => {
          units += u
        },
        () => void report({ stage: 'reading', done: ++read, total: ids.length }),
      )
    : { videos: [], items: [], counts: {}, stopped: null }
  const videos = [...own.videos, ...yt.videos]
  const items: Item[] = [...own.items, ...yt.items]

  const hash = snapshotHash(items)
  const sameEngine =
    previous &&
    previous.engine === engine.name &&
    (engine.name === 'lexicon'
      ? previous.lexicon_version === engine.version
      : previous.model === engine.model && previous.prompt === engine.prompt)
  const known = new Map(sameEngine ? before.map((c) => [c.comment_id, c]) : [])
  const todo = items.filter((i) => known.get(i.id)?.text !== i.text)
  const verdicts: Verdict[] = []
  await report({ stage: 'labelling', done: 0, total: todo.length }, true)
  try {
    for (let i = 0; i < todo.length; i += LABEL_SLICE) {
      verdicts.push(...(await engine.label(todo.slice(i, i + LABEL_SLICE))))
      await report({ stage: 'labelling', done: verdicts.length, total: todo.length })
    }
  } catch (err) {
    throw new AppError('engine_failed', `The sentiment engine failed: ${(err as Error).message}`, 502)
  }
  await report({ stage: 'saving', done: 0, total: items.length }, true)
  const fresh = new Map(todo.map((item, i) => [item.id, verdicts[i]!]))
  const scored: ScoredComment[] = items.map((item) => {
    const v = fresh.get(item.id) ?? known.get(item.id)!
    return { ...item, label: v.label, score: v.score, words: v.words, reason: v.reason }
  })
  const fields: Partial<RunRow> & Pick<SentimentRun, 'status'> = {
    snapshot_hash: hash,
    engine: engine.name,
    prompt: engine.prompt,
    model: engine.model,
    lexicon_version: engine.name === 'lexicon' ? engine.version : (previous?.lexicon_version ?? 'n/a'),
    status: yt.stopped ? 'partial' : 'completed',
    progress: null,
    message: yt.stopped ? `${yt.stopped} The run stopped there and kept what it had analysed.` : null,
    quota_units: units,
    summary: summarise(scored, videos),
    comment_counts: yt.counts,
    diff: previous
      ? diffRuns(previous.id, before, scored, previous.snapshot_hash === hash && todo.length === 0)
      : null,
  }
  await deps.db.transaction(async (tx) => {
    const [done] = await repo.updateRun(tx, run.id, fields)
    await repo.insertComments(
      tx,
      run.id,
      scored.map((c) => ({
        comment_id: c.id,
        video_id: c.video_id,
        kind: c.kind,
        author: c.author,
        text: c.text,
        published_at: c.published_at,
        label: c.label,
        score: c.score,
        words: c.words,
        reason: c.reason,
      })),
    )
    if (done) await announce(deps, done, tx)
  })
}
