import type { ScoredComment } from '@mouthpiece/contracts/sentiment/sentiment.schemas'
import { AppError } from '../../platform/http/errors'
import type { TextItem } from './engines/engine'
import type { VideoMeta } from './sentiment-report'
import { QUOTA_MESSAGE, remember, youtubeAppError, youtubeFor } from './sentiment-youtube.service'
import { userVideosByIds } from '../renders'
import type { CommentRow } from './sentiment.repo'
import type { SentimentDeps } from './sentiment.deps'
import { YoutubeError } from './sources/youtube-data'
import type { YtComment } from './sources/youtube-data'

export type Item = TextItem & Omit<ScoredComment, 'id' | 'text' | 'label' | 'score' | 'words' | 'reason'>

/** What the previous run of an analyse-again already read: per video its comment count, its comments and its note. */
export interface Prior {
  counts: Record<string, number>
  comments: Map<string, CommentRow[]>
  notes: Map<string, string | null>
}

/** What a read produced: the videos with their notes, the items, the counts to record, and why it stopped (quota). */
export interface ReadResult {
  videos: VideoMeta[]
  items: Item[]
  counts: Record<string, number>
  stopped: string | null
}

export const NOTE = {
  disabled: 'Comments are turned off on this video; skipped',
  notFound: 'Video not found on YouTube',
  cutShort: 'Cut short: quota used up',
  notRead: 'Not analysed: quota used up',
} as const

/** The creator's own video: its script, sentence by sentence (our transcript of what the avatar says). */
export async function ownItems(
  deps: SentimentDeps,
  userId: number,
  ids: string[],
): Promise<Pick<ReadResult, 'videos' | 'items'>> {
  const rows = new Map((await userVideosByIds(deps.db, userId, ids)).map((r) => [r.id, r]))
  const videos: VideoMeta[] = []
  const items: Item[] = []
  for (const id of ids) {
    const r = rows.get(id)
    videos.push({ id: `mp:${id}`, title: r?.title ?? id, note: r ? null : 'Not found among your videos' })
    if (!r) continue
    r.text
      .split(/(?<=[.!?])\s+|\n+/)
      .map((s) => s.trim())
      .filter(Boolean)
      .forEach((text, i) =>
        items.push({
          id: `mp:${id}:${i}`,
          video_id: `mp:${id}`,
          author: 'Speech',
          text,
          published_at: r.created_at.toISOString(),
          kind: 'speech',
        }),
      )
  }
  return { videos, items }
}

const fromYoutube = (videoId: string, c: YtComment): Item => ({
  id: c.id,
  video_id: videoId,
  author: c.author,
  text: c.text,
  published_at: c.publishedAt,
  kind: 'comment',
})
const fromRow = (c: CommentRow): Item => ({
  id: c.comment_id,
  video_id: c.video_id,
  author: c.author,
  text: c.text,
  published_at: c.published_at,
  kind: 'comment',
})

/**
 * One video's comments. Without a prior read (or when YouTube gives no count): every page. With
 * one, `statistics.commentCount` decides (from the one videos.list call made for all videos):
 * - unchanged → the prior comments, no comment-page call at all;
 * - changed → pages newest first (`order=time`) until a page holds a comment already known; the
 *   known ones not re-read are kept. If that does not add up to the new count (comments deleted,
 *   new replies to old threads), the remaining pages are read too, so the result is never stale.
 * Edits to comments on pages not re-read are not seen: YouTube offers no cheap signal for them.
 */
async function readVideo(
  comments: (id: string) => AsyncGenerator<YtComment[]>,
  id: string,
  count: number | null,
  prior: Prior | null,
  out: Item[],
): Promise<'full' | 'reused' | 'merged'> {
  const videoId = `yt:${id}`
  const before = prior?.comments.get(videoId) ?? []
  const known =
    prior && count !== null && prior.counts[id] !== undefined
      ? new Set(before.map((c) => c.comment_id))
      : null
  if (known && prior!.counts[id] === count) {
    out.push(...before.map(fromRow))
    return 'reused'
  }
  const read: Item[] = []
  let checked = false
  for await (const page of comments(id)) {
    read.push(...page.map((c) => fromYoutube(videoId, c)))
    if (known && !checked && page.some((c) => known.has(c.id))) {
      checked = true
      const seen = new Set(read.map((c) => c.id))
      const kept = before.filter((c) => !seen.has(c.comment_id)).map(fromRow)
      if (read.length + kept.length === count) {
        out.push(...read, ...kept)
        return 'merged'
      }
    }
  }
  out.push(...read)
  return 'full'
}

/**
 * The videos' comments, four videos at a time (their pages in order; results in the picked order).
 * commentsDisabled and videoNotFound skip that video with a note; quotaExceeded stops the whole
 * read and says so, keeping everything read before it. `onVideo` is told as each video is done.
 */
export async function youtubeItems(
  deps: SentimentDeps,
  userId: number,
  ids: string[],
  prior: Prior | null,
  spend: (units: number) => void,
  onVideo: () => void,
): Promise<ReadResult> {
  const yt = await youtubeFor(deps, userId, spend)
  if (!yt)
    throw new AppError(
      'youtube_not_linked',
      'Link your Google account (YouTube) in donation settings to analyse YouTube videos.',
      409,
    )
  const counts: Record<string, number> = {}
  let meta
  try {
    const found = await yt.videos(ids)
    remember(found)
    meta = new Map(found.map((v) => [v.id, v]))
  } catch (err) {
    if (err instanceof YoutubeError && err.reason === 'quotaExceeded')
      return {
        videos: ids.map((id) => ({ id: `yt:${id}`, title: id, note: NOTE.notRead })),
        items: [],
        counts,
        stopped: QUOTA_MESSAGE,
      }
    throw youtubeAppError(err)
  }
  const perVideo = ids.map((id): { started: boolean; video: VideoMeta; items: Item[] } => ({
    started: false,
    video: { id: `yt:${id}`, title: meta.get(id)?.title ?? id, note: meta.has(id) ? null : NOTE.notFound },
    items: [],
  }))
  let stopped: string | null = null
  let next = 0
  const worker = async () => {
    while (!stopped && next < ids.length) {
      const n = next++
      const id = ids[n]!
      const slot = perVideo[n]!
      slot.started = true
      const count = meta.get(id)?.commentCount ?? null
      if (!meta.has(id)) {
        onVideo()
        continue
      }
      // Comments were off last time and the count has not moved: still off, nothing to ask.
      if (prior?.notes.get(slot.video.id) === NOTE.disabled && prior.counts[id] === count && count !== null) {
        slot.video.note = NOTE.disabled
        counts[id] = count
        onVideo()
        continue
      }
      try {
        await readVideo((v) => yt.comments(v), id, count, prior, slot.items)
        if (count !== null) counts[id] = count
      } catch (err) {
        if (!(err instanceof YoutubeError)) throw youtubeAppError(err)
        if (err.reason === 'commentsDisabled') {
          slot.video.note = NOTE.disabled
          if (count !== null) counts[id] = count
        } else if (err.reason === 'videoNotFound') slot.video.note = NOTE.notFound
        else if (err.reason === 'quotaExceeded') {
          slot.video.note = NOTE.cutShort
          stopped = QUOTA_MESSAGE
        } else throw youtubeAppError(err)
      }
      onVideo()
    }
  }
  await Promise.all(Array.from({ length: Math.min(4, ids.length) }, worker))
  const videos: VideoMeta[] = []
  const items: Item[] = []
  for (const slot of perVideo) {
    if (stopped && !slot.started) slot.video.note = NOTE.notRead
    videos.push(slot.video)
    items.push(...slot.items)
  }
  return { videos, items, counts, stopped }
}
