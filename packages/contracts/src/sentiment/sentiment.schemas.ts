import { z } from 'zod'

/** SPEC §7 "Sentiment": the shapes of search, plan, run and result. */
export const SENTIMENT_LABELS = ['positive', 'neutral', 'negative'] as const
export const SentimentLabel = z.enum(SENTIMENT_LABELS)
export type SentimentLabel = z.infer<typeof SentimentLabel>

/** Where a video comes from: YouTube (Data API), or the creator's own Mouthpiece render (offline). */
export const VideoSource = z.enum(['youtube', 'mouthpiece'])
/** A picked video: `yt:<videoId>` or `mp:<renderId>`, so one list can hold both kinds. */
export const SelectedVideoId = z
  .string()
  .regex(/^(yt:[A-Za-z0-9_-]{6,20}|mp:[0-9a-f-]{36})$/, 'Invalid video id')

export const FoundVideo = z.object({
  id: SelectedVideoId,
  source: VideoSource,
  title: z.string(),
  channel: z.string(),
  published_at: z.string().nullable(),
  thumbnail: z.string().nullable(),
  comment_count: z.number().int().nullable(),
  /** Own videos: the speech is analysed too. */
  own: z.boolean(),
})
export type FoundVideo = z.infer<typeof FoundVideo>

export const QuotaPlan = z.object({
  /** Units this step costs (search: 100 a call by the older quota page; videos.list 1; comment pages 1 each). */
  search_units: z.number().int(),
  video_units: z.number().int(),
  comment_pages: z.number().int(),
  total_units: z.number().int(),
  /** Units left today in the shared ledger (Pacific day). */
  left_today: z.number().int(),
  daily_limit: z.number().int(),
  /** Search calls left today in the separate search bucket (the newer quota page's 100 a day). */
  search_calls_left: z.number().int(),
  fits: z.boolean(),
  /** How the figures were reached, when they are an estimate (analyse again: only new comments are read). */
  note: z.string().nullable().default(null),
})
export type QuotaPlan = z.infer<typeof QuotaPlan>

export const SearchVideoQuery = z.object({
  query: z.string().trim().min(1, 'Please type what to search for').max(200),
})
export const SearchVideoResult = z.object({
  videos: z.array(FoundVideo),
  /** youtube: searched with the linked Google account or the API key; offline: own videos only. */
  mode: z.enum(['youtube', 'offline']),
  plan: QuotaPlan,
})

export const AnalyzeBody = z.object({
  selected_video_ids: z
    .array(SelectedVideoId)
    .min(1, 'Please pick at least one video')
    .max(50, 'Pick at most 50 videos'),
  query: z.string().max(200).optional(),
})
export const AnalyzeAgainBody = z.object({ sentiment_id: z.string().uuid('Invalid analysis id') })
/** plan: the picked videos, or (with sentiment_id) an analyse-again of that run. */
export const PlanBody = AnalyzeBody.partial({ selected_video_ids: true })
  .extend({ sentiment_id: z.string().uuid('Invalid analysis id').optional() })
  .refine((b) => b.sentiment_id || b.selected_video_ids?.length, {
    message: 'Please pick at least one video',
    path: ['selected_video_ids'],
  })
export const SentimentIdQuery = z.object({ sentiment_id: z.string().uuid('Invalid analysis id') })

export const ScoredWord = z.object({ word: z.string(), score: z.number() })
export const ScoredComment = z.object({
  id: z.string(),
  video_id: z.string(),
  author: z.string(),
  text: z.string(),
  published_at: z.string().nullable(),
  /** comment: a viewer's comment; speech: a sentence of the creator's own transcript. */
  kind: z.enum(['comment', 'speech']),
  label: SentimentLabel,
  score: z.number(),
  /** Why: the words that scored (lexicon), or the model's reason (LLM). */
  words: z.array(ScoredWord),
  reason: z.string().nullable(),
})
export type ScoredComment = z.infer<typeof ScoredComment>

export const Counts = z.object({
  positive: z.number().int(),
  neutral: z.number().int(),
  negative: z.number().int(),
})
export const VideoResult = z.object({
  id: z.string(),
  title: z.string(),
  label: SentimentLabel,
  score: z.number(),
  counts: Counts,
  /** Why a video was skipped or cut short (comments disabled, not found, quota). */
  note: z.string().nullable(),
})
export const Theme = z.object({ term: z.string(), count: z.number().int(), score: z.number() })
export const TimelineDay = z.object({
  day: z.string(),
  positive: z.number().int(),
  neutral: z.number().int(),
  negative: z.number().int(),
  score: z.number(),
})
export const RunDiff = z.object({
  previous_id: z.string().uuid(),
  unchanged: z.boolean(),
  flipped: z.array(z.object({ comment: ScoredComment, from: SentimentLabel })),
  new_comments: z.array(ScoredComment),
  removed: z.number().int(),
})
/** queued and running: the run is a job; completed, partial (stopped early, kept what it read) and failed are final. */
export const RunStatus = z.enum(['queued', 'running', 'completed', 'partial', 'failed'])
export const RUN_OPEN_STATUSES: ReadonlyArray<z.infer<typeof RunStatus>> = ['queued', 'running']
/** Where a running analysis is: reading comments (videos done of total), then labelling (comments done of total). */
export const RunProgress = z.object({
  stage: z.enum(['reading', 'labelling', 'saving']),
  done: z.number().int(),
  total: z.number().int(),
})
export type RunProgress = z.infer<typeof RunProgress>
export const SentimentRun = z.object({
  id: z.string().uuid(),
  user_id: z.number().int(),
  query: z.string().nullable(),
  video_ids: z.array(z.string()),
  snapshot_hash: z.string(),
  engine: z.enum(['lexicon', 'llm']),
  prompt: z.string().nullable(),
  model: z.string().nullable(),
  lexicon_version: z.string(),
  status: RunStatus,
  message: z.string().nullable(),
  quota_units: z.number().int(),
  progress: RunProgress.nullable(),
  label: SentimentLabel,
  score: z.number(),
  counts: Counts,
  videos: z.array(VideoResult),
  top_positive: z.array(ScoredComment),
  top_negative: z.array(ScoredComment),
  themes: z.array(Theme),
  timeline: z.array(TimelineDay),
  diff: RunDiff.nullable(),
  created_at: z.string(),
})
export type SentimentRun = z.infer<typeof SentimentRun>

export const SentimentResult = z.object({
  run: SentimentRun,
  comments: z.array(ScoredComment),
})
/** analyze / analyze-again answer at once with the run's id; the run goes on as a job. */
export const AnalysisStarted = z.object({ sentiment_id: z.string().uuid(), status: RunStatus })
/** Pushed to the creator's sockets as a run moves (the page polls get as a fallback). */
export const SentimentEvent = z.object({
  sentiment_id: z.string().uuid(),
  status: RunStatus,
  progress: RunProgress.nullable(),
})

export const SentimentSetting = z.object({
  prompt: z.string().max(4000).nullable(),
  model: z.string().max(200).nullable(),
  /** The OpenAI-compatible endpoint; null = the server's SENTIMENT_LLM_URL. */
  base_url: z.string().url().max(500).nullable().optional(),
})
export const SlangWord = z.object({
  word: z.string().trim().toLowerCase().min(1).max(40).regex(/^\S+$/, 'One word, no spaces'),
  score: z.number().int().min(-5).max(5),
})
