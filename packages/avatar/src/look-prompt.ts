/**
 * Custom avatars from the SPEC §3 look prompt. A fixed dictionary maps words to features; whatever
 * the words leave open is drawn from a seed hashed from the whole prompt, so the same prompt always
 * gives the same avatar. Words in the negative prompt ban the features (and colours) they name,
 * including from the seeded choices.
 */
import {
  EYE_STYLES,
  FACIAL_HAIR,
  HAIR_STYLES,
  HATS,
  HEADWEAR_EXTRAS,
  LookPrompt,
  MODEL_STYLES,
  TOPS,
} from '@mouthpiece/contracts/media/avatar.schemas'
import type { AvatarLook, LookPromptInput } from '@mouthpiece/contracts/media/avatar.schemas'
import { hashString, rand01 } from './random'

type Extra = (typeof HEADWEAR_EXTRAS)[number]
interface Patch {
  top?: AvatarLook['top']
  hat?: AvatarLook['hat']
  hairStyle?: AvatarLook['hairStyle']
  facialHair?: AvatarLook['facialHair']
  eyeStyle?: AvatarLook['eyeStyle']
  modelStyle?: AvatarLook['modelStyle']
  extras?: Extra[]
  hairColor?: string
  skin?: string
}

export const COLORS: Record<string, string> = {
  red: '#D93B3B',
  crimson: '#B3213A',
  orange: '#F08A24',
  yellow: '#F2C94C',
  gold: '#D4A72C',
  green: '#3FAE5A',
  lime: '#9BD94C',
  teal: '#1FA99A',
  cyan: '#35C8E0',
  blue: '#3B6FE0',
  navy: '#23305E',
  purple: '#8A4FD8',
  violet: '#7B52C9',
  lavender: '#B9A3F0',
  pink: '#F26DB0',
  magenta: '#D13BC0',
  coral: '#FF6A59',
  black: '#22232A',
  white: '#F2F2F2',
  gray: '#8A8F99',
  grey: '#8A8F99',
  silver: '#BFC6D1',
  brown: '#7A4E2D',
  beige: '#D9C3A0',
  blonde: '#E8C66A',
  ginger: '#C4542C',
  neon: '#39FF88',
  mint: '#7FE0C0',
}
const HAIR_COLORS = [
  '#2B211C',
  '#5A3825',
  '#8B5A2B',
  '#E8C66A',
  '#C4542C',
  '#1F1F24',
  '#F26DB0',
  '#8A4FD8',
  '#3B6FE0',
  '#BFC6D1',
]
const SKINS: Record<string, string> = {
  pale: '#FFE3D3',
  fair: '#FBD5BD',
  light: '#F6CBA8',
  medium: '#E4AE86',
  olive: '#CE9A6B',
  tan: '#C68A5B',
  brown: '#9C6641',
  dark: '#6E4530',
  deep: '#4F3122',
}
const SKIN_TONES = Object.values(SKINS)
const EYE_COLORS = ['#4A3222', '#2F6FB5', '#3C8A4E', '#6B4A2E', '#7A7F8A', '#8A4FD8']
const TOP_COLORS = [
  '#FF6A59',
  '#3B6FE0',
  '#2E3440',
  '#3FAE5A',
  '#8A4FD8',
  '#F2C94C',
  '#1FA99A',
  '#D93B3B',
  '#F26DB0',
]

/** Word patterns (whole words, lower case) and the features they ask for. */
const RULES: [RegExp, Patch][] = [
  [/\b(hoodie|hoody|sweatshirt)\b/, { top: 'hoodie' }],
  [/\b(t-?shirt|tee|shirt)\b/, { top: 'tshirt' }],
  [/\b(jacket|leather|bomber|coat|blazer)\b/, { top: 'jacket' }],
  [/\b(suit|tuxedo|formal|business|tie)\b/, { top: 'suit' }],
  [/\b(sweater|jumper|knit|cardigan|turtleneck)\b/, { top: 'sweater' }],
  [/\b(tank|sleeveless|gym)\b/, { top: 'tank' }],
  [/\b(dress|gown)\b/, { top: 'dress' }],
  [/\b(cap|baseball)\b/, { hat: 'cap' }],
  [/\b(beanie|toque)\b/, { hat: 'beanie' }],
  [/\b(crown|king|queen|royal|prince|princess)\b/, { hat: 'crown' }],
  [/\b(cat|kitty|neko|cat ears)\b/, { hat: 'cat-ears' }],
  [/\b(bunny|rabbit)\b/, { hat: 'bunny-ears' }],
  [/\b(wizard|witch|mage|sorcerer|magic)\b/, { hat: 'wizard' }],
  [/\b(headband|sweatband|ninja)\b/, { hat: 'headband' }],
  [/\b(long hair|long-haired|rapunzel)\b/, { hairStyle: 'long' }],
  [/\bbob\b/, { hairStyle: 'bob' }],
  [/\b(spiky|spikes)\b/, { hairStyle: 'spiky' }],
  [/\b(curly|curls|afro)\b/, { hairStyle: 'curly' }],
  [/\b(ponytail|pony tail)\b/, { hairStyle: 'ponytail' }],
  [/\bbun\b/, { hairStyle: 'bun' }],
  [/\b(buzz|buzzcut|buzz cut|shaved)\b/, { hairStyle: 'buzz' }],
  [/\b(mohawk|punk)\b/, { hairStyle: 'mohawk' }],
  [/\b(bald|hairless)\b/, { hairStyle: 'bald' }],
  [/\bshort hair\b/, { hairStyle: 'short' }],
  [/\b(beard|bearded|viking|dwarf|santa)\b/, { facialHair: 'beard' }],
  [/\b(mustache|moustache)\b/, { facialHair: 'mustache' }],
  [/\b(stubble|scruffy|unshaven)\b/, { facialHair: 'stubble' }],
  [/\b(headset|headphones|gamer|gaming|streamer|twitch)\b/, { extras: ['headset'] }],
  [/\b(glasses|nerd|geek|spectacles|smart)\b/, { extras: ['glasses'] }],
  [/\b(sunglasses|shades)\b/, { extras: ['sunglasses'] }],
  [/\b(earrings?)\b/, { extras: ['earrings'] }],
  [/\b(freckles?|freckled)\b/, { extras: ['freckles'] }],
  [/\b(blush|blushing|kawaii)\b/, { extras: ['blush'] }],
  [/\b(scar|scarred|warrior|pirate)\b/, { extras: ['scar'] }],
  [/\b(visor|cyber|cyberpunk|robot|futuristic|sci-fi|scifi)\b/, { extras: ['visor'] }],
  [/\b(anime|manga|kawaii|cute)\b/, { eyeStyle: 'anime' }],
  [/\b(sleepy|tired|chill|lazy)\b/, { eyeStyle: 'sleepy' }],
  [/\b(sharp|fierce|villain|evil|edgy)\b/, { eyeStyle: 'sharp' }],
  [/\b(old|classic|flat|retro)\b/, { modelStyle: 'Old' }],
  [/\b(new|modern|soft|shaded|3d)\b/, { modelStyle: 'New' }],
  [/\b(santa)\b/, { hat: 'beanie', hairColor: COLORS.white }],
]
/** Generic words in a negative prompt that ban a whole category. */
const BAN_ALL: [RegExp, Patch][] = [
  [/\b(hats?|headwear)\b/, { hat: 'none' }],
  [/\b(facial hair|beards?)\b/, { facialHair: 'none' }],
  [/\b(accessories|accessory)\b/, { extras: [...HEADWEAR_EXTRAS] }],
  [/\b(eyewear)\b/, { extras: ['glasses', 'sunglasses', 'visor'] }],
]

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9#\s-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

function patchesOf(text: string, rules: [RegExp, Patch][]): Patch[] {
  return rules.filter(([re]) => re.test(text)).map(([, p]) => p)
}

/** Colours named in a text: `<colour> hair` / `<colour> eyes` / `<skin word> skin`, else clothing. */
function coloursOf(text: string): { hair?: string; eyes?: string; skin?: string; clothes: string[] } {
  const out: { hair?: string; eyes?: string; skin?: string; clothes: string[] } = { clothes: [] }
  for (const m of text.matchAll(/\b([a-z]+)\b(?:\s+(hair|haired|eyes|eyed|skin|skinned))?/g)) {
    const word = m[1]!
    const what = m[2]
    if (what?.startsWith('skin') && SKINS[word]) out.skin ??= SKINS[word]
    else if (!COLORS[word]) continue
    else if (what?.startsWith('hair') || word === 'blonde' || word === 'ginger') out.hair ??= COLORS[word]
    else if (what?.startsWith('eye')) out.eyes ??= COLORS[word]
    else if (!what) out.clothes.push(COLORS[word])
  }
  return out
}

export function lookFromPrompt(input: LookPromptInput): AvatarLook {
  const prompt = LookPrompt.parse(input)
  const fields = [
    prompt.wearing,
    prompt.color,
    prompt.style,
    prompt.inspired,
    prompt.modifier1,
    prompt.modifier2,
    prompt.positivePrompt,
  ].map(norm)
  const negative = norm(prompt.negativePrompt)
  const seed = hashString(JSON.stringify({ ...prompt, negativePrompt: negative, fields }))

  // What the negative prompt bans.
  const banned = {
    top: new Set<string>(),
    hat: new Set<string>(),
    hairStyle: new Set<string>(),
    facialHair: new Set<string>(),
    eyeStyle: new Set<string>(),
    extras: new Set<string>(),
    colours: new Set<string>(),
  }
  for (const p of [...patchesOf(negative, RULES), ...patchesOf(negative, BAN_ALL)]) {
    if (p.top) banned.top.add(p.top)
    if (p.hat === 'none') HATS.filter((h) => h !== 'none').forEach((h) => banned.hat.add(h))
    else if (p.hat) banned.hat.add(p.hat)
    if (p.hairStyle) banned.hairStyle.add(p.hairStyle)
    if (p.facialHair === 'none')
      FACIAL_HAIR.filter((h) => h !== 'none').forEach((h) => banned.facialHair.add(h))
    else if (p.facialHair) banned.facialHair.add(p.facialHair)
    if (p.eyeStyle) banned.eyeStyle.add(p.eyeStyle)
    p.extras?.forEach((e) => banned.extras.add(e))
    if (p.facialHair === 'beard') ['stubble', 'mustache'].forEach((h) => banned.facialHair.add(h))
    if (p.extras?.includes('glasses')) banned.extras.add('sunglasses')
  }
  const negColours = coloursOf(negative)
  for (const c of [...negColours.clothes, negColours.hair, negColours.eyes]) if (c) banned.colours.add(c)

  // What the positive fields ask for, earlier fields first.
  const want: Patch = {}
  const extras = new Set<Extra>()
  const clothes: string[] = []
  let hairColor: string | undefined
  let eyeColor: string | undefined
  let skin: string | undefined
  fields.forEach((text, i) => {
    for (const p of patchesOf(text, RULES)) {
      for (const key of ['top', 'hat', 'hairStyle', 'facialHair', 'eyeStyle', 'modelStyle'] as const) {
        if (p[key] !== undefined && want[key] === undefined) Object.assign(want, { [key]: p[key] })
      }
      p.extras?.forEach((e) => extras.add(e))
      hairColor ??= p.hairColor
    }
    const c = coloursOf(text)
    hairColor ??= c.hair
    eyeColor ??= c.eyes
    skin ??= c.skin
    // The colour field paints the clothes first; colours elsewhere follow.
    if (i === 1) clothes.unshift(...c.clothes)
    else clothes.push(...c.clothes)
  })

  let k = 0
  const choose = <T extends string>(
    options: readonly T[],
    ban: Set<string>,
    wanted?: T,
    weights?: (o: T) => number,
  ): T => {
    k++
    if (wanted !== undefined && !ban.has(wanted)) return wanted
    const allowed = options.filter((o) => !ban.has(o))
    const pool = allowed.length ? allowed : options
    const total = pool.reduce((s, o) => s + (weights?.(o) ?? 1), 0)
    let r = rand01(seed, k) * total
    for (const o of pool) {
      r -= weights?.(o) ?? 1
      if (r <= 0) return o
    }
    return pool[pool.length - 1]!
  }
  const chooseColour = (palette: readonly string[], wanted?: string) => {
    k++
    if (wanted && !banned.colours.has(wanted)) return wanted
    const allowed = palette.filter((c) => !banned.colours.has(c))
    const pool = allowed.length ? allowed : palette
    return pool[Math.floor(rand01(seed, k) * pool.length)]!
  }

  const hairStyle = choose(HAIR_STYLES, banned.hairStyle, want.hairStyle, (o) =>
    o === 'bald' || o === 'mohawk' ? 0.3 : 1,
  )
  const hat = choose(HATS, banned.hat, want.hat, (o) => (o === 'none' ? 8 : 0.4))
  const facialHair = choose(FACIAL_HAIR, banned.facialHair, want.facialHair, (o) => (o === 'none' ? 6 : 1))
  // A streamer product: most seeded avatars wear a headset unless asked otherwise.
  if (!banned.extras.has('headset') && rand01(seed, 77) < 0.5) extras.add('headset')
  for (const e of banned.extras) extras.delete(e as Extra)
  if (extras.has('sunglasses')) extras.delete('glasses')
  if (extras.has('visor')) ['glasses', 'sunglasses'].forEach((e) => extras.delete(e as Extra))
  const topColor = chooseColour(TOP_COLORS, clothes[0])
  return {
    modelStyle: choose(MODEL_STYLES, new Set(), want.modelStyle),
    skin: skin ?? SKIN_TONES[Math.floor(rand01(seed, 90) * SKIN_TONES.length)]!,
    hairStyle,
    hairColor: chooseColour(HAIR_COLORS, hairColor),
    eyeStyle: choose(EYE_STYLES, banned.eyeStyle, want.eyeStyle),
    eyeColor: chooseColour(EYE_COLORS, eyeColor),
    top: choose(TOPS, banned.top, want.top),
    topColor,
    accentColor: chooseColour(
      TOP_COLORS.filter((c) => c !== topColor),
      clothes[1],
    ),
    hat,
    hatColor: chooseColour(TOP_COLORS, clothes[1] ?? clothes[0]),
    facialHair,
    extras: HEADWEAR_EXTRAS.filter((e) => extras.has(e)),
    headScale: 0.94 + rand01(seed, 91) * 0.1,
    seed,
  }
}
