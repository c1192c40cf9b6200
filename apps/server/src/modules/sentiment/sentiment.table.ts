import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { SentimentLabel } from '@mouthpiece/contracts/sentiment/sentiment.schemas'
import type { RunProgress, SentimentRun } from '@mouthpiece/contracts/sentiment/sentiment.schemas'
import { referencesUser } from '../users'

/** The admin's default engine setting (one row, id = 1): a prompt and a model switch runs to the LLM. */
export const sentimentSettings = pgTable('sentiment_settings', {
  id: integer('id').primaryKey().default(1),
  prompt: text('prompt'),
  model: text('model'),
  base_url: text('base_url'),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Streamer/gamer slang on top of AFINN; its hash is the lexicon version a run records. */
export const sentimentSlang = pgTable('sentiment_slang', {
  word: text('word').primaryKey(),
  score: smallint('score').notNull(),
})

/** Users the admin barred from analysis (SPEC §7 admin: blacklist users from analysis). */
export const sentimentBlacklist = pgTable('sentiment_blacklist', {
  user_id: integer('user_id').primaryKey().references(referencesUser, { onDelete: 'cascade' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export type RunSummary = Pick<
  SentimentRun,
  'label' | 'score' | 'counts' | 'videos' | 'top_positive' | 'top_negative' | 'themes' | 'timeline'
>

/**
 * One analysis. Everything needed to explain and repeat it: the query, the video ids, a hash of the
 * comments it saw, the engine with its prompt, model and lexicon version. `setting` is the admin's
 * per-run prompt/model, used by the next analyse-again of this run.
 */
export const sentimentRuns = pgTable(
  'sentiment_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    query: text('query'),
    video_ids: jsonb('video_ids').$type<string[]>().notNull(),
    snapshot_hash: text('snapshot_hash').notNull(),
    engine: text('engine').$type<'lexicon' | 'llm'>().notNull(),
    prompt: text('prompt'),
    model: text('model'),
    lexicon_version: text('lexicon_version').notNull(),
    status: text('status').$type<SentimentRun['status']>().notNull(),
    /** While queued/running: the stage and how far it got (what get answers when the socket is not there). */
    progress: jsonb('progress').$type<RunProgress>(),
    /**
     * YouTube's statistics.commentCount of each video when this run read it completely (video id →
     * count): the next analyse-again skips a video whose count has not moved.
     */
    comment_counts: jsonb('comment_counts').$type<Record<string, number>>(),
    message: text('message'),
    quota_units: integer('quota_units').notNull().default(0),
    summary: jsonb('summary').$type<RunSummary>().notNull(),
    diff: jsonb('diff').$type<SentimentRun['diff']>(),
    previous_id: uuid('previous_id'),
    setting: jsonb('setting').$type<{ prompt: string | null; model: string | null }>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sentiment_runs_user_idx').on(t.user_id, t.created_at),
    index('sentiment_runs_created_idx').on(t.created_at),
  ],
)

/** Each comment (or own-speech sentence) of a run with its label and why. */
export const sentimentComments = pgTable(
  'sentiment_comments',
  {
    run_id: uuid('run_id')
      .notNull()
      .references(() => sentimentRuns.id, { onDelete: 'cascade' }),
    comment_id: text('comment_id').notNull(),
    video_id: text('video_id').notNull(),
    kind: text('kind').$type<'comment' | 'speech'>().notNull(),
    author: text('author').notNull(),
    text: text('text').notNull(),
    published_at: text('published_at'),
    label: text('label').$type<SentimentLabel>().notNull(),
    score: real('score').notNull(),
    words: jsonb('words')
      .$type<Array<{ word: string; score: number }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    reason: text('reason'),
  },
  (t) => [primaryKey({ name: 'sentiment_comments_pkey', columns: [t.run_id, t.comment_id] })],
)
