import type { SpokenPreview, VoiceSettings } from '@mouthpiece/contracts/voices/voices.contract'
import { DEFAULT_VOICE_ID } from '@mouthpiece/contracts/media/voices.schemas'
import type { Voice, VoiceProfile } from '@mouthpiece/contracts/media/voices.schemas'
import { ProcessStatus } from '@mouthpiece/contracts/statuses'
import type { Queryable } from '../../platform/db/client'
import { AppError } from '../../platform/http/errors'
import {
  findVoice,
  inBackground,
  influencerPresets,
  listVoices,
  MediaInputError,
  speak,
  wavBytes,
} from '../../platform/media'
import type { Owner } from '../../platform/http/visitor'
import { owns } from '../../platform/http/visitor'
import * as repo from './voices.repo'
import { resolvePersonal } from './personal-voices.service'
import { isOffered } from './engine-curation'

export const voiceNotFound = () => new AppError('not_found', 'Voice not found', 404)
export const sampleNotFound = () => new AppError('not_found', 'Voice sample not found', 404)

/** A media input problem (bad text, unknown voice) as the answer the caller sees. */
export function mediaError(error: unknown): unknown {
  if (!(error instanceof MediaInputError)) return error
  if (error.code === 'unknown_voice') return voiceNotFound()
  return new AppError(error.code, error.message, 422)
}

/** Voices the pickers show first: the influencers' own, then a few distinct English ones. */
const EXTRA_FEATURED = ['espeak:en-us+f3', 'espeak:en-us+m7', 'espeak:en-gb-x-rp', 'espeak:en-us+whisper']

export async function voicesList(): Promise<{ voices: Voice[]; featured: string[]; default_id: string }> {
  const voices = (await listVoices()).filter(isOffered)
  const featured = [
    ...new Set([DEFAULT_VOICE_ID, ...influencerPresets.map((i) => i.voiceId), ...EXTRA_FEATURED]),
  ]
  const known = new Set(voices.map((v) => v.id))
  const extra: Voice[] = []
  for (const id of featured) {
    if (known.has(id)) continue
    const v = await findVoice(id)
    if (v) extra.push(v)
  }
  const all = [...extra, ...voices]
  const rank = (v: Voice) => {
    const i = featured.indexOf(v.id)
    return i === -1 ? featured.length + (v.language.startsWith('en') ? 0 : 1) : i
  }
  return {
    voices: all.sort((a, b) => rank(a) - rank(b)),
    featured: featured.filter((id) => all.some((v) => v.id === id)),
    default_id: DEFAULT_VOICE_ID,
  }
}

/** Checks a voice id exists (404 otherwise) and returns it. */
export async function requireVoice(id: string): Promise<Voice> {
  const voice = await findVoice(id)
  if (!voice) throw voiceNotFound()
  return voice
}

/**
 * Checks a voice chosen for later use (a setting, a setup, a scene): the caller's own personal
 * voice, a voice profile or an engine voice. Another user's personal voice is not found (404).
 */
export async function checkVoiceChoice(db: Queryable, userId: number, id: string): Promise<void> {
  if (!(await resolvePersonal(db, userId, id))) await requireVoice(id)
}

/** The voice a saved choice speaks with now: a personal voice as its match profile or clone, else itself. */
export async function speechFor(
  db: Queryable,
  userId: number,
  id: string,
): Promise<{ voiceId: string; matchProfile?: VoiceProfile }> {
  return (await resolvePersonal(db, userId, id)) ?? { voiceId: id }
}

/** The measured profile of an uploaded sample the caller owns, for voice match. */
export async function sampleProfile(
  db: Queryable,
  owner: Owner,
  uuid: string | undefined,
): Promise<VoiceProfile> {
  if (!uuid)
    throw new AppError('validation', 'Please choose a voice sample to match', 422, {
      sample_uuid_path: ['Please choose a voice sample to match'],
    })
  const row = await repo.findUpload(db, uuid)
  if (!row || !owns(owner, row)) throw sampleNotFound()
  if (row.status === ProcessStatus.inprogress)
    throw new AppError('not_ready', 'The voice sample is still being processed. Try again in a moment.', 409)
  if (!row.profile)
    throw new AppError(
      'no_voice',
      'No speaking voice was found in that sample. Please upload a recording of someone talking.',
      422,
    )
  return row.profile
}

/**
 * The voice a request speaks with, checked: a personal voice (`personal:<id>`, the owner's only)
 * speaks as its match profile or its neural clone; otherwise the built-in voice with its effect.
 */
export async function resolveSpeech(
  db: Queryable,
  owner: Owner,
  requested: string,
  effect: VoiceSettings['voice_effect'],
  sampleUuid: string | undefined,
) {
  const personal = await resolvePersonal(db, owner.userId, requested)
  const voiceId = personal?.voiceId ?? requested
  const finalEffect = personal?.matchProfile ? 'match' : personal && effect === 'match' ? 'none' : effect
  if (finalEffect !== 'match') await requireVoice(voiceId)
  const matchProfile =
    personal?.matchProfile ??
    (finalEffect === 'match' ? await sampleProfile(db, owner, sampleUuid) : undefined)
  return { voiceId, effect: finalEffect, matchProfile }
}

/** Speaks a short line now: the audio inline plus the word and viseme timeline the avatar animates by. */
export async function preview(
  db: Queryable,
  owner: Owner,
  body: VoiceSettings & { text: string },
  signal?: AbortSignal,
): Promise<SpokenPreview> {
  const started = performance.now()
  const { voiceId, effect, matchProfile } = await resolveSpeech(
    db,
    owner,
    body.voice_id ?? DEFAULT_VOICE_ID,
    body.voice_effect,
    body.sample_uuid_path,
  )
  const spoken = await inBackground(() =>
    speak(
      {
        text: body.text,
        voiceId,
        emotion: body.emotion ?? 'Neutral',
        intensity: body.intensity,
        rate: body.rate,
        pitch: body.pitch,
        effect,
        matchProfile,
      },
      signal,
    ),
  ).catch((e: unknown) => {
    throw mediaError(e)
  })
  return {
    voice_id: spoken.voiceId,
    voice_label: spoken.voiceLabel,
    duration: spoken.duration,
    sample_rate: spoken.sampleRate,
    words: spoken.words,
    cues: spoken.cues,
    audio: `data:audio/wav;base64,${wavBytes(spoken).toString('base64')}`,
    server_ms: Math.round(performance.now() - started),
  }
}
