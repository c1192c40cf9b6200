import { z } from 'zod'
import { defineRoute } from '../define-route'
import { UserId } from '../users/users.schemas'
import { DonationSettings } from './donations.schemas'

/** Blank entries (an empty line in a textarea) are dropped by the server, not refused. */
const Words = z
  .array(z.string().max(60, 'A word may have at most 60 characters'))
  .max(1000, 'At most 1000 words')
const WordsAnswer = z.object({ words: z.array(z.string()) })
const SettingsAnswer = z.object({ settings: DonationSettings })

// Creator profanity settings (SPEC §7 "Alert settings")
export const baseProfanityBlacklist = defineRoute({
  method: 'GET',
  path: '/api/donation/base-profanity-blacklist',
  auth: 'public',
  summary: 'The built-in list of words the filter removes (plus the admin bad-word list)',
  response: WordsAnswer,
})
export const toggleDefaultProfanityBlacklist = defineRoute({
  method: 'POST',
  path: '/api/donation/toggle-default-profanity-blacklist',
  auth: 'user',
  requiresEnabled: true,
  body: z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) }),
  response: SettingsAnswer,
})
export const updateProfanityBlackList = defineRoute({
  method: 'POST',
  path: '/api/donation/update-profanity-black-list',
  auth: 'user',
  requiresEnabled: true,
  body: z.object({ words: Words }),
  response: SettingsAnswer,
})
export const updateProfanityWhiteList = defineRoute({
  method: 'POST',
  path: '/api/donation/update-profanity-white-list',
  auth: 'user',
  requiresEnabled: true,
  body: z.object({ words: Words }),
  response: SettingsAnswer,
})
export const checkModeration = defineRoute({
  method: 'POST',
  path: '/api/donation/moderation/check',
  auth: 'user',
  requiresEnabled: true,
  summary: "What the filter would speak for a message, with the creator's current settings",
  body: z.object({ text: z.string().max(4000) }),
  response: z.object({
    spoken: z.string(),
    flagged: z.boolean(),
    matches: z.array(z.string()),
    skip: z.boolean(),
  }),
})

// Admin (SPEC §7: bad-word list, white list, profanity filter setting — each GET and POST)
export const ProfanityFilterSetting = z.object({
  /** Off: no filtering at all for anyone (the creator lists included). */
  enabled: z.boolean(),
  /** Longest message any alert speaks, whatever a creator sets. */
  max_chars: z.number().int().min(10).max(1000),
})
export const adminGetBadWords = defineRoute({
  method: 'GET',
  path: '/api/admin/bad-word-list',
  auth: 'admin',
  response: WordsAnswer,
})
export const adminSetBadWords = defineRoute({
  method: 'POST',
  path: '/api/admin/bad-word-list',
  auth: 'admin',
  body: z.object({ words: Words }),
  response: WordsAnswer,
})
export const adminGetWhiteList = defineRoute({
  method: 'GET',
  path: '/api/admin/white-list',
  auth: 'admin',
  response: WordsAnswer,
})
export const adminSetWhiteList = defineRoute({
  method: 'POST',
  path: '/api/admin/white-list',
  auth: 'admin',
  body: z.object({ words: Words }),
  response: WordsAnswer,
})
export const adminGetProfanitySetting = defineRoute({
  method: 'GET',
  path: '/api/admin/profanity-filter-setting',
  auth: 'admin',
  response: ProfanityFilterSetting,
})
export const adminSetProfanitySetting = defineRoute({
  method: 'POST',
  path: '/api/admin/profanity-filter-setting',
  auth: 'admin',
  body: ProfanityFilterSetting.partial(),
  response: ProfanityFilterSetting,
})
export const adminUpdateDonationAccountPermission = defineRoute({
  method: 'POST',
  path: '/api/admin/update-donation-account-user-permission',
  auth: 'admin',
  body: z.object({
    user_id: UserId,
    alerts_allowed: z.boolean({ error: 'alerts_allowed must be true or false' }),
  }),
  response: z.object({ user_id: z.number().int(), alerts_allowed: z.boolean() }),
})
