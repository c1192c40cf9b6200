import { VoiceId } from '../media/voices.schemas'
import { z } from 'zod'
import { boundedText, defineId } from '../ids'
import { defineRoute } from '../define-route'
import { PageNumber, pageOf } from '../users/users.schemas'
import {
  AccountProvider,
  AlertKind,
  AvatarSetup,
  AvatarSetupId,
  AvatarSetupIdText,
  DonationAvatarChoice,
  DonationSettings,
  DonationSettingsPatch,
  OverlayAlert,
  Tip,
  TipId,
} from './donations.schemas'

const Deleted = z.object({ deleted: z.literal(true) })
const TipAnswer = z.object({ tip: Tip })
const SettingsAnswer = z.object({ settings: DonationSettings })
const SetupAnswer = z.object({ setup: AvatarSetup })
const SetupParams = z.object({ id: AvatarSetupIdText })
const Message = z.string().trim().max(500, 'Message must be at most 500 characters')
/** A body every field of which has a default: a POST without any body is fine too. */
const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema)
const Price = z.coerce
  .number({ error: 'Price must be a number' })
  .min(0, 'Price must not be negative')
  .max(100_000)

// Alert settings (SPEC §7 "Alert settings", §3 "Donation")
export const getDonationSettings = defineRoute({
  method: 'GET',
  path: '/api/donation/settings',
  auth: 'user',
  requiresEnabled: true,
  summary: 'The alert settings of the signed-in creator',
  response: SettingsAnswer,
})
export const updateDonationSettings = defineRoute({
  method: 'POST',
  path: '/api/donation/settings/update',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Change TTS, minimums, moderation or the selected platform',
  body: z.object({ data: DonationSettingsPatch }),
  response: SettingsAnswer,
})
export const updateEnableDonationTypes = defineRoute({
  method: 'POST',
  path: '/api/update-enable-donation-types',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Which kinds of events become alerts',
  body: z.object({ types: z.array(AlertKind).max(20) }),
  response: SettingsAnswer,
})
export const updateMuteAllAlerts = defineRoute({
  method: 'POST',
  path: '/api/update-mute-all-alerts',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Mute (or unmute) every alert',
  body: z.object({ mute: z.boolean({ error: 'mute must be true or false' }) }),
  response: SettingsAnswer,
})

// Avatar setups: which avatar speaks, by price tier
const SetupFields = z.object({
  name: z.string().trim().min(1, 'Please enter a name').max(100),
  custom_style_id: z.string().trim().max(100).nullable(),
  price: Price,
  donation_avatar: DonationAvatarChoice,
  voice: VoiceId.nullable(),
})
export const listAvatarSetups = defineRoute({
  method: 'GET',
  path: '/api/donation/avatar-setup/get',
  auth: 'user',
  requiresEnabled: true,
  response: z.object({ setups: z.array(AvatarSetup) }),
})
export const createAvatarSetup = defineRoute({
  method: 'POST',
  path: '/api/donation/avatar-setup/create',
  auth: 'user',
  requiresEnabled: true,
  body: SetupFields.partial().required({ name: true }),
  response: SetupAnswer,
})
export const updateAvatarSetup = defineRoute({
  method: 'POST',
  path: '/api/donation/avatar-setup/:id/update',
  auth: 'user',
  requiresEnabled: true,
  params: SetupParams,
  body: SetupFields.partial(),
  response: SetupAnswer,
})
export const updateAvatarSetupStyle = defineRoute({
  method: 'POST',
  path: '/api/donation/avatar-setup/:id/update-style',
  auth: 'user',
  requiresEnabled: true,
  params: SetupParams,
  body: z.object({ custom_style_id: SetupFields.shape.custom_style_id }),
  response: SetupAnswer,
})
export const updateAvatarSetupPrice = defineRoute({
  method: 'POST',
  path: '/api/donation/avatar-setup/:id/update-price',
  auth: 'user',
  requiresEnabled: true,
  params: SetupParams,
  body: z.object({ price: Price }),
  response: SetupAnswer,
})
export const updateAvatarSetupDonationAvatar = defineRoute({
  method: 'POST',
  path: '/api/donation/avatar-setup/:id/update-donation-avatar',
  auth: 'user',
  requiresEnabled: true,
  params: SetupParams,
  body: z.object({ donation_avatar: DonationAvatarChoice }),
  response: SetupAnswer,
})
export const deleteAvatarSetup = defineRoute({
  method: 'POST',
  path: '/api/donation/avatar-setup/:id/delete',
  auth: 'user',
  requiresEnabled: true,
  params: SetupParams,
  response: Deleted,
})

// Test triggers: each makes a real alert event (source `test`) that goes through rules, moderation and speech
export const testAvatarSetupAlert = defineRoute({
  method: 'GET',
  path: '/api/donation/avatar-setup/:id/test-alert',
  auth: 'user',
  requiresEnabled: true,
  params: SetupParams,
  response: TipAnswer,
})
export const tipAnnouncement = defineRoute({
  method: 'POST',
  path: '/api/donation/tips/announcement',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Speak a message on the overlay now',
  body: z.object({
    donator: z.string().trim().max(100).default(''),
    message: Message.min(1, 'Please enter a message'),
    avatar_setup: AvatarSetupId.nullable().optional(),
    /** Dollars: a test tip of this amount ("TestTipper tipped $5"); none or 0 speaks an announcement. */
    amount: z.number().min(0, 'The amount cannot be negative').max(10_000).nullable().optional(),
  }),
  response: TipAnswer,
})
export const testBits = defineRoute({
  method: 'POST',
  path: '/api/donation/twitch/test-bits',
  auth: 'user',
  requiresEnabled: true,
  body: optionalBody(
    z.object({
      bits: z.number().int().positive('Bits must be positive').max(1_000_000).default(100),
      message: Message.default('This is a test cheer.'),
    }),
  ),
  response: TipAnswer,
})
export const testChannelPoints = defineRoute({
  method: 'POST',
  path: '/api/donation/twitch/test-channel-points',
  auth: 'user',
  requiresEnabled: true,
  body: optionalBody(
    z.object({
      points: z.number().int().positive('Points must be positive').max(100_000_000).default(150),
      title: z.string().trim().max(100).default('Test Reward'),
      message: Message.default('This is a test redemption.'),
    }),
  ),
  response: TipAnswer,
})
export const testSubscriptions = defineRoute({
  method: 'POST',
  path: '/api/donation/twitch/test-subscriptions',
  auth: 'user',
  requiresEnabled: true,
  body: optionalBody(
    z.object({
      tier: z.enum(['1000', '2000', '3000']).default('1000'),
      months: z.number().int().min(1).max(1000).default(1),
      message: Message.default(''),
    }),
  ),
  response: TipAnswer,
})
export const testGiftedSub = defineRoute({
  method: 'POST',
  path: '/api/donation/twitch/test-gifted-sub',
  auth: 'user',
  requiresEnabled: true,
  body: optionalBody(
    z.object({
      count: z.number().int().positive('Count must be positive').max(1000).default(5),
      tier: z.enum(['1000', '2000', '3000']).default('1000'),
    }),
  ),
  response: TipAnswer,
})

// Tips: the Activity Feed
const Limit = boundedText(1, 100, 'limit must be between 1 and 100')
const TipsPage = z.object({ page: PageNumber.default(1), limit: Limit.default(20) })
export const listAllTips = defineRoute({
  method: 'GET',
  path: '/api/donation/tips/all',
  auth: 'user',
  query: TipsPage,
  response: pageOf(Tip),
})
export const listLatestTips = defineRoute({
  method: 'POST',
  path: '/api/donation/tips/latest/:limit',
  auth: 'user',
  params: z.object({ limit: Limit }),
  response: z.object({ tips: z.array(Tip) }),
})
export const listAccountTips = defineRoute({
  method: 'GET',
  path: '/api/donation/tips/account/:accountId',
  auth: 'user',
  params: z.object({ accountId: defineId('Invalid account id').text }),
  query: TipsPage,
  response: pageOf(Tip),
})
export const rePushTip = defineRoute({
  method: 'POST',
  path: '/api/donation/tips/re-push',
  auth: 'user',
  summary: 'repush: play the alert again on the overlay; preview: build it and return it without playing',
  body: z.object({
    tip_id: TipId,
    provider: AccountProvider.or(z.enum(['direct', 'test'])).optional(),
    mode: z.enum(['repush', 'preview'], { error: 'mode must be repush or preview' }),
  }),
  response: z.object({ tip: Tip, preview: OverlayAlert.nullable() }),
})
export const approveTip = defineRoute({
  method: 'POST',
  path: '/api/donation/tips/approve',
  auth: 'user',
  summary: 'Release (or reject) an alert held for approval',
  body: z.object({ tip_id: TipId, approve: z.boolean({ error: 'approve must be true or false' }) }),
  response: TipAnswer,
})

// Usage (/usage-tracking): alerts spoken per day
export const alertUsage = defineRoute({
  method: 'GET',
  path: '/api/donation/usage',
  auth: 'user',
  requiresEnabled: true,
  query: z.object({ days: boundedText(1, 366, 'days must be between 1 and 366').default(30) }),
  response: z.object({
    days: z.array(
      z.object({
        day: z.string(),
        played: z.number().int(),
        skipped: z.number().int(),
        failed: z.number().int(),
      }),
    ),
    total_played: z.number().int(),
    this_month_played: z.number().int(),
  }),
})
