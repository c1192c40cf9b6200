import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { StressTest } from '@mouthpiece/contracts/operations/stress-tests.contract'

/** A bulk action on every row matching a filter, worked through by the `operations.bulk` job. */
export const bulkActions = pgTable(
  'bulk_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    target: text('target').notNull(),
    action: text('action').notNull(),
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'completed' | 'failed'>().notNull().default('queued'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The last row id done: a retried job continues after it instead of starting over. */
    cursor: text('cursor'),
    errors: jsonb('errors').$type<Array<{ id: string; message: string }>>().notNull().default([]),
    created_by_id: integer('created_by_id').notNull(),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('bulk_actions_created_idx').on(t.created_at.desc())],
)
export type BulkActionRow = typeof bulkActions.$inferSelect

/** The render-worker pool size an admin asked for, per pool id, so a restart keeps it. */
export const workerPools = pgTable('worker_pools', {
  id: text('id').primaryKey(),
  desired: integer('desired').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A stress test run (SPEC §7 "Stress tests") and its figures, updated while the `operations.stress` job runs. */
export const stressTests = pgTable(
  'stress_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    target: text('target').$type<StressTest['target']>().notNull(),
    status: text('status').$type<StressTest['status']>().notNull().default('queued'),
    requests: integer('requests').notNull(),
    concurrency: integer('concurrency').notNull(),
    duration_s: integer('duration_s').notNull(),
    done: integer('done').notNull().default(0),
    ok: integer('ok').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    yielded_ms: integer('yielded_ms').notNull().default(0),
    throughput_rps: real('throughput_rps'),
    latency_ms: jsonb('latency_ms').$type<StressTest['latency_ms']>(),
    histogram: jsonb('histogram').$type<StressTest['histogram']>().notNull().default([]),
    error_samples: jsonb('error_samples').$type<StressTest['error_samples']>().notNull().default([]),
    /** Set by the Stop button; the job reads it between requests. */
    stop_requested: boolean('stop_requested').notNull().default(false),
    created_by_id: integer('created_by_id').notNull(),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('stress_tests_created_idx').on(t.created_at.desc(), t.id.desc())],
)
export type StressTestRow = typeof stressTests.$inferSelect
