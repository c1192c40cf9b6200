import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Every admin action, append-only: a trigger (migration 0013_audit_operations) refuses UPDATE, DELETE and TRUNCATE,
 * so not even a bug in our own code can rewrite history. Rows name the actor by id and by name at
 * the time (the admin may be renamed or removed later) and keep the values before and after.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor_kind: text('actor_kind').$type<'admin' | 'system'>().notNull(),
    actor_id: integer('actor_id'),
    actor_name: text('actor_name').notNull(),
    /** `<domain>.<verb>`, e.g. `users.disable`, `instances.scale`, `users.export`. */
    action: text('action').notNull(),
    target_type: text('target_type'),
    target_id: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** What else explains the action: the filter of an export, the bulk action it belongs to. */
    meta: jsonb('meta').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.target_type, t.target_id),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
  ],
)
export type AuditRow = typeof auditLog.$inferSelect
