import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { VideoFrame } from '@mouthpiece/contracts/media/render.schemas'
import type { VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'
import type { WordTiming } from '@mouthpiece/contracts/media/voices.schemas'
import type {
  BackgroundChoice,
  RenderLogEntry,
  RenderSource,
} from '@mouthpiece/contracts/renders/renders.schemas'
import { referencesUser } from '../users'
import { referencesCustomAvatar } from '../avatars'
import type { ProjectRenderSpec } from '../../platform/media'
import type { VideoDressing } from './stages/render-dressing'

/** How a render is made; fixed when it is created. */
export interface RenderSettings {
  rate: number
  pitch: number
  voice_effect: 'none' | 'robot' | 'match'
  /** Voice match: the profile of the uploaded sample, copied in so the render does not depend on it. */
  match_profile?: { medianF0: number; spectralTilt: number; voicedRatio: number; durationSeconds: number }
  format: 'mp4' | 'webm'
  video_resolution: '720p' | '1080p'
  /** An orientation, or (ad videos) the square or 4:5 frame of a feed placement. */
  video_orientation: VideoFrame
  captions: boolean
  background: BackgroundChoice
  /** Short audio: the file format to deliver. */
  audio_format?: 'mp3' | 'wav'
  /** Lip sync from an uploaded recording (no text): its processed WAV. */
  audio_upload_key?: string
  /** A project's final video: the document (as it was when queued) and its files. */
  project?: ProjectRenderSpec
  /** Another module's pictures, end card and caption face for the video (ads: the brand). */
  dressing?: VideoDressing
}

/** What the audio job hands the avatar job: timings to animate and caption by. */
export interface RenderTimeline {
  duration: number
  sampleRate: number
  words: WordTiming[]
  cues: VisemeCue[]
}

/** Storage keys of the finished files. */
export interface RenderFileKeys {
  audio?: string
  audioDownload?: string
  video?: string
  poster?: string
  vtt?: string
  srt?: string
}

/**
 * One generation: SPEC §4 render status, generation flow (1–9), queue status/type and job status,
 * plus progress. Owned by a user, by a signed-out visitor (demo), or by nobody (influencer intros).
 */
export const renders = pgTable(
  'renders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id').references(referencesUser, { onDelete: 'cascade' }),
    visitor_id: text('visitor_id'),
    kind: text('kind').$type<'video' | 'audio'>().notNull(),
    source: text('source').$type<RenderSource>().notNull(),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    influencer_id: text('influencer_id'),
    custom_avatar_id: integer('custom_avatar_id').references(referencesCustomAvatar, {
      onDelete: 'set null',
    }),
    avatar_name: text('avatar_name').notNull(),
    /** The look as it was when the render was made (a later edit or delete does not change it). */
    look: jsonb('look').$type<AvatarLook>().notNull(),
    voice_id: text('voice_id').notNull(),
    emotion: text('emotion').notNull(),
    intensity: real('intensity').notNull(),
    settings: jsonb('settings').$type<RenderSettings>().notNull(),
    status: smallint('status').notNull(),
    flow: smallint('flow').notNull(),
    queue_status: text('queue_status').notNull(),
    queue_type: smallint('queue_type').notNull(),
    job_status: smallint('job_status').notNull(),
    progress: smallint('progress').notNull().default(0),
    stage: text('stage').notNull().default('waiting'),
    error: text('error'),
    cancel_requested: boolean('cancel_requested').notNull().default(false),
    /** The pg-boss job working on it now, and the attempt holding it (stale workers cannot write). */
    job_id: uuid('job_id'),
    lease: text('lease'),
    /** Attempt number of the job working on it now (1 unless a try failed). */
    attempts: integer('attempts').notNull().default(0),
    timeline: jsonb('timeline').$type<RenderTimeline>(),
    duration: real('duration'),
    files: jsonb('files').$type<RenderFileKeys>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    started_at: timestamp('started_at', { withTimezone: true }),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('renders_user_idx').on(t.user_id, t.created_at.desc()),
    index('renders_visitor_idx').on(t.visitor_id),
    // The demo backlog (renders.service demoVideo/shortAudio): open renders visitors started.
    index('renders_open_demo_idx')
      .on(t.created_at)
      .where(sql`${t.source} = 'demo' and ${t.status} in (1, 2)`),
    // One live (not failed) intro video per influencer: concurrent first requests make it once.
    uniqueIndex('renders_showcase_key')
      .on(t.influencer_id)
      .where(sql`${t.source} = 'showcase' and ${t.status} <> 4`),
    check('renders_status_check', sql`${t.status} between 1 and 5`),
    check('renders_flow_check', sql`${t.flow} between 1 and 9`),
    check('renders_progress_check', sql`${t.progress} between 0 and 100`),
  ],
)
export type RenderRow = typeof renders.$inferSelect

/**
 * The foreign-key anchor other modules' tables use for a render: `.references(referencesRender, { onDelete })`.
 * It hands drizzle the column without handing out the table (tables stay private to the module).
 */
export const referencesRender = (): AnyPgColumn => renders.id

/** One attempt of one job of a render, with its stage timings (SPEC /video-result/{id}/log/{log}). */
export const renderLogs = pgTable(
  'render_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    render_id: uuid('render_id')
      .notNull()
      .references(() => renders.id, { onDelete: 'cascade' }),
    job: text('job').$type<'audio' | 'avatar' | 'final'>().notNull(),
    attempt: integer('attempt').notNull(),
    status: text('status').$type<'running' | 'completed' | 'failed' | 'retrying' | 'cancelled'>().notNull(),
    error: text('error'),
    /** `host#pid` of the worker process that ran the attempt (performance jobs per worker). */
    worker: text('worker'),
    entries: jsonb('entries').$type<RenderLogEntry[]>().notNull().default([]),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('render_logs_render_idx').on(t.render_id, t.id)],
)
export type RenderLogRow = typeof renderLogs.$inferSelect
