import type { FoundVideo, QuotaPlan } from '@mouthpiece/contracts/sentiment/sentiment.schemas'
import {
  countYoutubeSearch,
  spendYoutubeQuota,
  youtubeQuotaUsed,
  youtubeSearchesToday,
} from '../../platform/google/youtube-quota.repo'
import { AppError } from '../../platform/http/errors'
import { SourceAuthError } from '../../platform/http/upstream'
import { googleTokenAccess } from '../donations'
import type { SentimentDeps } from './sentiment.deps'
import { COMMENTS_PER_PAGE, YT_COST, YoutubeError, youtubeData } from './sources/youtube-data'
import type { YoutubeAuth, YtVideo } from './sources/youtube-data'

export const QUOTA_MESSAGE = 'The YouTube API quota for today is used up. It resets at midnight Pacific time.'

/** Video details seen by a search, so the planner needs no extra call (an hour is plenty between search and run). */
const seen = new Map<string, { video: YtVideo; at: number }>()
const SEEN_MS = 3_600_000
export function remember(videos: YtVideo[]) {
  const now = Date.now()
  for (const v of videos) seen.set(v.id, { video: v, at: now })
  if (seen.size > 5000) for (const [id, s] of seen) if (now - s.at > SEEN_MS) seen.delete(id)
}
export const recall = (id: string) => {
  const s = seen.get(id)
  return s && Date.now() - s.at < SEEN_MS ? s.video : undefined
}

/**
 * A YouTube Data client acting as the creator (their linked Google account) or with the server's
 * API key; null when neither exists (offline: own videos only). Every call is charged to the shared
 * daily ledger first, and refused by us once the ledger says the day's quota is spent.
 */
export async function youtubeFor(deps: SentimentDeps, userId: number, onSpend?: (units: number) => void) {
  const google = await googleTokenAccess(deps.google, userId)
  const auth: YoutubeAuth | null = google
    ? { kind: 'oauth', accessToken: google.accessToken, refreshAccessToken: google.refreshAccessToken }
    : deps.config.YOUTUBE_API_KEY
      ? { kind: 'key', key: deps.config.YOUTUBE_API_KEY }
      : null
  if (!auth) return null
  const limit = deps.google.config.YOUTUBE_DAILY_QUOTA
  return youtubeData(deps.google.config.YOUTUBE_API_URL, auth, async (units) => {
    const used = await spendYoutubeQuota(deps.db, units)
    if (used > limit) {
      await spendYoutubeQuota(deps.db, -units)
      throw new YoutubeError(QUOTA_MESSAGE, 403, 'quotaExceeded')
    }
    onSpend?.(units)
  })
}

/** search.list also counts in the separate search bucket. */
export async function searchYoutube(
  deps: SentimentDeps,
  userId: number,
  query: string,
): Promise<FoundVideo[] | null> {
  const yt = await youtubeFor(deps, userId)
  if (!yt) return null
  if ((await youtubeSearchesToday(deps.db)) >= deps.config.YOUTUBE_SEARCH_DAILY_CALLS)
    throw new AppError(
      'quota_exceeded',
      `YouTube searches for today are used up (${deps.config.YOUTUBE_SEARCH_DAILY_CALLS} a day). They reset at midnight Pacific time.`,
      429,
    )
  try {
    const ids = await yt.search(query)
    await countYoutubeSearch(deps.db)
    const videos = await yt.videos(ids)
    remember(videos)
    return videos.map((v) => ({
      id: `yt:${v.id}`,
      source: 'youtube',
      title: v.title,
      channel: v.channel,
      published_at: v.publishedAt,
      thumbnail: v.thumbnail,
      comment_count: v.commentCount,
      own: false,
    }))
  } catch (err) {
    throw youtubeAppError(err)
  }
}

export function youtubeAppError(err: unknown): unknown {
  if (err instanceof YoutubeError) {
    if (err.reason === 'quotaExceeded') return new AppError('quota_exceeded', QUOTA_MESSAGE, 429)
    return new AppError('youtube_error', `YouTube refused the request: ${err.message}`, 502)
  }
  if (err instanceof AppError) return err
  if (err instanceof SourceAuthError) return new AppError('google_relink', err.message, 409)
  return new AppError(
    'youtube_unavailable',
    `YouTube did not answer. Please try again in a moment.#${(err as Error).message}`,
    502,
  )
}

/** The units a run will spend: videos.list per 50 ids, one unit per 100 comments (the counts videos.list gave). */
export const AGAIN_NOTE =
  'Analyse again first reads the statistics of all the videos (videos.list: 1 unit per 50 videos). ' +
  'A video whose comment count has not changed costs no comment page; a changed one costs 1 unit per 100 new comments, read newest first until the known ones. ' +
  'If comments were deleted, that video is read again in full (1 unit per 100 comments).'

/**
 * The quota a run will spend: videos.list (1 unit per 50 videos) plus 1 unit per comment page of
 * 100, from the counts a search saw (a video not seen counts one page). With `counts` (analyse
 * again: what the last run read), a video whose count a recent search saw unchanged costs no page
 * and a changed one the pages of its new comments only; the note says so.
 */
export async function planQuota(
  deps: SentimentDeps,
  videoIds: string[],
  search = false,
  counts?: Record<string, number>,
): Promise<QuotaPlan> {
  const yt = videoIds.filter((id) => id.startsWith('yt:')).map((id) => id.slice(3))
  const pages = (n: number) => Math.max(1, Math.ceil(n / COMMENTS_PER_PAGE))
  const commentPages = yt.reduce((n, id) => {
    const now = recall(id)?.commentCount
    const before = counts?.[id]
    if (before === undefined) return n + pages(now ?? COMMENTS_PER_PAGE)
    if (now === undefined || now === null || now === before) return n
    return n + (now > before ? pages(now - before) : pages(now))
  }, 0)
  const videoUnits = Math.ceil(yt.length / 50) * YT_COST.videos
  const searchUnits = search ? YT_COST.search : 0
  const [used, searches] = await Promise.all([youtubeQuotaUsed(deps.db), youtubeSearchesToday(deps.db)])
  const limit = deps.google.config.YOUTUBE_DAILY_QUOTA
  const total = searchUnits + videoUnits + commentPages * YT_COST.commentThreads
  const left = Math.max(0, limit - used)
  return {
    search_units: searchUnits,
    video_units: videoUnits,
    comment_pages: commentPages,
    total_units: total,
    left_today: left,
    daily_limit: limit,
    search_calls_left: Math.max(0, deps.config.YOUTUBE_SEARCH_DAILY_CALLS - searches),
    fits: total <= left,
    note: counts && yt.length ? AGAIN_NOTE : null,
  }
}
