import { z } from 'zod'
import type { NormalizedEventInput } from '@mouthpiece/contracts/donations/donations.schemas'

/** The EventSub subscriptions an alert account needs (all version 1, condition broadcaster_user_id). */
export const TWITCH_SUBSCRIPTION_TYPES = [
  'channel.cheer',
  'channel.channel_points_custom_reward_redemption.add',
  'channel.subscribe',
  'channel.subscription.message',
  'channel.subscription.gift',
] as const
export type TwitchSubscriptionType = (typeof TWITCH_SUBSCRIPTION_TYPES)[number]

const Name = z
  .string()
  .nullish()
  .transform((v) => v ?? '')
const Cheer = z.object({
  bits: z.number(),
  message: z.string().nullish(),
  is_anonymous: z.boolean().default(false),
  user_name: Name,
})
const Redemption = z.object({
  id: z.string(),
  user_name: Name,
  user_input: z.string().nullish(),
  status: z.string().optional(),
  reward: z.object({ id: z.string(), title: z.string(), cost: z.number(), prompt: z.string().nullish() }),
})
const Subscribe = z.object({ user_name: Name, tier: z.string(), is_gift: z.boolean().default(false) })
const SubscriptionMessage = z.object({
  user_name: Name,
  tier: z.string(),
  message: z.object({ text: z.string().nullish() }).nullish(),
  cumulative_months: z.number().nullish(),
  streak_months: z.number().nullish(),
  duration_months: z.number().nullish(),
})
const Gift = z.object({
  user_name: Name,
  tier: z.string(),
  total: z.number(),
  cumulative_total: z.number().nullish(),
  is_anonymous: z.boolean().default(false),
})

/** One EventSub notification (either transport) as a normalised event; null when the payload is not one we use. */
export function normalizeTwitch(
  messageId: string,
  type: string,
  event: unknown,
  timestamp?: string,
): NormalizedEventInput | null {
  const base = {
    source: 'twitch' as const,
    external_id: messageId,
    raw: { subscription_type: type, event },
    received_at: timestamp && !Number.isNaN(Date.parse(timestamp)) ? new Date(timestamp) : undefined,
  }
  switch (type) {
    case 'channel.cheer': {
      const e = Cheer.safeParse(event)
      if (!e.success) return null
      return {
        ...base,
        kind: 'bits',
        who: e.data.is_anonymous ? 'Anonymous' : e.data.user_name,
        bits: e.data.bits,
        message: e.data.message ?? '',
      }
    }
    case 'channel.channel_points_custom_reward_redemption.add': {
      const e = Redemption.safeParse(event)
      if (!e.success) return null
      return {
        ...base,
        kind: 'channel_points',
        who: e.data.user_name,
        points: e.data.reward.cost,
        title: e.data.reward.title,
        message: e.data.user_input ?? '',
      }
    }
    case 'channel.subscribe': {
      const e = Subscribe.safeParse(event)
      if (!e.success) return null
      return {
        ...base,
        kind: 'subscription',
        who: e.data.user_name,
        tier: e.data.tier,
        gift_recipient: e.data.is_gift,
      }
    }
    case 'channel.subscription.message': {
      const e = SubscriptionMessage.safeParse(event)
      if (!e.success) return null
      return {
        ...base,
        kind: 'resub',
        who: e.data.user_name,
        tier: e.data.tier,
        count: e.data.cumulative_months ?? e.data.duration_months ?? null,
        message: e.data.message?.text ?? '',
      }
    }
    case 'channel.subscription.gift': {
      const e = Gift.safeParse(event)
      if (!e.success) return null
      return {
        ...base,
        kind: 'gifted_subscription',
        who: e.data.is_anonymous ? 'Anonymous' : e.data.user_name,
        tier: e.data.tier,
        count: e.data.total,
      }
    }
    default:
      return null
  }
}
