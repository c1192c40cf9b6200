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
const CHEERMOTES = /\b(?:cheer|biblethump|cheerwhal|corgo|uni|showlove|party|seemsgood|pride|kappa|frankerz|heyguys|dansgame|elegiggle|trihard|kreygasm|4head|swiftrage|notlikethis|failfish|vohiyo|pjsalt|mrdestructoid|bday|ripcheer|shamrock|doodlecheer|bitboss|streamlabs|muxy|holidaycheer|goal|anon|charity)\d+\b/gi
/** Common Twitch/BTTV/7TV emote codes: read aloud they are gibberish. Case-sensitive on purpose. */
const EMOTES = new Set([
  'Kappa', 'KappaPride', 'Keepo', 'PogChamp', 'Pog', 'PogU', 'POGGERS', 'LUL', 'LULW', 'OMEGALUL', 'KEKW', 'Kreygasm',
  'BibleThump', 'ResidentSleeper', 'monkaS', 'monkaW', 'PepeHands', 'PepeLaugh', 'Sadge', 'catJAM', 'EZ', 'Jebaited',
  'CoolStoryBob', 'HeyGuys', 'VoHiYo', 'WutFace', 'BabyRage', 'SwiftRage', 'PJSalt', 'EleGiggle', 'MrDestructoid',
  'FrankerZ', 'TriHard', 'DansGame', 'SeemsGood', 'NotLikeThis', 'FailFish', '4Head', 'HeyGuys', 'GivePLZ', 'TakeNRG',
  'SMOrc', 'CoolCat', 'FeelsGoodMan', 'FeelsBadMan', 'FeelsStrongMan', 'widepeepoHappy', 'peepoClap', 'Clap', 'PauseChamp',
  'WeirdChamp', 'HYPERS', 'ResidentSleeper', 'BloodTrail', 'TwitchUnity', 'HSWP', 'NotATK', 'copyThis', 'pastaThat',
])
/** Links in any common shape: scheme, www., or a bare domain with a well-known ending. */
const LINKS = /\b(?:(?:https?|ftp):\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|gg|tv|ly|xyz|ru)\b(?:\/\S*)?/gi
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

/** Links, cheermotes, emotes, emoji, spam repetition and control characters out; whitespace tidied. */
export function stripNoise(text: string, opts: { stripLinks: boolean }): string {
  let t = text.replace(CONTROL, ' ')
  if (opts.stripLinks) t = t.replace(LINKS, ' ')
  t = t.replace(CHEERMOTES, ' ').replace(EMOJI, ' ')
  t = t
    .split(/\s+/)
    .filter((w) => !EMOTES.has(w.replace(/[.,!?]+$/, '')))
    .join(' ')
  // The same word three or more times in a row is spam: say it once.
  t = t.replace(/(\b[\p{L}\p{N}']+\b)(?:[\s,.!]+\1\b){2,}/giu, '$1')
  // "!!!!!!!!" and "loooooool": at most three of a character.
  t = t.replace(/(.)\1{3,}/gu, '$1$1$1')
  return t.replace(/\s+/g, ' ').trim()
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
export function moderateText(text: string, settings: ModerationSettings, admin: AdminModeration): ModerationResult {
  const clean = stripNoise(text, { stripLinks: settings.strip_links })
  const max = Math.min(settings.max_chars, admin.max_chars)
  if (!admin.enabled) return { spoken: truncateSpoken(clean, max), flagged: false, matches: [], skip: false }
  const black = [...(settings.use_base_list ? [...BASE_PROFANITY_LIST, ...admin.black] : []), ...settings.black_list.map(asSuffixed)]
  const white = [...admin.white, ...settings.white_list]
  const matches = filterFor(black, white).find(clean)
  const flagged = matches.length > 0
  const censored = flagged ? censor(clean, matches, BEEP) : clean
  return {
    spoken: truncateSpoken(censored.replace(/\s+/g, ' ').trim(), max),
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
