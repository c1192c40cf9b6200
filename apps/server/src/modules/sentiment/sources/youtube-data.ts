import { z } from 'zod'
import { readJson, SourceAuthError, SourceHttpError, upstreamFetch } from '../../../platform/http/upstream'

/** YouTube Data API v3 costs (units per call, docs/integrations.md): search 100 by the older page; the rest 1 a page. */
export const YT_COST = { search: 100, videos: 1, commentThreads: 1 } as const
export const COMMENTS_PER_PAGE = 100

/** How the client signs its calls: as the creator (OAuth bearer, refreshed on 401) or with the server's API key. */
export type YoutubeAuth =
  | { kind: 'oauth'; accessToken: () => Promise<string>; refreshAccessToken: () => Promise<string> }
  | { kind: 'key'; key: string }

/** An error YouTube names with a reason (quotaExceeded, commentsDisabled, videoNotFound …). */
export class YoutubeError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly reason: string,
  ) {
    super(message)
  }
}

const Thumbs = z
  .object({
    default: z.object({ url: z.string() }).optional(),
    medium: z.object({ url: z.string() }).optional(),
  })
  .loose()
  .optional()
const SearchPage = z.object({
  items: z
    .array(
      z
        .object({
          id: z.object({ videoId: z.string().optional() }),
          snippet: z
            .object({
              title: z.string(),
              channelTitle: z.string().optional(),
              publishedAt: z.string().optional(),
              thumbnails: Thumbs,
            })
            .loose(),
        })
        .loose(),
    )
    .default([]),
  nextPageToken: z.string().optional(),
})
const VideosPage = z.object({
  items: z
    .array(
      z
        .object({
          id: z.string(),
          snippet: z
            .object({
              title: z.string(),
              channelId: z.string().optional(),
              channelTitle: z.string().optional(),
              publishedAt: z.string().optional(),
              thumbnails: Thumbs,
            })
            .loose(),
          // uint64 counts arrive as strings.
          statistics: z.object({ commentCount: z.coerce.number().optional() }).loose().optional(),
        })
        .loose(),
    )
    .default([]),
})
const CommentSnippet = z
  .object({
    textOriginal: z.string().optional(),
    textDisplay: z.string().optional(),
    authorDisplayName: z.string().optional(),
    publishedAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .loose()
const ThreadsPage = z.object({
  items: z
    .array(
      z
        .object({
          id: z.string(),
          snippet: z
            .object({
              videoId: z.string().optional(),
              topLevelComment: z.object({ id: z.string(), snippet: CommentSnippet }),
            })
            .loose(),
          replies: z
            .object({
              comments: z.array(z.object({ id: z.string(), snippet: CommentSnippet }).loose()).default([]),
            })
            .optional(),
        })
        .loose(),
    )
    .default([]),
  nextPageToken: z.string().optional(),
})

export interface YtVideo {
  id: string
  title: string
  channel: string
  publishedAt: string | null
  thumbnail: string | null
  commentCount: number | null
}
export interface YtComment {
  id: string
  videoId: string
  author: string
  text: string
  publishedAt: string | null
  updatedAt: string | null
}

/** search.list titles are HTML-escaped (videos.list's are not). */
const unescape = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? _,
  )

/**
 * The YouTube Data API v3 client for sentiment: search.list, videos.list and commentThreads.list
 * (100 a page, following nextPageToken). Base URL from configuration so a stand-in can answer.
 * `spend` is called before each call with its cost, so every unit lands in the shared ledger.
 */
export function youtubeData(baseUrl: string, auth: YoutubeAuth, spend: (units: number) => Promise<void>) {
  async function get<T>(
    path: string,
    params: Record<string, string>,
    schema: z.ZodType<T>,
    cost: number,
  ): Promise<T> {
    await spend(cost)
    const query = new URLSearchParams(auth.kind === 'key' ? { ...params, key: auth.key } : params)
    const call = async (token?: string) =>
      upstreamFetch(`${baseUrl}${path}?${query.toString()}`, {
        headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        signal: AbortSignal.timeout(15_000),
      })
    let res = await call(auth.kind === 'oauth' ? await auth.accessToken() : undefined)
    if (res.status === 401 && auth.kind === 'oauth') res = await call(await auth.refreshAccessToken())
    if (res.status === 401)
      throw new SourceAuthError('YouTube refused the Google account token; please link YouTube again')
    try {
      return schema.parse(await readJson(res, `YouTube ${path}`))
    } catch (err) {
      if (err instanceof SourceHttpError) {
        const e = (
          err.body as { error?: { message?: string; errors?: Array<{ reason?: string }> } } | undefined
        )?.error
        throw new YoutubeError(
          e?.message?.replace(/<[^>]+>/g, '') ?? err.message,
          err.status,
          e?.errors?.[0]?.reason ?? '',
        )
      }
      if (err instanceof z.ZodError)
        throw new SourceHttpError(`YouTube ${path} answered in an unexpected shape`, res.status)
      throw err
    }
  }

  return {
    async search(q: string, maxResults = 25): Promise<string[]> {
      const page = await get(
        '/search',
        { part: 'snippet', type: 'video', q, maxResults: String(maxResults) },
        SearchPage,
        YT_COST.search,
      )
      return page.items.map((i) => i.id.videoId).filter((id): id is string => !!id)
    },
    /** Up to 50 ids a call; unknown ids are simply left out by YouTube. */
    async videos(ids: string[]): Promise<YtVideo[]> {
      const out: YtVideo[] = []
      for (let i = 0; i < ids.length; i += 50) {
        const page = await get(
          '/videos',
          { part: 'snippet,statistics', id: ids.slice(i, i + 50).join(',') },
          VideosPage,
          YT_COST.videos,
        )
        for (const v of page.items)
          out.push({
            id: v.id,
            title: unescape(v.snippet.title),
            channel: v.snippet.channelTitle ?? '',
            publishedAt: v.snippet.publishedAt ?? null,
            thumbnail: v.snippet.thumbnails?.medium?.url ?? v.snippet.thumbnails?.default?.url ?? null,
            commentCount: v.statistics?.commentCount ?? null,
          })
      }
      return out
    },
    /** Every top-level comment and the replies that come with it, page by page (1 unit a page). */
    async *comments(videoId: string): AsyncGenerator<YtComment[]> {
      let pageToken: string | undefined
      do {
        const page = await get(
          '/commentThreads',
          {
            part: 'snippet,replies',
            videoId,
            maxResults: String(COMMENTS_PER_PAGE),
            order: 'time',
            textFormat: 'plainText',
            ...(pageToken ? { pageToken } : {}),
          },
          ThreadsPage,
          YT_COST.commentThreads,
        )
        const batch: YtComment[] = []
        const add = (id: string, s: z.infer<typeof CommentSnippet>) =>
          batch.push({
            id,
            videoId,
            author: s.authorDisplayName ?? '',
            text: s.textOriginal ?? s.textDisplay ?? '',
            publishedAt: s.publishedAt ?? null,
            updatedAt: s.updatedAt ?? null,
          })
        for (const t of page.items) {
          add(t.snippet.topLevelComment.id, t.snippet.topLevelComment.snippet)
          for (const r of t.replies?.comments ?? []) add(r.id, r.snippet)
        }
        yield batch
        pageToken = page.nextPageToken
      } while (pageToken)
    },
  }
}
export type YoutubeData = ReturnType<typeof youtubeData>
