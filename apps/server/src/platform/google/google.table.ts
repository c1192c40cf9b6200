import { date, integer, pgTable } from 'drizzle-orm/pg-core'

/**
 * YouTube Data API units spent per Pacific-time day (the quota resets at midnight Pacific). One
 * Google Cloud project's quota is shared by the live-chat alerts (donations) and the sentiment
 * runs, so both count into this one ledger.
 */
export const youtubeQuotaUsage = pgTable('youtube_quota_usage', {
  day: date('day').primaryKey(),
  units: integer('units').notNull().default(0),
})

/** search.list calls per Pacific day: the newer quota page gives search its own bucket of 100 calls a day. */
export const youtubeSearchUsage = pgTable('youtube_search_usage', {
  day: date('day').primaryKey(),
  calls: integer('calls').notNull().default(0),
})
