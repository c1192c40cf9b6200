import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { AdPlatform } from '@mouthpiece/contracts/adimport/adimport.schemas'
import { referencesUser } from '../users'

/** A creator's Google Ads developer token, sealed like the platform tokens (donations' sealer). */
export const googleAdsSettings = pgTable('google_ads_settings', {
  user_id: integer('user_id').primaryKey().references(referencesUser, { onDelete: 'cascade' }),
  developer_token_enc: text('developer_token_enc').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A Meta login (Facebook Login for Business). The Meta token is sealed; the browser holds a random
 * key (`mk_…`) whose hash is stored here, and every social-ad call is answered for that key's
 * connection only. `user_id` is set when a signed-in creator connected.
 */
export const metaConnections = pgTable(
  'meta_connections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').references(referencesUser, { onDelete: 'set null' }),
    meta_user_id: text('meta_user_id').notNull(),
    name: text('name').notNull(),
    token_enc: text('token_enc').notNull(),
    key_hash: text('key_hash').notNull(),
    token_expires_at: timestamp('token_expires_at', { withTimezone: true }),
    status: text('status').$type<'active' | 'expired'>().notNull().default('active'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('meta_connections_key_idx').on(t.key_hash)],
)

/**
 * An ad account whose rows we import: a Google Ads customer of a creator, or a Meta ad account of
 * a connection. `owner` is `u:<user id>` or `m:<connection id>`, so two owners never share rows.
 */
export const adAccounts = pgTable(
  'ad_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').$type<AdPlatform>().notNull(),
    owner: text('owner').notNull(),
    user_id: integer('user_id').references(referencesUser, { onDelete: 'cascade' }),
    meta_connection_id: integer('meta_connection_id').references(() => metaConnections.id, {
      onDelete: 'cascade',
    }),
    external_id: text('external_id').notNull(),
    name: text('name').notNull(),
    currency: text('currency'),
    status: text('status'),
    amount_spent: doublePrecision('amount_spent'),
    login_customer_id: text('login_customer_id'),
    connected: boolean('connected').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ad_accounts_owner_idx').on(t.platform, t.owner, t.external_id)],
)

/** One import of an account's rows: a failed or cut-short one is never shown as complete. */
export const adImports = pgTable(
  'ad_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ad_account_id: integer('ad_account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    status: text('status').$type<'running' | 'completed' | 'failed'>().notNull(),
    rows: integer('rows').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    message: text('message'),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('ad_imports_account_idx').on(t.ad_account_id, t.id)],
)

/** The one normalised table: account → campaign → ad group/ad set → ad → day. Spend in micros of `currency`. */
export const adInsightRows = pgTable(
  'ad_insight_rows',
  {
    ad_account_id: integer('ad_account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    campaign_id: text('campaign_id').notNull(),
    campaign_name: text('campaign_name').notNull(),
    campaign_status: text('campaign_status'),
    group_id: text('group_id').notNull(),
    group_name: text('group_name').notNull(),
    ad_id: text('ad_id').notNull(),
    ad_name: text('ad_name').notNull(),
    day: date('day').notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
    spend_micros: bigint('spend_micros', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    conversions: doublePrecision('conversions').notNull().default(0),
    import_id: integer('import_id').notNull(),
  },
  (t) => [primaryKey({ name: 'ad_insight_rows_pkey', columns: [t.ad_account_id, t.ad_id, t.day] })],
)
