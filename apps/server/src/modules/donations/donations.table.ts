import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type {
  AccountProvider,
  AlertKind,
  AlertMinimums,
  AlertSource,
  AlertStatus,
  DonationAvatar,
  ModerationSettings,
  SkipReason,
  StreamPlatform,
  TtsSettings,
} from '@mouthpiece/contracts/donations/donations.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { referencesUser } from '../users'

/** What the alert job stored for the overlay: the speech timeline, kept on the row so a re-push needs no synthesis. */
export interface StoredSpeech {
  /** Sender and message as the overlay shows them (moderated); the row keeps the originals. */
  who: string
  message: string
  duration: number
  sample_rate: number
  visemes: Array<{ viseme: string; start: number; end: number; weight: number }>
  words: Array<{ text: string; start: number; end: number }>
  volume: number
  /** The TTS emotion the line was spoken with: the overlay's face shows it (absent on rows from before it was kept). */
  emotion?: Emotion
}

/**
 * Every event any source delivered, normalised, once: (user_id, source, external_id) is unique, and
 * the row is inserted in the same transaction that enqueues its alert job, so a redelivery is a
 * no-op and a crash between the two cannot happen. The alert's state lives on the row.
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    account_id: integer('account_id').references(() => connectedAccounts.id, { onDelete: 'set null' }),
    source: text('source').$type<AlertSource>().notNull(),
    kind: text('kind').$type<AlertKind>().notNull(),
    external_id: text('external_id').notNull(),
    /** Hash of kind + who + amount + message: catches one event relayed twice under different ids. */
    fingerprint: text('fingerprint').notNull(),
    who: text('who').notNull(),
    amount: doublePrecision('amount'),
    currency: text('currency'),
    bits: integer('bits'),
    points: integer('points'),
    count: integer('count'),
    tier: text('tier'),
    title: text('title'),
    message: text('message').notNull().default(''),
    gift_recipient: boolean('gift_recipient').notNull().default(false),
    is_test: boolean('is_test').notNull().default(false),
    external_status: text('external_status').$type<'pending' | 'allowed' | 'rejected'>(),
    raw: jsonb('raw'),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<AlertStatus>().notNull().default('queued'),
    skip_reason: text('skip_reason').$type<SkipReason>(),
    duplicate_of: bigint('duplicate_of', { mode: 'number' }),
    /** Forces a setup (test-alert, announcement); otherwise the price tiers decide. */
    forced_setup_id: integer('forced_setup_id'),
    avatar_setup_id: integer('avatar_setup_id').references(() => avatarSetups.id, { onDelete: 'set null' }),
    spoken_text: text('spoken_text'),
    flagged: boolean('flagged').notNull().default(false),
    audio_key: text('audio_key'),
    speech: jsonb('speech').$type<StoredSpeech>(),
    error: text('error'),
    emitted_at: timestamp('emitted_at', { withTimezone: true }),
    played_at: timestamp('played_at', { withTimezone: true }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_events_source_external_key').on(t.user_id, t.source, t.external_id),
    index('alert_events_fingerprint_idx').on(t.user_id, t.fingerprint, t.received_at),
    index('alert_events_user_idx').on(t.user_id, t.id),
    index('alert_events_user_status_idx').on(t.user_id, t.status, t.id),
    index('alert_events_account_idx').on(t.account_id, t.id),
  ],
)
export type AlertEventRow = typeof alertEvents.$inferSelect

/** One row per creator: rules, TTS, moderation, the overlay key and what the overlay last reported. */
export const donationSettings = pgTable(
  'donation_settings',
  {
    user_id: integer('user_id').primaryKey().references(referencesUser, { onDelete: 'cascade' }),
    enabled_types: jsonb('enabled_types').$type<AlertKind[]>().notNull(),
    mute_all: boolean('mute_all').notNull().default(false),
    minimums: jsonb('minimums').$type<AlertMinimums>().notNull(),
    tts: jsonb('tts').$type<TtsSettings>().notNull(),
    moderation: jsonb('moderation').$type<ModerationSettings>().notNull(),
    selected_platform: text('selected_platform').$type<StreamPlatform>(),
    /** Admin switch (SPEC: "update donation-account user permission"). */
    alerts_allowed: boolean('alerts_allowed').notNull().default(true),
    /** SHA-256 of the overlay key, for look-ups; the key itself is kept encrypted to show it again. */
    overlay_key_hash: text('overlay_key_hash').notNull(),
    overlay_key_enc: text('overlay_key_enc').notNull(),
    overlay_seen_at: timestamp('overlay_seen_at', { withTimezone: true }),
    overlay_audio_unlocked: boolean('overlay_audio_unlocked'),
    overlay_visible: boolean('overlay_visible'),
    overlay_last_played_at: timestamp('overlay_last_played_at', { withTimezone: true }),
    overlay_last_failed_at: timestamp('overlay_last_failed_at', { withTimezone: true }),
    overlay_last_error: text('overlay_last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('donation_settings_overlay_key_hash_key').on(t.overlay_key_hash)],
)
export type DonationSettingsRow = typeof donationSettings.$inferSelect

/** Which avatar (and voice, style) speaks an alert: the setup with the highest price the alert reaches. */
export const avatarSetups = pgTable(
  'avatar_setups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    custom_style_id: text('custom_style_id'),
    price: doublePrecision('price').notNull().default(0),
    donation_avatar: jsonb('donation_avatar').$type<DonationAvatar>().notNull(),
    voice: text('voice'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('avatar_setups_user_idx').on(t.user_id, t.price),
    check('avatar_setups_price_check', sql`${t.price} >= 0`),
  ],
)
export type AvatarSetupRow = typeof avatarSetups.$inferSelect

/**
 * Linked platform and donation-service accounts. Tokens are AES-256-GCM encrypted (see
 * token-crypto.ts) and never leave the server. A worker holds a lease on each active account while
 * it runs that account's live client, so N worker processes never connect the same account twice.
 */
export const connectedAccounts = pgTable(
  'connected_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    platform: text('platform').$type<StreamPlatform>().notNull(),
    provider: text('provider').$type<AccountProvider>().notNull(),
    /** Twitch broadcaster id, YouTube channel id, Streamlabs or StreamElements account id. */
    external_id: text('external_id').notNull(),
    display_name: text('display_name').notNull(),
    access_token_enc: text('access_token_enc'),
    refresh_token_enc: text('refresh_token_enc'),
    /** Streamlabs socket token; StreamElements JWT. */
    socket_token_enc: text('socket_token_enc'),
    token_type: text('token_type'),
    token_expires_at: timestamp('token_expires_at', { withTimezone: true }),
    status: text('status').$type<'active' | 'error' | 'revoked'>().notNull().default('active'),
    last_error: text('last_error'),
    /** Source-specific progress (YouTube live chat id and page token). */
    cursor: jsonb('cursor').$type<Record<string, unknown>>(),
    lease_owner: text('lease_owner'),
    lease_until: timestamp('lease_until', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('connected_accounts_user_provider_external_key').on(t.user_id, t.provider, t.external_id),
    index('connected_accounts_external_idx').on(t.provider, t.external_id),
    index('connected_accounts_status_idx').on(t.status),
  ],
)
export type ConnectedAccountRow = typeof connectedAccounts.$inferSelect

/** The admin's global bad-word list and white list (SPEC §7 admin calls). */
export const profanityWords = pgTable(
  'profanity_words',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    list: text('list').$type<'black' | 'white'>().notNull(),
    word: text('word').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profanity_words_list_word_key').on(t.list, t.word),
    check('profanity_words_list_check', sql`${t.list} in ('black', 'white')`),
  ],
)

/** The admin's profanity filter setting: one row (id = 1). */
export const profanitySettings = pgTable('profanity_settings', {
  id: integer('id').primaryKey().default(1),
  enabled: boolean('enabled').notNull().default(true),
  max_chars: integer('max_chars').notNull().default(300),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The admin's Twitch connection setting (SPEC §7 admin calls): one row (id = 1). */
export const twitchConnectionSettings = pgTable('twitch_connection_settings', {
  id: integer('id').primaryKey().default(1),
  /** Off: creators cannot link Twitch (accounts already linked keep working). */
  enabled: boolean('enabled').notNull().default(true),
  /** null: TWITCH_EVENTSUB_TRANSPORT from the environment decides. */
  transport: text('transport').$type<'websocket' | 'webhook'>(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A tip paid on the public tip page. Written before the card is charged, keyed by the page's
 * idempotency key, so a retried request finds it and a paid tip is completed once (by the request
 * or, if it died after charging, by the provider's payment_intent.succeeded webhook). `attempt`
 * grows when a declined tip is retried with another card: the provider's idempotency key is
 * `tip-<idempotency_key>-<attempt>`.
 */
export const directTips = pgTable(
  'direct_tips',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotency_key: text('idempotency_key').notNull(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    channel: text('channel'),
    who: text('who').notNull(),
    message: text('message').notNull().default(''),
    amount_cents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'pending' | 'paid' | 'failed'>().notNull().default('pending'),
    attempt: integer('attempt').notNull().default(1),
    /** The single-use card token (or test PaymentMethod id) of the current attempt; never card data. */
    token_id: text('token_id').notNull(),
    provider: text('provider').$type<'sandbox' | 'stripe'>().notNull(),
    payment_id: text('payment_id'),
    alert_event_id: bigint('alert_event_id', { mode: 'number' }).references(() => alertEvents.id, {
      onDelete: 'set null',
    }),
    failure_code: text('failure_code'),
    failure_message: text('failure_message'),
    /** A request is charging this attempt until then; a concurrent retry waits instead of charging. */
    lease_until: timestamp('lease_until', { withTimezone: true }),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('direct_tips_idempotency_key').on(t.idempotency_key),
    index('direct_tips_user_idx').on(t.user_id, t.id),
    check('direct_tips_amount_check', sql`${t.amount_cents} > 0`),
    check('direct_tips_status_check', sql`${t.status} in ('pending', 'paid', 'failed')`),
  ],
)
export type DirectTipRow = typeof directTips.$inferSelect
