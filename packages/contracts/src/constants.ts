/** SPEC §9 business constants and limits, named as in the spec. */

export const ACCENT_COLOR = '#FF6A59'
export const HEADER_MIN_HEIGHT_PX = 88
export const MOBILE_BREAKPOINT_PX = 800
export const BREAKPOINTS_PX = [640, 768, 872, 1024, 1280, 1366, 1441, 1536] as const
export const BUTTON_TYPES = ['primary', 'secondary', 'tertiary', 'quaternary'] as const
export type ButtonType = (typeof BUTTON_TYPES)[number]

// Sessions
export const USER_TOKEN_LIFETIME_SECONDS = 604_800
export const AUTH_COOKIE_PREFIX = 'auth.'
export const USER_TOKEN_COOKIE = `${AUTH_COOKIE_PREFIX}_token.local`
export const USER_TOKEN_EXPIRY_COOKIE = `${AUTH_COOKIE_PREFIX}_token_expiration.local`
export const ADMIN_KEY_COOKIE = `${AUTH_COOKIE_PREFIX}admin_key`
export const REDIRECT_COOKIE = 'redirect_url'
export const ADMIN_AUTH_INDICATOR_DELAY_MS = 1000
export const DEFAULT_FETCH_DELAY_MS = 200
export const IDLE_PREFETCH_TIMEOUT_MS = 2000
export const CHUNK_RELOAD_INTERVAL_MS = 60_000

// Timeline
export const TIMELINE = {
  frameSecondsMin: 1,
  frameSecondsMax: 8,
  frameSecondsInitial: 5,
  frameSecondsStep: 1,
  frameWidth: 145,
  frameHeight: 72,
  maxLayer: 4,
  assetHeight: 40,
  assetHeightMin: 30,
  assetHeightMax: 50,
} as const

// Audio level thresholds (dB)
export const AUDIO_LEVEL = { speech: -60, yellow: -40, red: -20, max: 0 } as const
export const NOTIFICATION_TOAST_MS = 3000

// Canvas and editor defaults
export const CANVAS = { width: 840, height: 465 } as const
export const DEFAULT_AVATAR_BOX = { width: 256, height: 256 } as const
export const DEFAULT_ENERGY = 1.5
export const DEFAULT_SAMPLES = 4
export const DEFAULT_CAPTION_BOX = { w: 420, h: 64, x: 400, y: 350 } as const

export const FONT_SIZES_PT = [16, 20, 24, 28, 32, 36, 40, 48, 56, 64, 72, 80, 96] as const
export const DEFAULT_FONT_SIZE_PT = 32
export const DISPLAY_FONT_PX = { min: 12, max: 80, default: 40 } as const
/** 96 px per 72 pt. */
export const PT_TO_PX = 96 / 72
export const CAPTION_FONTS = [
  'Lato',
  'Noto Sans JP',
  'Montserrat',
  'Open Sans',
  'Roboto',
  'Source Sans Pro',
  'Poppins',
  'Raleway',
  'Bebas Neue',
  'Helvetica',
  'Arial',
  'Roboto Condensed',
  'Impact',
  'Agency FB',
  'Ubuntu',
] as const
export type CaptionFont = (typeof CAPTION_FONTS)[number]
export const DEFAULT_CAPTION_FONT: CaptionFont = 'Roboto'
export const FONT_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const
export const DEFAULT_FONT_WEIGHT = 800
export const DEFAULT_TEXT_COLOR = '#FFFFFF'
export const DEFAULT_OUTLINE_COLOR = '#000000'
export const DEFAULT_CAPTION_COLORS = ['#05FBCA', '#FFFFFF'] as const
export const LOADING_PHRASES = [
  'Doing vocal warmups…',
  'Finding the right words…',
  'Striking a pose…',
  'Checking the lighting…',
  'Clearing our throat…',
  'Rolling camera…',
] as const

// Project defaults (SPEC §3)
export const PROJECT_SETTING_DEFAULTS = {
  video_volume: 1,
  avatar_volume: 1,
  video_resolution: '720p',
  video_orientation: 'landscape',
} as const
export const DEFAULT_INFLUENCER = {
  description: 'a streamer avatar',
  modelStyle: 'Old',
  emotion: 'Neutral',
} as const
export const ASSET_ID_PREFIX = { audio: 'audio_id_', video: 'video_id_', gifAvatar: 'gif_avatar_' } as const

/** Alert pricing tiers (SPEC §9): number of alerts, cost per alert, plan cost. */
export const ALERT_PRICING_TIERS = [
  { numberOfAlerts: 50, costPerAlert: 0.2, planCost: 10, note: '' },
  { numberOfAlerts: 250, costPerAlert: 0.2, planCost: 50, note: '' },
  { numberOfAlerts: 300, costPerAlert: 0.18, planCost: 59, note: '' },
  { numberOfAlerts: 550, costPerAlert: 0.15, planCost: 101, note: '' },
  { numberOfAlerts: 850, costPerAlert: 0.13, planCost: 145, note: '' },
  { numberOfAlerts: 1250, costPerAlert: 0.11, planCost: 207, note: '' },
  { numberOfAlerts: 2050, costPerAlert: 0.1, planCost: 284, note: '' },
  { numberOfAlerts: 3000, costPerAlert: 0.1, planCost: 379, note: '3000+' },
] as const

/** Tracking event codes (SPEC §9). */
export const TrackingEvent = {
  userLogin: 1,
  quickCreatesMade: 2,
  quickCreatesDownloaded: 3,
  projectCreated: 4,
  projectExported: 5,
  projectDownloaded: 6,
  avatarCreated: 7,
  avatarSaved: 8,
  dialogCreated: 9,
  refreshQuickCreate: 38,
  refreshFullEditor: 39,
} as const
export const PaymentStep = { enterPaymentInformation: 5, clickFreeTrial: 6, visitPage: 7 } as const

// Notifications
export const NOTIFICATION_PAGE_SIZE = 10
export const NOTIFICATION_ASSUMED_PAGES = 2
export const NOTIFICATION_LOADER_THRESHOLD = 0.1
export const SECONDS_PER_DAY = 86_400

// Sentence categories
export const MIN_ACTIVE_SENTENCE_CATEGORIES = 3
export const DEFAULT_CATEGORY_ORDER = 1
