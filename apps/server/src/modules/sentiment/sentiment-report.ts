import { createHash } from 'node:crypto'
import type {
  ScoredComment,
  SentimentLabel,
  SentimentRun,
} from '@mouthpiece/contracts/sentiment/sentiment.schemas'
import { labelOf } from './engines/engine'
import type { RunSummary } from './sentiment.table'

export interface VideoMeta {
  id: string
  title: string
  note: string | null
}

const TOP = 5
const THEMES = 15
/** Words too common to be a theme. */
const STOP = new Set(
  (
    'a an the and or but if of to in on at for with from by is are was were be been being it its this that these those i me my ' +
    'you your he she they them we our us his her their im ive dont cant its just so very really too also not no yes do does did have has had ' +
    'what who how when where why which there here than then as about all any some more most much can could would should will one get got like ' +
    'lol video videos watch watching youtube channel make made go going know think im thats'
  ).split(' '),
)
const WORD = /[\p{L}\p{N}']{3,}/gu

const emptyCounts = () => ({ positive: 0, neutral: 0, negative: 0 })
const round = (n: number) => Math.round(n * 1000) / 1000
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0)

/** A stable fingerprint of what a run saw: ids and texts, in id order. Same hash → nothing new arrived. */
export function snapshotHash(items: Array<{ id: string; text: string }>): string {
  const h = createHash('sha256')
  for (const c of [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    h.update(c.id).update('\0').update(c.text).update('\n')
  return h.digest('hex')
}

function themes(comments: ScoredComment[]) {
  const terms = new Map<string, { count: number; score: number }>()
  for (const c of comments) {
    const seen = new Set<string>()
    for (const m of c.text.toLowerCase().matchAll(WORD)) {
      const term = m[0].replace(/'/g, '')
      if (STOP.has(term) || seen.has(term)) continue
      seen.add(term)
      const t = terms.get(term) ?? { count: 0, score: 0 }
      t.count++
      t.score += c.score
      terms.set(term, t)
    }
  }
  return [...terms]
    .filter(([, t]) => t.count > 1)
    .sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
    .slice(0, THEMES)
    .map(([term, t]) => ({ term, count: t.count, score: round(t.score / t.count) }))
}

function timeline(comments: ScoredComment[]) {
  const days = new Map<string, { positive: number; neutral: number; negative: number; scores: number[] }>()
  for (const c of comments) {
    if (!c.published_at) continue
    const day = c.published_at.slice(0, 10)
    const d = days.get(day) ?? { ...emptyCounts(), scores: [] }
    d[c.label]++
    d.scores.push(c.score)
    days.set(day, d)
  }
  return [...days]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([day, d]) => ({
      day,
      positive: d.positive,
      neutral: d.neutral,
      negative: d.negative,
      score: round(mean(d.scores)),
    }))
}

/** Per video and overall: counts, mean score, label; top comments; themes; the timeline by day. */
export function summarise(comments: ScoredComment[], videos: VideoMeta[]): RunSummary {
  const counts = emptyCounts()
  const perVideo = new Map(videos.map((v) => [v.id, { counts: emptyCounts(), scores: [] as number[] }]))
  for (const c of comments) {
    counts[c.label]++
    const v = perVideo.get(c.video_id)
    if (!v) continue
    v.counts[c.label]++
    v.scores.push(c.score)
  }
  const score = round(mean(comments.map((c) => c.score)))
  const byScore = [...comments].sort((a, b) => b.score - a.score)
  return {
    label: labelOf(score),
    score,
    counts,
    videos: videos.map((v) => {
      const s = perVideo.get(v.id)!
      const vs = round(mean(s.scores))
      return { id: v.id, title: v.title, label: labelOf(vs), score: vs, counts: s.counts, note: v.note }
    }),
    top_positive: byScore.filter((c) => c.label === 'positive').slice(0, TOP),
    top_negative: byScore
      .filter((c) => c.label === 'negative')
      .reverse()
      .slice(0, TOP),
    themes: themes(comments),
    timeline: timeline(comments),
  }
}

/** What changed since the previous run: comments whose label flipped, comments that are new, and how many went away. */
export function diffRuns(
  previousId: string,
  before: Array<{ comment_id: string; label: SentimentLabel }>,
  after: ScoredComment[],
  unchanged: boolean,
): NonNullable<SentimentRun['diff']> {
  const old = new Map(before.map((c) => [c.comment_id, c.label]))
  const flipped: Array<{ comment: ScoredComment; from: SentimentLabel }> = []
  const fresh: ScoredComment[] = []
  for (const c of after) {
    const was = old.get(c.id)
    if (was === undefined) fresh.push(c)
    else if (was !== c.label) flipped.push({ comment: c, from: was })
  }
  const now = new Set(after.map((c) => c.id))
  return {
    previous_id: previousId,
    unchanged,
    flipped: flipped.slice(0, 200),
    new_comments: fresh.slice(0, 200),
    removed: before.filter((c) => !now.has(c.comment_id)).length,
  }
}
