/**
 * Which engine voices a creator is offered (docs/decisions/0058-curated-engine-voices.md).
 * espeak ships test and novelty variants and fictional languages beside its real voices: those are
 * never offered (a voice already saved somewhere still speaks, `findVoice` knows every id). A short
 * named set per language is shown first; every other real voice waits behind "more voices".
 */
import type { Voice } from '@mouthpiece/contracts/media/voices.schemas'

/** espeak variants made to test the synthesiser or as jokes, not as a voice someone speaks in. */
const NOVELTY_VARIANTS = new Set(
  [
    'fast', // "fast_test"
    'announcer', // "Half-LifeAnnouncementSystem"
    'RicishayMax',
    'RicishayMax2',
    'RicishayMax3',
    'robosoft',
    'robosoft2',
    'robosoft3',
    'robosoft4',
    'robosoft5',
    'robosoft6',
    'robosoft7',
    'robosoft8',
    'UniRobot',
    'anikaRobot',
    'Demonic',
    'Tweaky',
    'croak',
    'klatt2',
    'klatt3',
    'klatt4',
    'klatt5',
    'klatt6',
  ].map((v) => v.toLowerCase()),
)

/** Languages from fiction (Klingon, Quenya, Sindarin, Belter, Pyash): nobody's audience speaks them. */
const FICTIONAL_LANGUAGES = new Set(['piqd', 'qya', 'sjn', 'qdb', 'py'])

export function isOffered(v: Voice): boolean {
  if (v.engine !== 'espeak') return true
  if (v.variant && NOVELTY_VARIANTS.has(v.variant.toLowerCase())) return false
  return !FICTIONAL_LANGUAGES.has(v.language)
}

/**
 * The curated set, in the order shown: per language a few clearly different registers (a lower and
 * a higher voice, an accent), with a name a creator can remember. The style says how it sounds.
 * Checked by a measured listening pass (`npm run bench -- voice-listening`, decision 0077): no
 * member clips, drones or sounds rough, and no two of a language are the same voice — an accent
 * member speaks with another variant than its neighbour, so it differs in voice as well as accent.
 */
export const CURATED_ENGINE_VOICES: ReadonlyArray<{ id: string; name: string; style: string }> = [
  { id: 'festival:cmu_us_slt_arctic_hts', name: 'Sadie', style: 'warm' },
  { id: 'espeak:en-us+f3', name: 'Fiona', style: 'bright' },
  { id: 'espeak:en-us+Annie', name: 'Annie', style: 'soft' },
  { id: 'espeak:en-us+m3', name: 'Marcus', style: 'steady' },
  { id: 'espeak:en-us+m8', name: 'Morgan', style: 'deep' }, // 89 Hz; m7 measured 114 Hz, above Marcus
  { id: 'espeak:en-us-nyc', name: 'Nico', style: 'quick' },
  { id: 'espeak:en-gb-x-rp+f2', name: 'Ava', style: 'clear' }, // +f3 was Fiona's voice
  { id: 'espeak:en-gb-x-rp', name: 'Rupert', style: 'formal' },
  { id: 'espeak:en-gb-scotland+michel', name: 'Hamish', style: 'friendly' }, // was Rupert's voice
  { id: 'espeak:es', name: 'Diego', style: 'steady' },
  { id: 'espeak:es+f3', name: 'Lucía', style: 'bright' },
  { id: 'espeak:es-419+michel', name: 'Mateo', style: 'friendly' }, // was Diego's voice
  { id: 'espeak:fr-fr', name: 'Julien', style: 'steady' },
  { id: 'espeak:fr-fr+f3', name: 'Camille', style: 'bright' },
  { id: 'espeak:de', name: 'Lukas', style: 'steady' },
  { id: 'espeak:de+f3', name: 'Lena', style: 'bright' },
  { id: 'espeak:it', name: 'Marco', style: 'steady' },
  { id: 'espeak:it+f3', name: 'Giulia', style: 'bright' },
  { id: 'espeak:pt-br', name: 'Rafael', style: 'steady' },
  { id: 'espeak:pt-br+f3', name: 'Beatriz', style: 'bright' },
  { id: 'espeak:nl', name: 'Daan', style: 'steady' },
  { id: 'espeak:pl', name: 'Kuba', style: 'steady' },
  { id: 'espeak:hi', name: 'Arjun', style: 'steady' },
  { id: 'espeak:ja', name: 'Haruto', style: 'steady' },
  { id: 'espeak:cmn', name: 'Wei', style: 'steady' },
]

/**
 * An engine label split into what a picker shows: "English (America) · female3 (espeak)" →
 * language "English", accent "America", variant "female3".
 */
export function labelParts(v: Voice): { language: string; accent: string | null; variant: string | null } {
  const [place = v.name, variant] = v.label.replace(/\s*\((espeak|Festival[^)]*)\)$/, '').split(' · ')
  const m = /^([^(]+?)\s*(?:\((.+)\))?$/.exec(place.trim())
  return {
    language: (m?.[1] ?? place).trim(),
    accent: m?.[2]?.trim() ?? null,
    variant: variant?.trim() || null,
  }
}
