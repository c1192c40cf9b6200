import { randomUUID } from 'node:crypto'

/**
 * The wire payloads of the non-Twitch sources, in the shapes docs/integrations.md records
 * (Twitch's are the recorded fixtures, twitch-fixtures.ts). Shared by the source tests and the
 * browser spec that fires alerts through the stand-ins.
 */

/** One entry of a Streamlabs `donation` event's `message` array. */
export function streamlabsDonation(name: string, amount: string, message: string, id = randomUUID()) {
  return {
    id: Math.floor(Math.random() * 1e9),
    name,
    amount,
    formatted_amount: `$${amount}`,
    formattedAmount: `$${amount}`,
    message,
    currency: 'USD',
    emotes: null,
    iconClassName: 'fab paypal',
    from: name,
    from_user_id: null,
    _id: id,
  }
}

/** A StreamElements Astro `channel.tips` message's `data`. */
export function streamElementsTip(username: string, amount: number, message: string, extra: object = {}) {
  return {
    _id: randomUUID(),
    channel: 'se-channel-1',
    provider: 'paypal',
    approved: 'allowed',
    status: 'success',
    transactionId: `tx-${randomUUID()}`,
    donation: {
      user: { username, geo: null, email: `${username}@example.com` },
      message,
      amount,
      currency: 'USD',
      paymentMethod: 'paypal',
    },
    createdAt: new Date().toISOString(),
    ...extra,
  }
}

/** A YouTube `liveChatMessage` of `type` with its details (`superChatDetails`, `newSponsorDetails`, …). */
export function youtubeChatMessage(id: string, type: string, details: Record<string, unknown>, name: string) {
  return {
    kind: 'youtube#liveChatMessage',
    id,
    snippet: {
      type,
      liveChatId: 'chat-1',
      publishedAt: new Date().toISOString(),
      hasDisplayContent: true,
      ...details,
    },
    authorDetails: { channelId: `UC-${name}`, displayName: name, isChatSponsor: false },
  }
}
