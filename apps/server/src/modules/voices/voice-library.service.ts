/**
 * The voice library read model: every voice a caller may speak with, in the order every picker
 * shows it — their personal voices, the voice profiles, the creators' voices, then the engine
 * voices (curated first). One list, so a voice made on one page is offered on all of them.
 */
import { DEFAULT_VOICE_ID } from '@mouthpiece/contracts/media/voices.schemas'
import type { Voice } from '@mouthpiece/contracts/media/voices.schemas'
import type { LibraryTag, LibraryVoice } from '@mouthpiece/contracts/voices/voice-library.contract'
import { findVoice, influencerPresets, listVoices } from '../../platform/media'
import { CURATED_ENGINE_VOICES, isOffered, labelParts } from './engine-curation'
import * as personal from './personal-voices.service'
import { publicList } from './voice-profiles.service'
import type { VoicesDeps } from './voices.deps'

const GENDER_TAG: Record<Voice['gender'], string | null> = { male: 'male', female: 'female', unknown: null }

function engineTags(v: Voice, style?: string): LibraryTag[] {
  const { language, accent, variant } = labelParts(v)
  const tags: LibraryTag[] = [{ category: 'language', name: language }]
  if (accent) tags.push({ category: 'accent', name: accent })
  const gender = GENDER_TAG[v.gender]
  if (gender) tags.push({ category: 'gender', name: gender })
  const whisper = variant?.toLowerCase().includes('whisper')
  if (style || whisper) tags.push({ category: 'style', name: style ?? 'whisper' })
  return tags
}

const place = (v: Voice) => {
  const { language, accent } = labelParts(v)
  return accent ? `${language} (${accent})` : language
}
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** The engine voices offered: the curated set in its order, then every other real voice (English first). */
async function engineVoices(): Promise<LibraryVoice[]> {
  const all = (await listVoices()).filter(isOffered)
  const byId = new Map(all.map((v) => [v.id, v]))
  const curated: LibraryVoice[] = []
  for (const c of CURATED_ENGINE_VOICES) {
    const v = byId.get(c.id) ?? (await findVoice(c.id))
    if (!v) continue
    curated.push({
      id: v.id,
      name: c.name,
      group: 'engine',
      detail: `${place(v)} · ${c.style}`,
      tags: engineTags(v, c.style),
      curated: true,
      sample_url: null,
    })
  }
  const shown = new Set(curated.map((v) => v.id))
  const rest = all
    .filter((v) => !shown.has(v.id))
    .sort(
      (a, b) =>
        Number(!a.language.startsWith('en')) - Number(!b.language.startsWith('en')) ||
        a.label.localeCompare(b.label),
    )
    .map<LibraryVoice>((v) => ({
      id: v.id,
      name: capitalise(labelParts(v).variant ?? place(v)),
      group: 'engine',
      detail: labelParts(v).variant ? place(v) : `${place(v)} · ${v.engine}`,
      tags: engineTags(v),
      curated: false,
      sample_url: null,
    }))
  return [...curated, ...rest]
}

/** The built-in creators' voices, under their names. */
async function creatorVoices(): Promise<LibraryVoice[]> {
  const out: LibraryVoice[] = []
  for (const c of influencerPresets) {
    const v = await findVoice(c.voiceId)
    if (!v) continue
    out.push({
      id: v.id,
      name: `${c.name}'s voice`,
      group: 'creator',
      detail: place(v),
      tags: engineTags(v),
      curated: true,
      sample_url: null,
    })
  }
  return out
}

export async function voiceLibrary(
  deps: VoicesDeps,
  userId: number | null,
): Promise<{ voices: LibraryVoice[]; default_id: string }> {
  const [mine, profiles, creators, engine] = await Promise.all([
    userId ? personal.list(deps.db, userId) : [],
    publicList(deps),
    creatorVoices(),
    engineVoices(),
  ])
  const own = await Promise.all(
    mine.map(async (p): Promise<LibraryVoice> => {
      const base = await findVoice(p.base_voice_id)
      return {
        id: p.voice_id,
        name: p.name,
        group: 'personal',
        detail: p.label,
        tags: base ? engineTags(base).filter((t) => t.category === 'language') : [],
        curated: true,
        sample_url: null,
      }
    }),
  )
  const fromProfiles = profiles.profiles.map<LibraryVoice>((p) => ({
    id: p.voice_id,
    name: p.name,
    group: 'profile',
    detail: p.description || p.engine_voice_label,
    tags: p.tags.map((t) => ({ category: t.category, name: t.name })),
    curated: true,
    sample_url: p.sample_url,
  }))
  // One entry per voice id: the first group that offers it names it (a creator's voice is not
  // offered again as a bare engine voice).
  const seen = new Set<string>()
  const voices = [...own, ...fromProfiles, ...creators, ...engine].filter(
    (v) => !seen.has(v.id) && Boolean(seen.add(v.id)),
  )
  return { voices, default_id: DEFAULT_VOICE_ID }
}
