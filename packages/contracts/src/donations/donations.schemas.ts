import { z } from 'zod'
import { defineId } from '../ids'
import { AvatarLook, CartoonLook } from '../media/avatar.schemas'
import { Emotion, VoiceId } from '../media/voices.schemas'

/** Where an alert event came from. `direct` = a tip paid on our own tip page; `test` = a test trigger. */
export const ALERT_SOURCES = ['twitch', 'streamlabs', 'streamelements', 'youtube', 'direct', 'test'] as const
export const AlertSource = z.enum(ALERT_SOURCES)
export type AlertSource = z.infer<typeof AlertSource>

/** Every kind of event that can become a spoken alert, whatever platform it came through. */
export const ALERT_KINDS = [
  'tip',
  'donation',
  'bits',
  'channel_points',
  'subscription',
  'resub',
  'gifted_subscription',
  'superchat',
  'supersticker',
  'membership',
  'membership_milestone',
  'gifted_membership',
] as const
export const AlertKind = z.enum(ALERT_KINDS)
export type AlertKind = z.infer<typeof AlertKind>

/** Kinds that carry money (amount + currency); the minimum amount and price tiers apply to them. */
export const MONEY_KINDS: readonly AlertKind[] = ['tip', 'donation', 'superchat', 'supersticker']

/**
 * An alert's life: queued (job waiting) → speaking (sent to the overlay) → played | failed; or
 * skipped (rules or moderation), pending_approval (manual approval or the tip service's own
 * moderation), duplicate (the same event relayed by a second path; never spoken).
 */
export const ALERT_STATUSES = [
  'queued',
  'speaking',
  'played',
  'failed',
  'skipped',
  'pending_approval',
  'duplicate',
] as const
export const AlertStatus = z.enum(ALERT_STATUSES)
export type AlertStatus = z.infer<typeof AlertStatus>

export const SKIP_REASONS = [
  'muted',
  'type_disabled',
  'below_minimum',
  'moderated',
  'rejected',
  'not_allowed',
  'gift_recipient',
  'empty',
] as const
export const SkipReason = z.enum(SKIP_REASONS)
export type SkipReason = z.infer<typeof SkipReason>

/** The streaming platforms an account belongs to (SPEC §3: connected accounts keyed by platform). */
export const STREAM_PLATFORMS = ['twitch', 'youtube'] as const
export const StreamPlatform = z.enum(STREAM_PLATFORMS, { error: 'Platform must be twitch or youtube' })
export type StreamPlatform = z.infer<typeof StreamPlatform>

/** Who delivers the events: the platform itself or one of the two donation services. */
export const ACCOUNT_PROVIDERS = ['twitch', 'youtube', 'streamlabs', 'streamelements'] as const
export const AccountProvider = z.enum(ACCOUNT_PROVIDERS, {
  error: 'Provider must be twitch, youtube, streamlabs or streamelements',
})
export type AccountProvider = z.infer<typeof AccountProvider>

export const MAX_ALERT_MESSAGE_CHARS = 1000
export const MAX_WHO_CHARS = 100
/** Raw payloads bigger than this are refused: no real platform event comes near it. */
export const MAX_RAW_EVENT_BYTES = 64 * 1024

/**
 * The one normalised event every source produces. Amounts are decimal units of `currency`
 * (5.5 = $5.50); bits, channel points and counts are whole numbers.
 */
export const NormalizedEvent = z.object({
  source: AlertSource,
  kind: AlertKind,
  external_id: z.string().trim().min(1, 'Missing event id').max(200),
  /** Display name, or 'Anonymous'. */
  who: z
    .string()
    .trim()
    .max(MAX_WHO_CHARS)
    .transform((s) => s || 'Anonymous'),
  amount: z
    .number()
    .finite()
    .nonnegative('Amount must not be negative')
    .max(1_000_000_000)
    .nullable()
    .default(null),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Invalid currency')
    .nullable()
    .default(null),
  bits: z.number().int().positive('Bits must be positive').max(10_000_000).nullable().default(null),
  points: z
    .number()
    .int()
    .nonnegative('Points must not be negative')
    .max(1_000_000_000)
    .nullable()
    .default(null),
  /** Gift count, months subscribed, membership months. */
  count: z.number().int().positive('Count must be positive').max(100_000).nullable().default(null),
  /** Subscription tier ('1000', '2000', '3000', 'Prime') or membership level name. */
  tier: z.string().trim().max(100).nullable().default(null),
  /** Free text of the event's own (reward title, membership level). */
  title: z.string().trim().max(200).nullable().default(null),
  message: z
    .string()
    .max(MAX_ALERT_MESSAGE_CHARS * 4)
    .transform((s) => s.slice(0, MAX_ALERT_MESSAGE_CHARS))
    .default(''),
  /** Recipients of gifted subs/memberships: stored, never spoken (the gift itself is). */
  gift_recipient: z.boolean().default(false),
  is_test: z.boolean().default(false),
  /** The donation service's own moderation state when it has one (StreamElements). */
  external_status: z.enum(['pending', 'allowed', 'rejected']).nullable().default(null),
  raw: z.unknown(),
  received_at: z.date().optional(),
})
export type NormalizedEvent = z.infer<typeof NormalizedEvent>
export type NormalizedEventInput = z.input<typeof NormalizedEvent>

/** Alert events have a bigint id. */
const tipId = defineId('Invalid tip id', Number.MAX_SAFE_INTEGER)
export const TipId = tipId.json
export const TipIdText = tipId.text

/** A stored alert event as the Activity Feed and settings page show it. */
export const Tip = z.object({
  id: z.number().int(),
  source: AlertSource,
  kind: AlertKind,
  external_id: z.string(),
  who: z.string(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  bits: z.number().nullable(),
  points: z.number().nullable(),
  count: z.number().nullable(),
  tier: z.string().nullable(),
  title: z.string().nullable(),
  message: z.string(),
  is_test: z.boolean(),
  status: AlertStatus,
  skip_reason: SkipReason.nullable(),
  /** The line the overlay speaks, after moderation; null until the alert job ran. */
  spoken_text: z.string().nullable(),
  avatar_setup_id: z.number().nullable(),
  account_id: z.number().nullable(),
  received_at: z.string(),
  played_at: z.string().nullable(),
})
export type Tip = z.infer<typeof Tip>

/** The TTS part of the alert settings (voice id as packages/media names it). */
export const TtsSettings = z.object({
  voice: VoiceId,
  emotion: Emotion,
  /** 0 (silent) to 1 (full). */
  volume: z.number().min(0, 'Volume must be between 0 and 1').max(1, 'Volume must be between 0 and 1'),
})
export type TtsSettings = z.infer<typeof TtsSettings>

/** Per-creator minimums: money in USD (other currencies converted approximately), bits, points. */
export const AlertMinimums = z.object({
  amount_usd: z.number().min(0, 'Minimum must not be negative').max(100_000),
  bits: z.number().int().min(0, 'Minimum must not be negative').max(10_000_000),
  channel_points: z.number().int().min(0, 'Minimum must not be negative').max(1_000_000_000),
})
export type AlertMinimums = z.infer<typeof AlertMinimums>

export const ProfanityAction = z.enum(['beep', 'skip'], { error: 'Action must be beep or skip' })
export const ApprovalMode = z.enum(['off', 'flagged', 'all'], {
  error: 'Approval must be off, flagged or all',
})
export const ProfanityWord = z.string().trim().min(1).max(60)

export const ModerationSettings = z.object({
  /** Use the base blacklist (and the admin's bad-word list) on top of the creator's own list. */
  use_base_list: z.boolean(),
  black_list: z.array(ProfanityWord).max(1000),
  white_list: z.array(ProfanityWord).max(1000),
  /** beep: the word is spoken as "beep"; skip: the whole alert is skipped. */
  action: ProfanityAction,
  /** Hold alerts for the creator's approval: never, only those the filter flagged, or all. */
  approval: ApprovalMode,
  /** Longest message spoken, in characters (the rest is cut at a word boundary). */
  max_chars: z.number().int().min(10).max(500),
  strip_links: z.boolean(),
})
export type ModerationSettings = z.infer<typeof ModerationSettings>

/** A price tier's avatar: which avatar and style speaks alerts of at least `price` USD. */
export const DonationAvatar = z.object({
  influencer_id: z.string().trim().max(100).nullable().default(null),
  /** A photo avatar of the setup's owner; the look below is then read off it, never sent (absent in setups saved before it existed). */
  custom_avatar_id: z.number().int().positive().nullable().optional(),
  look: AvatarLook.nullable().default(null),
})
export type DonationAvatar = z.infer<typeof DonationAvatar>

/**
 * A setup's avatar as a client chooses it: an influencer or creator by slug, one of the caller's
 * custom avatars by id, or a drawn look (no photo). The server resolves the stored DonationAvatar
 * from the entity, checking the caller may use it.
 */
export const DonationAvatarChoice = z.object({
  influencer_id: z.string().trim().max(100).nullable().default(null),
  custom_avatar_id: defineId('Avatar not found').json.nullable().default(null),
  look: CartoonLook.nullable().default(null),
})
export type DonationAvatarChoice = z.infer<typeof DonationAvatarChoice>

const avatarSetupId = defineId('Invalid avatar setup id')
export const AvatarSetupId = avatarSetupId.json
export const AvatarSetupIdText = avatarSetupId.text
export const AvatarSetup = z.object({
  id: z.number().int(),
  name: z.string(),
  custom_style_id: z.string().nullable(),
  /** Alerts worth at least this many USD use this setup; the highest price reached wins. */
  price: z.number(),
  donation_avatar: DonationAvatar,
  voice: z.string().nullable(),
  created_at: z.string(),
})
export type AvatarSetup = z.infer<typeof AvatarSetup>

export const ConnectedAccount = z.object({
  id: z.number().int(),
  platform: StreamPlatform,
  provider: AccountProvider,
  external_id: z.string(),
  display_name: z.string(),
  status: z.enum(['active', 'error', 'revoked']),
  last_error: z.string().nullable(),
  connected_at: z.string(),
})
export type ConnectedAccount = z.infer<typeof ConnectedAccount>

/** What the overlay last reported (SPEC: overlay health on the settings page). */
export const OverlayHealth = z.object({
  /** Reported within the last minute. */
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  audio_unlocked: z.boolean().nullable(),
  visible: z.boolean().nullable(),
  last_played_at: z.string().nullable(),
  last_failed_at: z.string().nullable(),
  last_error: z.string().nullable(),
})
export type OverlayHealth = z.infer<typeof OverlayHealth>

export const DonationSettings = z.object({
  enabled_types: z.array(AlertKind),
  mute_all: z.boolean(),
  minimums: AlertMinimums,
  tts: TtsSettings,
  moderation: ModerationSettings,
  selected_platform: StreamPlatform.nullable(),
  /** Paste into OBS as a browser source; secret (rotate it if it leaks). */
  overlay_url: z.string(),
  alerts_allowed: z.boolean(),
})
export type DonationSettings = z.infer<typeof DonationSettings>

/** POST /api/donation/settings/update `{data}`: any subset. */
export const DonationSettingsPatch = z.object({
  tts: TtsSettings.partial().optional(),
  minimums: AlertMinimums.partial().optional(),
  moderation: ModerationSettings.omit({ black_list: true, white_list: true }).partial().optional(),
  selected_platform: StreamPlatform.nullable().optional(),
})

/** One viseme cue of the overlay's mouth timeline (same shape as packages/media produces). */
export const OverlayViseme = z.object({
  viseme: z.string(),
  start: z.number(),
  end: z.number(),
  weight: z.number(),
})

/** What the overlay receives for one alert (SSE `alert` event) and plays. */
export const OverlayAlert = z.object({
  id: z.number().int(),
  kind: AlertKind,
  source: AlertSource,
  who: z.string(),
  /** Human amount for the card: "$5.00", "250 bits", "Tier 1", "5 gifted subs". */
  amount_label: z.string().nullable(),
  message: z.string(),
  spoken_text: z.string(),
  is_test: z.boolean(),
  /** null when speech could not be made: the card shows without voice. */
  audio: z.object({ url: z.string(), duration: z.number(), sample_rate: z.number() }).nullable(),
  visemes: z.array(OverlayViseme),
  words: z.array(z.object({ text: z.string(), start: z.number(), end: z.number() })),
  volume: z.number(),
  /** The creator's TTS emotion the line was spoken with: the avatar's face shows the same. */
  emotion: Emotion,
  avatar_setup: AvatarSetup.nullable(),
  /** A tip video pushed to the overlay (tips/push-tip-video-action `play`): played instead of the live avatar. */
  video: z
    .object({ url: z.string(), poster_url: z.string().nullable(), duration: z.number() })
    .nullable()
    .optional(),
  received_at: z.string(),
  /** When the server handed it to the overlay (ms since epoch), for latency measurement. */
  emitted_at: z.number(),
})
export type OverlayAlert = z.infer<typeof OverlayAlert>

/** The overlay's event stream: `GET /api/donation/overlay/stream?key=…` (Server-Sent Events). */
export const OVERLAY_STREAM_EVENTS = {
  /** `OverlayAlert` JSON; the SSE `id` is the alert id (send it back as Last-Event-ID). */
  alert: 'alert',
  /** `{ volume }`: settings the page needs before the first alert. */
  hello: 'hello',
} as const

export const OverlayAckState = z.enum(['started', 'played', 'failed'])
export const OverlayKey = z.string({ error: 'Missing overlay key' }).trim().min(20).max(100)
