import type { ModerationSettings } from '@mouthpiece/contracts/donations/donations.schemas'
import { BASE_PROFANITY_LIST } from './profanity-base-list'
import { censor, compileProfanity } from './profanity'
import type { ProfanityFilter } from './profanity'

/** What the admin set for everyone (profanity filter setting, bad-word list, white list). */
export interface AdminModeration {
  enabled: boolean
  max_chars: number
  black: readonly string[]
  white: readonly string[]
}

export interface ModerationResult {
  /** The text to speak (and show), cleaned. */
  spoken: string
  flagged: boolean
  /** The original words the filter caught. */
  matches: string[]
  /** The creator chose "skip" and the filter caught something. */
  skip: boolean
}

export const BEEP = 'beep'

/** Cheermotes prefix bits messages ("Cheer100 great stream"); spoken they are noise. */
const CHEERMOTES =
  /\b(?:cheer|biblethump|cheerwhal|corgo|uni|showlove|party|seemsgood|pride|kappa|frankerz|heyguys|dansgame|elegiggle|trihard|kreygasm|4head|swiftrage|notlikethis|failfish|vohiyo|pjsalt|mrdestructoid|bday|ripcheer|shamrock|doodlecheer|bitboss|streamlabs|muxy|holidaycheer|goal|anon|charity)\d+\b/gi
/** Common Twitch/BTTV/7TV emote codes: read aloud they are gibberish. Case-sensitive on purpose. */
const EMOTES = new Set([
  'Kappa',
  'KappaPride',
  'Keepo',
  'PogChamp',
  'Pog',
  'PogU',
  'POGGERS',
  'LUL',
  'LULW',
  'OMEGALUL',
  'KEKW',
  'Kreygasm',
  'BibleThump',
  'ResidentSleeper',
  'monkaS',
  'monkaW',
  'PepeHands',
  'PepeLaugh',
  'Sadge',
  'catJAM',
  'EZ',
  'Jebaited',
  'CoolStoryBob',
  'HeyGuys',
  'VoHiYo',
  'WutFace',
  'BabyRage',
  'SwiftRage',
  'PJSalt',
  'EleGiggle',
  'MrDestructoid',
  'FrankerZ',
  'TriHard',
  'DansGame',
  'SeemsGood',
  'NotLikeThis',
  'FailFish',
  '4Head',
  'HeyGuys',
  'GivePLZ',
  'TakeNRG',
  'SMOrc',
  'CoolCat',
  'FeelsGoodMan',
  'FeelsBadMan',
  'FeelsStrongMan',
  'widepeepoHappy',
  'peepoClap',
  'Clap',
  'PauseChamp',
  'WeirdChamp',
  'HYPERS',
  'ResidentSleeper',
  'BloodTrail',
  'TwitchUnity',
  'HSWP',
  'NotATK',
  'copyThis',
  'pastaThat',
])
/** Links in any common shape: scheme, www., or a bare domain with a well-known ending. */
const LINKS =
  /\b(?:(?:https?|ftp):\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|gg|tv|ly|xyz|ru)\b(?:\/\S*)?/gi
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\uFE0F|\u200D/gu
const CONTROL = /\p{Cc}/gu

const filters = new Map<string, ProfanityFilter>()
/** Compiled filters by list contents; a creator's lists change rarely, alerts come often. */
function filterFor(black: readonly string[], white: readonly string[]): ProfanityFilter {
  const key = `${black.join('\n')}\u0000${white.join('\n')}`
  let f = filters.get(key)
  if (!f) {
    if (filters.size > 200) filters.clear()
    f = compileProfanity({ black, white })
    filters.set(key, f)
  }
  return f
}

/** What any text may carry that speech cannot say: control characters and emoji. */
const unspeakable = (text: string) => text.replace(CONTROL, ' ').replace(EMOJI, ' ')

const tidy = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * A message: links, cheermotes, emotes, emoji, spam repetition and control characters out;
 * whitespace tidied. Letters and digits stay as the viewer wrote them ("1000000 bits" is a number,
 * "loooool" a word): repeated letters matter only for catching bad words, which the profanity
 * matcher does itself.
 */
export function stripNoise(text: string, opts: { stripLinks: boolean }): string {
  let t = unspeakable(text)
  if (opts.stripLinks) t = t.replace(LINKS, ' ')
  t = t.replace(CHEERMOTES, ' ')
  t = t
    .split(/\s+/)
    .filter((w) => !EMOTES.has(w.replace(/[.,!?]+$/, '')))
    .join(' ')
  // The same word three or more times in a row is spam: say it once.
  t = t.replace(/(\b[\p{L}\p{N}']+\b)(?:[\s,.!]+\1\b){2,}/giu, '$1')
  // "!!!!!!!!" and "????": at most three of a punctuation mark or symbol; letters and digits are left alone.
  t = t.replace(/([^\p{L}\p{N}\s])\1{3,}/gu, '$1$1$1')
  return tidy(t)
}

/**
 * A sender's name is someone's name, whatever it looks like: "Kappa", "EZ" and "Cheer100" are
 * viewers, "Cheerer11111" keeps its digits, "jack.tv" its dot. Only what speech cannot say goes.
 */
export function cleanName(name: string): string {
  return tidy(unspeakable(name))
}

/** Cuts at the last word boundary before `max` characters. */
export function truncateSpoken(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max + 1)
  const space = cut.lastIndexOf(' ')
  return (space >= max * 0.5 ? cut.slice(0, space) : text.slice(0, max)).replace(/[\s,;:.-]+$/, '')
}

/**
 * Everything a message goes through before it is spoken: noise stripped, the profanity filter
 * (base list + admin list + creator list, minus both white lists), then the length cap. `beep`
 * replaces caught words; `skip` marks the whole alert to be skipped.
 */
export function moderateText(
  text: string,
  settings: ModerationSettings,
  admin: AdminModeration,
): ModerationResult {
  return moderate(stripNoise(text, { stripLinks: settings.strip_links }), settings, admin)
}

/** The sender's name through the same filter, cleaned as a name (see `cleanName`); never skipped, at most 60 characters. */
export function moderateName(
  name: string,
  settings: ModerationSettings,
  admin: AdminModeration,
): ModerationResult {
  return moderate(cleanName(name), { ...settings, action: 'beep', max_chars: MAX_SPOKEN_NAME }, admin)
}

const MAX_SPOKEN_NAME = 60

function moderate(clean: string, settings: ModerationSettings, admin: AdminModeration): ModerationResult {
  const max = Math.min(settings.max_chars, admin.max_chars)
  if (!admin.enabled) return { spoken: truncateSpoken(clean, max), flagged: false, matches: [], skip: false }
  const black = [
    ...(settings.use_base_list ? [...BASE_PROFANITY_LIST, ...admin.black] : []),
    ...settings.black_list.map(asSuffixed),
  ]
  const white = [...admin.white, ...settings.white_list]
  const matches = filterFor(black, white).find(clean)
  const flagged = matches.length > 0
  const censored = flagged ? censor(clean, matches, BEEP) : clean
  return {
    spoken: truncateSpoken(tidy(censored), max),
    flagged,
    matches: matches.map((m) => m.text),
    skip: flagged && settings.action === 'skip',
  }
}

/** A creator's word also catches its usual endings ("idiot" → "idiots"), unless they wrote a marker. */
const asSuffixed = (word: string) => (/[+*]$/.test(word) || word.includes(' ') ? word : `${word}+`)

/** The base list as shown to creators (markers dropped). */
export function baseListWords(adminBlack: readonly string[]): string[] {
  return [...new Set([...BASE_PROFANITY_LIST, ...adminBlack].map((w) => w.replace(/[+*]$/, '')))].sort()
}
