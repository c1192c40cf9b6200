/**
 * Every path of SPEC §2, named once. Patterns use React Router's `:param` syntax; `to.*` builds
 * concrete links. Each feature's routes.tsx says what its paths render and how they are guarded.
 */
export const PATHS = {
  // Public and user routes
  home: '/',
  landing: '/landing',
  login: '/login',
  /** The brand-named alternative login route: the same page as /login. */
  brandLogin: '/mouthpiece-login',
  resetPassword: '/reset-password',
  pricing: '/pricing',
  pricingV1: '/pricing/v1',
  freeTrial: '/free-trial',
  payment: '/payment',
  testPayment: '/test-payment',
  testPaymentSubscription: '/test-payment/subscription',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  refundPolicy: '/refund-policy',
  userSettings: '/user-settings',
  usageTracking: '/usage-tracking',
  projects: '/projects',
  audioProgress: '/audio-progress',
  audioProgressUpload: '/audio-progress/upload',
  avatarEditor: '/avatar-editor',
  voiceEditor: '/voice-editor',
  demoBackground: '/demo-background',
  demoResult: '/demo-result',
  demoUpload: '/demo-upload',
  donationSettings: '/donation-settings',
  googleAds: '/google-ads',
  googleAdsItem: '/google-ads/:id',
  metaAds: '/meta-ads',
  metaDataTracking: '/meta-data-tracking',
  sentiment: '/sentiment',
  healthCheck: '/health-check',
  twitchcon: '/twitchcon',
  twitchconItem: '/twitchcon/:id',
  ttsAnnouncement: '/tts/announcement',
  videoEditor: '/video-editor',
  videoEditorItem: '/video-editor/:id',
  videoEditorV1: '/video-editor-v1',
  videoEditorV1Item: '/video-editor-v1/:id',
  videoEditorNewItem: '/video-editor-new/:id',
  videoEditorLanding: '/video-editor-landing',
  videoResult: '/video-result/:id',
  videoResultLog: '/video-result/:id/log/:log',
  videoSharing: '/video-sharing/:id',
  referral: '/r/:username',
  userDonate: '/:username/donate',
  userTip: '/:username/tip',
  userTipChannel: '/:username/tip/:channel',
  /** The donation-service OAuth callback page (SPEC §2 route guarding). */
  streamElementsCallback: '/api/streamelements-callback',

  // Path constants only (SPEC §2): named here, no screen of their own.
  manageChannels: '/manage-channels',
  connectChannels: '/connect-channels',
  channelIdentification: '/channel-identification',
  editVideo: '/edit-video',
  vocalPart1: '/vocal-part-1',
  vocalPart2: '/vocal-part-2',
  donate: '/donate',
  tip: '/tip',
  notFound: '/404',

  // Dashboard
  dashboard: '/dashboard',
  dashboardBranding: '/dashboard/branding',
  dashboardMyProjects: '/dashboard/my-projects',
  dashboardProject: '/dashboard/project',
  dashboardProjectItem: '/dashboard/project/:id',
  dashboardUserSettings: '/dashboard/user-settings',
  dashboardAssetManagement: '/dashboard/asset-management',

  // Admin
  admin: '/admin',
  adminLogin: '/admin/login',
  adminUsers: '/admin/users',
  adminEditUser: '/admin/edit-user/:id',
  adminOutbox: '/admin/outbox',
  adminOutboxMail: '/admin/outbox/:id',
  adminEarlyRegisters: '/admin/early-registers',
  adminEarlyRegistersTts: '/admin/early-registers/tts',
  adminInstances: '/admin/instances',
  adminFinalVideos: '/admin/final-videos',
  adminProjects: '/admin/projects',
  adminSentences: '/admin/sentences',
  adminEvents: '/admin/events',
  adminOnboarding: '/admin/onboarding',
  adminProfanityFilter: '/admin/profanity-filter',
  adminTwitchConnection: '/admin/twitch-connection',
  adminSearchImages: '/admin/search-images',
  adminSiteScraper: '/admin/site-scraper',
  adminSentiment: '/admin/sentiment',
  adminSentimentItem: '/admin/sentiment/:id',
  adminTwitchCon: '/admin/twitch-con',
  adminUsageData: '/admin/usage-data',
  adminUsageDataItem: '/admin/usage-data/:id',
  adminCustomerTracking: '/admin/customer-tracking',
  adminCustomerTrackingItem: '/admin/customer-tracking/:id',
  adminMetaAccounts: '/admin/meta-accounts',
  adminVoiceProfiles: '/admin/voice-profiles',
  adminVoiceProfileTags: '/admin/voice-profiles/tags',
  adminAdAssets: '/admin/ad-assets/:id?',
  adminAdAvatars: '/admin/ad-avatars/:id?',
  adminAdGenerations: '/admin/ad-generations/:id?',
  adminAdImageGenerations: '/admin/ad-image-generations/:id?',
  adminAdProjects: '/admin/ad-projects/:id?',
  adminStressTestResults: '/admin/stress-test/results/:id?',
  adminStressTestTesting: '/admin/stress-test/testing',
  /** Plans editor (SPEC §7 "plans … editable by admins"); not a SPEC §2 route of its own. */
  adminPlans: '/admin/plans',
  /** Users' avatar dataset (SPEC §7 admin Users "avatar dataset {page, keySearch}"); not a SPEC §2 route of its own. */
  adminAvatarDataset: '/admin/avatar-dataset',
  /** Audit log of admin actions (issue 13); not a SPEC §2 route of its own. */
  adminAuditLog: '/admin/audit-log',

  // Creator management (admin area)
  creatorAdd: '/admin/creator-management/add-creator',
  creatorAddProcess: '/admin/creator-management/add-creator/process',
  creatorDefaultPrompts: '/admin/creator-management/default-prompts',
  creatorList: '/admin/creator-management/list',
  creatorListItem: '/admin/creator-management/list/:id',
  creatorListItemVoice: '/admin/creator-management/list/:id/voice',
  creatorPermission: '/admin/creator-management/permission',
  creatorUpdate: '/admin/creator-management/update-creator',

  // Test pages
  testGifAvatar: '/page-for-test/gif-avatar',
  testImageEditor: '/page-for-test/image-editor',
  testTwitchAlert: '/page-for-test/twitch-alert',
  testWaveForm: '/page-for-test/wave-form',
} as const
export type PathName = keyof typeof PATHS

/** SPEC §2 "Path constants only": named, but never routes (an address like these is simply not found). */
export const CONSTANT_ONLY_PATHS: readonly string[] = [
  PATHS.manageChannels,
  PATHS.connectChannels,
  PATHS.channelIdentification,
  PATHS.editVideo,
  PATHS.vocalPart1,
  PATHS.vocalPart2,
  PATHS.donate,
  PATHS.tip,
  PATHS.notFound,
]

/** SPEC §2 named routes the guards use. */
export const HOME_ROUTE = PATHS.home
/** Where a path that is not (yet) an allowed route goes. */
export const DEFAULT_ROUTE = PATHS.home
export const LOGIN_ROUTE = PATHS.login
/** Where a signed-in user lands: the welcome dashboard. */
export const SIGNED_IN_HOME_ROUTE = PATHS.dashboard
export const ADMIN_HOME_ROUTE = PATHS.admin

/**
 * The billing page and its sections (profile menu). Account settings live on /user-settings; the
 * payments feature adds its billing section there under #billing.
 */
export const ACCOUNT_SETTINGS_LINK = `${PATHS.userSettings}#account-settings`
export const MANAGE_BILLING_LINK = `${PATHS.userSettings}#billing`
export const QUICK_CREATE_LINK = `${PATHS.landing}#quick-create`

export const to = {
  adminEditUser: (id: number | string) => `/admin/edit-user/${encodeURIComponent(String(id))}`,
  adminOutboxMail: (id: string) => `/admin/outbox/${encodeURIComponent(id)}`,
  resetPassword: (token: string) => `${PATHS.resetPassword}?token=${encodeURIComponent(token)}`,
  userTip: (username: string) => `/${encodeURIComponent(username)}/tip`,
}

/** The mobile menu's Learn entry: the landing page explains the product and hosts Quick Create. */
export const LEARN_LINK = PATHS.landing
