/**
 * Personal voices: a user's own voice from a processed sample (≥ 6 s) with their consent stored.
 * Offline: the sample's voice-match profile on the closest built-in voice ("voice match (offline)").
 * With the neural provider configured: a clone there, spoken by its voice id.
 */
import { ProcessStatus } from '@mouthpiece/contracts/statuses'
import {
  CONSENT_REQUIRED_MESSAGE,
  CONSENT_TEXT,
  MIN_CLONE_SAMPLE_SECONDS,
  NEURAL_CLONE_LABEL,
  VOICE_MATCH_LABEL,
  personalVoiceId,
  sampleTooShortMessage,
} from '@mouthpiece/contracts/voices/personal-voices.contract'
import type { PersonalVoice } from '@mouthpiece/contracts/voices/personal-voices.contract'
import type { VoiceProfile } from '@mouthpiece/contracts/media/voices.schemas'
import type { VoicesDeps } from './voices.deps'
import type { Queryable } from '../../platform/db/client'
import { AppError } from '../../platform/http/errors'
import { baseVoiceForProfile, cloneNeuralVoice } from '../../platform/media'
import * as pvRepo from './personal-voices.repo'
import type { PersonalVoiceRow } from './personal-voices.table'
import * as repo from './voices.repo'

const voiceNotFound = () => new AppError('not_found', 'Voice not found', 404)

export function presentPersonalVoice(row: PersonalVoiceRow): PersonalVoice {
  const kind = row.kind as PersonalVoice['kind']
  return {
    id: row.id,
    voice_id: personalVoiceId(row.id),
    name: row.name,
    kind,
    label: kind === 'neural' ? NEURAL_CLONE_LABEL : VOICE_MATCH_LABEL,
    base_voice_id: row.base_voice_id,
    sample_seconds: row.sample_seconds,
    median_f0: Math.round(row.profile.medianF0),
    consent_at: row.consent_at.toISOString(),
    created_at: row.created_at.toISOString(),
  }
}

const field = (name: string, message: string, status = 422) =>
  new AppError('validation', message, status, { [name]: [message] })

async function readStored(deps: VoicesDeps, key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of (await deps.storage.get(key)).body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export async function create(
  deps: VoicesDeps,
  userId: number,
  body: { name: string; sample_uuid_path: string; consent: boolean },
): Promise<PersonalVoice> {
  if (!body.consent) throw field('consent', CONSENT_REQUIRED_MESSAGE)
  const sample = await repo.findUpload(deps.db, body.sample_uuid_path)
  if (!sample || sample.user_id !== userId) throw new AppError('not_found', 'Voice sample not found', 404)
  if (sample.status === ProcessStatus.inprogress)
    throw new AppError('not_ready', 'The voice sample is still being processed. Try again in a moment.', 409)
  const seconds = sample.duration ?? 0
  if (seconds < MIN_CLONE_SAMPLE_SECONDS) throw field('sample_uuid_path', sampleTooShortMessage(seconds))
  if (!sample.profile || !sample.wav_key)
    throw field(
      'sample_uuid_path',
      'No speaking voice was found in that sample. Please record someone talking.',
    )
  const neuralId = await cloneNeuralVoice(body.name, await readStored(deps, sample.wav_key))
  const row = await pvRepo.insertPersonalVoice(deps.db, {
    user_id: userId,
    name: body.name,
    kind: neuralId ? 'neural' : 'match',
    sample_uuid: sample.id,
    sample_seconds: Math.round(seconds * 10) / 10,
    profile: sample.profile,
    base_voice_id: neuralId ?? baseVoiceForProfile(sample.profile),
    consent_at: new Date(),
    consent_text: CONSENT_TEXT,
  })
  return presentPersonalVoice(row)
}

export async function list(db: Queryable, userId: number): Promise<PersonalVoice[]> {
  const rows = await pvRepo.listPersonalVoices(db, userId)
  return rows.map(presentPersonalVoice)
}

export async function rename(
  db: Queryable,
  userId: number,
  id: number,
  name: string,
): Promise<PersonalVoice> {
  const row = await pvRepo.renamePersonalVoice(db, userId, id, name)
  if (!row) throw voiceNotFound()
  return presentPersonalVoice(row)
}

export async function remove(db: Queryable, userId: number, id: number): Promise<void> {
  const row = await pvRepo.deletePersonalVoice(db, userId, id)
  if (!row) throw voiceNotFound()
}

/** How to speak a `personal:<id>` voice: the built-in voice plus a match profile, or the clone's voice id. */
export async function resolvePersonal(
  db: Queryable,
  userId: number | null,
  voiceId: string,
): Promise<{ voiceId: string; matchProfile?: VoiceProfile } | null> {
  const m = /^personal:(\d+)$/.exec(voiceId)
  if (!m) return null
  const row = userId ? await pvRepo.findPersonalVoice(db, userId, Number(m[1])) : undefined
  if (!row) throw voiceNotFound()
  return row.kind === 'neural'
    ? { voiceId: row.base_voice_id }
    : { voiceId: row.base_voice_id, matchProfile: row.profile }
}
