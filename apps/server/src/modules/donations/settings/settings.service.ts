import { randomBytes } from 'node:crypto'
import { ALERT_KINDS } from '@mouthpiece/contracts/donations/donations.schemas'
import type {
  AlertKind,
  AvatarSetup,
  DonationAvatarChoice,
  DonationSettings,
  ModerationSettings,
  OverlayHealth,
  StreamPlatform,
  TtsSettings,
  AlertMinimums,
} from '@mouthpiece/contracts/donations/donations.schemas'
import type { Queryable } from '../../../platform/db/client'
import { notFound } from '../../../platform/http/errors'
import type { DonationsDeps } from '../donations.deps'
import type { AvatarSetupRow, DonationSettingsRow } from '../donations.table'
import type { AdminModeration } from '../moderation/moderation'
import * as repo from './settings.repo'
import { sha256 } from '../accounts/token-crypto'
import { currentAvatar, resolveChoice } from './setup-avatar'
import { checkVoiceChoice } from '../../voices'

export const DEFAULT_MODERATION: ModerationSettings = {
  use_base_list: true,
  black_list: [],
  white_list: [],
  action: 'beep',
  approval: 'off',
  max_chars: 200,
  strip_links: true,
}
export const DEFAULT_MINIMUMS: AlertMinimums = { amount_usd: 0, bits: 0, channel_points: 0 }
/** Where OBS points: the web app's overlay page with the creator's secret key. */
export const OVERLAY_PAGE = '/tts/announcement'

/**
 * The overlay key: 32 random bytes. Stored twice — SHA-256 for look-ups (the stream and acks find
 * the creator by it without decrypting every row) and AES-GCM sealed so the settings page can show
 * the URL again to copy. Rotating replaces both; the old URL stops working at once.
 */
function newOverlayKey(deps: DonationsDeps) {
  const key = randomBytes(32).toString('base64url')
  return { key, overlay_key_hash: sha256(key), overlay_key_enc: deps.sealer.seal(key) }
}

/** The creator's settings row, created with defaults on first use. */
export async function ensureSettings(
  deps: DonationsDeps,
  userId: number,
  q: Queryable = deps.db,
): Promise<DonationSettingsRow> {
  const found = await repo.findSettings(q, userId)
  if (found) return found
  const { overlay_key_hash, overlay_key_enc } = newOverlayKey(deps)
  await repo.insertSettingsIfMissing(q, {
    user_id: userId,
    enabled_types: [...ALERT_KINDS],
    minimums: DEFAULT_MINIMUMS,
    tts: { voice: deps.config.ALERT_DEFAULT_VOICE, emotion: 'Neutral', volume: 1 },
    moderation: DEFAULT_MODERATION,
    overlay_key_hash,
    overlay_key_enc,
  })
  const row = await repo.findSettings(q, userId)
  if (!row) throw notFound('User')
  return row
}

/**
 * The overlay link. With PUBLIC_URL set, on that address; without it, on the address the creator
 * is using (`origin`, from the request), so a page opened as 127.0.0.1 or as this computer's
 * network address hands out a link that works from there.
 */
export function overlayUrl(deps: DonationsDeps, row: DonationSettingsRow, origin?: string): string {
  const base = deps.config.publicUrlSet || !origin ? deps.config.publicUrl : origin
  return `${base}${OVERLAY_PAGE}?key=${encodeURIComponent(deps.sealer.open(row.overlay_key_enc))}`
}

export function presentSettings(
  deps: DonationsDeps,
  row: DonationSettingsRow,
  origin?: string,
): DonationSettings {
  return {
    enabled_types: row.enabled_types,
    mute_all: row.mute_all,
    minimums: { ...DEFAULT_MINIMUMS, ...row.minimums },
    tts: row.tts,
    moderation: { ...DEFAULT_MODERATION, ...row.moderation },
    selected_platform: row.selected_platform,
    overlay_url: overlayUrl(deps, row, origin),
    alerts_allowed: row.alerts_allowed,
  }
}

export async function getSettings(
  deps: DonationsDeps,
  userId: number,
  origin?: string,
): Promise<DonationSettings> {
  return presentSettings(deps, await ensureSettings(deps, userId), origin)
}

export interface SettingsPatch {
  tts?: Partial<TtsSettings>
  minimums?: Partial<AlertMinimums>
  moderation?: Partial<ModerationSettings>
  selected_platform?: StreamPlatform | null
  enabled_types?: AlertKind[]
  mute_all?: boolean
}

/** Merges a partial change into the stored settings. */
export async function updateSettings(
  deps: DonationsDeps,
  userId: number,
  patch: SettingsPatch,
  origin?: string,
): Promise<DonationSettings> {
  // Any voice of the library: the creator's own personal voice (another user's is not found).
  if (patch.tts?.voice) await checkVoiceChoice(deps.db, userId, patch.tts.voice)
  const current = await ensureSettings(deps, userId)
  const changes: repo.SettingsChanges = {}
  if (patch.tts) changes.tts = { ...current.tts, ...patch.tts }
  if (patch.minimums) changes.minimums = { ...DEFAULT_MINIMUMS, ...current.minimums, ...patch.minimums }
  if (patch.moderation)
    changes.moderation = { ...DEFAULT_MODERATION, ...current.moderation, ...patch.moderation }
  if (patch.selected_platform !== undefined) changes.selected_platform = patch.selected_platform
  if (patch.enabled_types) changes.enabled_types = [...new Set(patch.enabled_types)]
  if (patch.mute_all !== undefined) changes.mute_all = patch.mute_all
  const row = await repo.updateSettings(deps.db, userId, changes)
  return presentSettings(deps, row ?? current, origin)
}

/** Profanity word lists keep their order, lose blanks and repeats (case-insensitively). */
export function cleanWords(words: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const w of words) {
    const word = w.trim().replace(/\s+/g, ' ')
    if (!word || seen.has(word.toLowerCase())) continue
    seen.add(word.toLowerCase())
    out.push(word)
  }
  return out
}

export async function rotateOverlayKey(
  deps: DonationsDeps,
  userId: number,
  origin?: string,
): Promise<string> {
  await ensureSettings(deps, userId)
  const { overlay_key_hash, overlay_key_enc } = newOverlayKey(deps)
  const row = await repo.updateSettings(deps.db, userId, { overlay_key_hash, overlay_key_enc })
  return overlayUrl(deps, row!, origin)
}

export function presentOverlayHealth(row: DonationSettingsRow, now = Date.now()): OverlayHealth {
  return {
    online: !!row.overlay_seen_at && now - row.overlay_seen_at.getTime() < 60_000,
    last_seen_at: row.overlay_seen_at?.toISOString() ?? null,
    audio_unlocked: row.overlay_audio_unlocked,
    visible: row.overlay_visible,
    last_played_at: row.overlay_last_played_at?.toISOString() ?? null,
    last_failed_at: row.overlay_last_failed_at?.toISOString() ?? null,
    last_error: row.overlay_last_error,
  }
}

// Avatar setups
export function presentSetup(row: AvatarSetupRow): AvatarSetup {
  return {
    id: row.id,
    name: row.name,
    custom_style_id: row.custom_style_id,
    price: row.price,
    donation_avatar: row.donation_avatar,
    voice: row.voice,
    created_at: row.created_at.toISOString(),
  }
}

export async function requireSetup(deps: DonationsDeps, userId: number, id: number): Promise<AvatarSetupRow> {
  const row = await repo.findSetup(deps.db, userId, id)
  if (!row) throw notFound('Avatar setup')
  return row
}

/** A setup as its owner sees it: the avatar resolved as it is now (`setup-avatar.ts`). */
export async function presentSetupNow(deps: DonationsDeps, row: AvatarSetupRow): Promise<AvatarSetup> {
  return {
    ...presentSetup(row),
    donation_avatar: await currentAvatar(deps.db, row.user_id, row.donation_avatar),
  }
}

type SetupChanges = Omit<NonNullable<Parameters<typeof repo.updateSetup>[3]>, 'donation_avatar'> & {
  donation_avatar?: DonationAvatarChoice
}

export async function createSetup(
  deps: DonationsDeps,
  userId: number,
  fields: Omit<SetupChanges, 'name'> & { name: string },
): Promise<AvatarSetup> {
  if (fields.voice) await checkVoiceChoice(deps.db, userId, fields.voice)
  const donationAvatar = fields.donation_avatar
    ? await resolveChoice(deps.db, userId, fields.donation_avatar)
    : { influencer_id: null, custom_avatar_id: null, look: null }
  return presentSetupNow(
    deps,
    await repo.insertSetup(deps.db, {
      user_id: userId,
      name: fields.name,
      custom_style_id: fields.custom_style_id ?? null,
      price: fields.price ?? 0,
      donation_avatar: donationAvatar,
      voice: fields.voice ?? null,
    }),
  )
}

/** Any of a setup's fields; a chosen avatar is resolved (and its owner checked) before anything is written. */
export async function changeSetup(
  deps: DonationsDeps,
  userId: number,
  id: number,
  changes: SetupChanges,
): Promise<AvatarSetup> {
  const { donation_avatar: choice, ...rest } = changes
  if (rest.voice) await checkVoiceChoice(deps.db, userId, rest.voice)
  const resolved = choice ? { donation_avatar: await resolveChoice(deps.db, userId, choice) } : {}
  const row = await repo.updateSetup(deps.db, userId, id, { ...rest, ...resolved })
  if (!row) throw notFound('Avatar setup')
  return presentSetupNow(deps, row)
}

// The admin's moderation, read on every alert: cached briefly per process, dropped on admin edits here.
let adminCache: { at: number; value: AdminModeration; db: unknown } | null = null
const ADMIN_CACHE_MS = 5000

export async function adminModeration(deps: DonationsDeps): Promise<AdminModeration> {
  if (adminCache && adminCache.db === deps.db && Date.now() - adminCache.at < ADMIN_CACHE_MS)
    return adminCache.value
  const [setting, black, white] = await Promise.all([
    repo.readProfanitySetting(deps.db),
    repo.readWords(deps.db, 'black'),
    repo.readWords(deps.db, 'white'),
  ])
  const value = { ...setting, black, white }
  adminCache = { at: Date.now(), value, db: deps.db }
  return value
}
export function forgetAdminModeration() {
  adminCache = null
}
