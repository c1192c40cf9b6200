import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import {
  getAccounts,
  streamelementsConnect,
  streamlabsConnect,
  syncAccount,
  twitchConnect,
  unlinkAccount,
  youtubeConnect,
} from '@mouthpiece/contracts/donations/accounts.contract'
import {
  alertUsage,
  approveTip,
  createAvatarSetup,
  deleteAvatarSetup,
  getDonationSettings,
  listAllTips,
  listAvatarSetups,
  rePushTip,
  testAvatarSetupAlert,
  testBits,
  testChannelPoints,
  testGiftedSub,
  testSubscriptions,
  tipAnnouncement,
  updateAvatarSetup,
  updateAvatarSetupDonationAvatar,
  updateAvatarSetupPrice,
  updateAvatarSetupStyle,
  updateDonationSettings,
  updateEnableDonationTypes,
  updateMuteAllAlerts,
} from '@mouthpiece/contracts/donations/donations.contract'
import {
  baseProfanityBlacklist,
  checkModeration,
  toggleDefaultProfanityBlacklist,
  updateProfanityBlackList,
  updateProfanityWhiteList,
} from '@mouthpiece/contracts/donations/moderation.contract'
import { overlayHealth, rotateOverlayKey } from '@mouthpiece/contracts/donations/overlay.contract'
import type {
  AccountProvider,
  AlertKind,
  DonationAvatarChoice,
  DonationSettings,
  StreamPlatform,
} from '@mouthpiece/contracts/donations/donations.schemas'
import type { RouteInput } from '@mouthpiece/contracts/define-route'
import { listVoices, previewVoice } from '@mouthpiece/contracts/voices/voices.contract'
import { listCustomAvatars } from '@mouthpiece/contracts/avatars/avatars.contract'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { api, isSuccess, request } from '../../lib/api'
import { useSocketRefresh } from '../../lib/use-socket-refresh'
import { browser } from '../../lib/browser'
import { referrer } from '../../lib/referral'
import { PROVIDER_LABELS } from './format'

export const donationKeys = {
  all: ['donations'] as const,
  settings: ['donations', 'settings'] as const,
  setups: ['donations', 'setups'] as const,
  accounts: ['donations', 'accounts'] as const,
  health: ['donations', 'overlay-health'] as const,
  tips: ['donations', 'tips'] as const,
  tipsPage: (page: number, limit: number) => ['donations', 'tips', page, limit] as const,
  usage: (days: number) => ['donations', 'usage', days] as const,
  baseList: ['donations', 'base-list'] as const,
  voices: ['donations', 'voices'] as const,
  customAvatars: ['donations', 'custom-avatars'] as const,
}

export const settingsQuery = queryOptions({
  queryKey: donationKeys.settings,
  queryFn: ({ signal }) => request(getDonationSettings, { signal }).then((r) => r.settings),
})
export const setupsQuery = queryOptions({
  queryKey: donationKeys.setups,
  queryFn: ({ signal }) =>
    request(listAvatarSetups, { signal }).then((r) =>
      [...r.setups].sort((a, b) => a.price - b.price || a.id - b.id),
    ),
})
export const accountsQuery = queryOptions({
  queryKey: donationKeys.accounts,
  queryFn: ({ signal }) => request(getAccounts, { signal }),
})
/**
 * What a creator can connect on this server (the dashboard checklist offers only these): the
 * services whose sign-in the server is set up for, and StreamElements by its JWT token, which needs
 * no setup. Undefined while loading.
 */
export function useConnectableServices(): string[] | undefined {
  const { data } = useQuery({ ...accountsQuery, retry: false })
  if (!data) return undefined
  const names = data.providers.filter((p) => p.configured).map((p) => PROVIDER_LABELS[p.provider])
  if (!names.includes(PROVIDER_LABELS.streamelements)) names.push('StreamElements (with its JWT token)')
  return names
}

/**
 * The overlay's health changes on its own (connects, reports, acks): the server pushes each change
 * (useOverlayHealthPush); this slow poll only covers a lost socket and the overlay going quiet.
 */
export const healthQuery = queryOptions({
  queryKey: donationKeys.health,
  queryFn: ({ signal }) => request(overlayHealth, { signal }),
  refetchInterval: 60_000,
})

/** Takes the overlay health the server pushes to this user's room; after a reconnect, reads it once (pushes may have been missed). */
export function useOverlayHealthPush() {
  useSocketRefresh(RealtimeEvent.overlayHealth, donationKeys.health, (health, client) =>
    client.setQueryData(donationKeys.health, health),
  )
}
export const tipsQuery = (page: number, limit = 20) =>
  queryOptions({
    queryKey: donationKeys.tipsPage(page, limit),
    queryFn: ({ signal }) => request(listAllTips, { query: { page, limit }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  })
export const usageQuery = (days: number) =>
  queryOptions({
    queryKey: donationKeys.usage(days),
    queryFn: ({ signal }) => request(alertUsage, { query: { days }, signal }),
    placeholderData: keepPreviousData,
  })
export const baseListQuery = queryOptions({
  queryKey: donationKeys.baseList,
  queryFn: ({ signal }) => request(baseProfanityBlacklist, { signal }).then((r) => r.words),
  staleTime: 5 * 60_000,
})

/** Voices the alert can speak with. The voices module may not be installed: then the built-in few. */
export const FALLBACK_VOICES = [
  { id: 'espeak:en-us+f3', label: 'English (America) · Female 3' },
  { id: 'espeak:en-us+m3', label: 'English (America) · Male 3' },
  { id: 'espeak:en-gb-x-rp+f3', label: 'English (UK) · Female 3' },
  { id: 'espeak:en-gb-x-rp+m7', label: 'English (UK) · Male 7' },
  { id: 'festival:cmu_us_slt_arctic_hts', label: 'Festival · SLT (warm female)' },
]
export const voicesQuery = queryOptions({
  queryKey: donationKeys.voices,
  queryFn: async ({ signal }) => {
    const result = await api(listVoices, { signal })
    if (!isSuccess(result) || !result.voices.length) return FALLBACK_VOICES
    const featured = new Set(result.featured)
    return [...result.voices]
      .sort((a, b) => Number(featured.has(b.id)) - Number(featured.has(a.id)))
      .map((v) => ({ id: v.id, label: v.label }))
  },
  staleTime: 10 * 60_000,
})
/** The user's saved custom avatars (for a setup's custom style); none when that module is absent. */
export const customAvatarsQuery = queryOptions({
  queryKey: donationKeys.customAvatars,
  queryFn: async ({ signal }) => {
    const result = await api(listCustomAvatars, { signal, redirectOn401: false })
    return isSuccess(result) ? result.avatars : []
  },
  staleTime: 60_000,
})

const putSettings = (client: QueryClient) => (r: { settings: DonationSettings }) =>
  client.setQueryData(donationKeys.settings, r.settings)

/** Every settings change answers the whole settings: the cache takes it as is. */
export function useSettingsMutation<A>(send: (arg: A) => Promise<{ settings: DonationSettings }>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: send, onSuccess: putSettings(client) })
}
export const useUpdateSettings = () =>
  useSettingsMutation((data: NonNullable<RouteInput<typeof updateDonationSettings>['body']>['data']) =>
    request(updateDonationSettings, { body: { data } }),
  )
export const useEnableTypes = () =>
  useSettingsMutation((types: AlertKind[]) => request(updateEnableDonationTypes, { body: { types } }))
export const useMuteAll = () =>
  useSettingsMutation((mute: boolean) => request(updateMuteAllAlerts, { body: { mute } }))
export const useToggleBaseList = () =>
  useSettingsMutation((enabled: boolean) => request(toggleDefaultProfanityBlacklist, { body: { enabled } }))
export const useSaveBlackList = () =>
  useSettingsMutation((words: string[]) => request(updateProfanityBlackList, { body: { words } }))
export const useSaveWhiteList = () =>
  useSettingsMutation((words: string[]) => request(updateProfanityWhiteList, { body: { words } }))
export const useCheckModeration = () =>
  useMutation({ mutationFn: (text: string) => request(checkModeration, { body: { text } }) })

export function useRotateOverlayKey() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => request(rotateOverlayKey),
    onSuccess: (r) => {
      client.setQueryData<DonationSettings>(donationKeys.settings, (s) =>
        s ? { ...s, overlay_url: r.overlay_url } : s,
      )
      void client.invalidateQueries({ queryKey: donationKeys.health })
    },
  })
}

// Avatar setups
function useSetupMutation<A, R>(send: (arg: A) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: donationKeys.setups }),
  })
}
export type SetupFields = RouteInput<typeof createAvatarSetup>['body']
export const useCreateSetup = () =>
  useSetupMutation((body: SetupFields) => request(createAvatarSetup, { body }).then((r) => r.setup))
export const useUpdateSetup = () =>
  useSetupMutation(({ id, body }: { id: number; body: RouteInput<typeof updateAvatarSetup>['body'] }) =>
    request(updateAvatarSetup, { params: { id }, body }).then((r) => r.setup),
  )
export const useUpdateSetupPrice = () =>
  useSetupMutation(({ id, price }: { id: number; price: number }) =>
    request(updateAvatarSetupPrice, { params: { id }, body: { price } }).then((r) => r.setup),
  )
/** The avatar of a setup: its look (influencer or custom) and, for a saved custom avatar, its style id. */
export const useUpdateSetupAvatar = () =>
  useSetupMutation(
    async ({
      id,
      donation_avatar,
      custom_style_id,
    }: {
      id: number
      donation_avatar: DonationAvatarChoice
      custom_style_id: string | null
    }) => {
      await request(updateAvatarSetupDonationAvatar, { params: { id }, body: { donation_avatar } })
      return request(updateAvatarSetupStyle, { params: { id }, body: { custom_style_id } }).then(
        (r) => r.setup,
      )
    },
  )
export const useDeleteSetup = () =>
  useSetupMutation((id: number) => request(deleteAvatarSetup, { params: { id } }))

// Test triggers: each answers the stored tip; the Activity Feed and usage refetch.
function useTipMutation<A, R>(send: (arg: A) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: donationKeys.tips }),
  })
}
export const useTestSetupAlert = () =>
  useTipMutation((id: number) => request(testAvatarSetupAlert, { params: { id } }).then((r) => r.tip))
export const useTestAnnouncement = () =>
  useTipMutation((body: RouteInput<typeof tipAnnouncement>['body']) =>
    request(tipAnnouncement, { body }).then((r) => r.tip),
  )
export type TestKind = 'bits' | 'channel_points' | 'subscription' | 'gifted_subscription'
export const useTestTrigger = () =>
  useTipMutation((kind: TestKind) => {
    const routes = {
      bits: testBits,
      channel_points: testChannelPoints,
      subscription: testSubscriptions,
      gifted_subscription: testGiftedSub,
    }
    return request(routes[kind], { body: {} }).then((r) => r.tip)
  })
export const useRePush = () =>
  useTipMutation((body: RouteInput<typeof rePushTip>['body']) => request(rePushTip, { body }))
export const useApproveTip = () =>
  useTipMutation((body: RouteInput<typeof approveTip>['body']) =>
    request(approveTip, { body }).then((r) => r.tip),
  )

/** Speaks a line with a voice (the voices module's preview): audio plus visemes, for in-page previews. */
export const useVoicePreview = () =>
  useMutation({
    mutationFn: (body: RouteInput<typeof previewVoice>['body']) => request(previewVoice, { body }),
  })

// Connected accounts
export function useUnlink() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: { platform: StreamPlatform; provider: AccountProvider }) =>
      request(unlinkAccount, { body }),
    onSuccess: (r) => client.setQueryData(donationKeys.accounts, r),
  })
}
export function useSyncStreamElements() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RouteInput<typeof syncAccount>['body']) =>
      request(syncAccount, { body }).then((r) => r.account),
    onSettled: () => client.invalidateQueries({ queryKey: donationKeys.accounts }),
  })
}

export type LinkTarget =
  | { provider: 'twitch' }
  | { provider: 'youtube' }
  | { provider: 'streamlabs' | 'streamelements'; platform: StreamPlatform }

/**
 * Starts an OAuth link: the server answers the provider's consent URL (asked for as JSON, the
 * call carries the bearer token) and the browser goes there; the provider sends the user back to
 * this page.
 */
export async function startLink(target: LinkTarget, userId: number, returnTo: string): Promise<void> {
  const base = { user_id: userId, redirect_uri: returnTo }
  const answer =
    target.provider === 'twitch'
      ? await request(twitchConnect, { query: { ...base, env: 'prod', referred_by: referrer() } })
      : target.provider === 'youtube'
        ? await request(youtubeConnect, { query: base })
        : target.provider === 'streamlabs'
          ? await request(streamlabsConnect, { query: { ...base, selected_platform: target.platform } })
          : await request(streamelementsConnect, {
              query: { ...base, env: 'prod', selected_platform: target.platform },
            })
  browser.assign(answer.url)
}
