/**
 * Voice profiles (SPEC §7 admin "Voice profiles"): store, update, delete, tags, the emotion CSV
 * import, and how `profile:<id>` is spoken (registered with packages/media's speech service).
 * Every admin change is audited; bad input changes nothing.
 */
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import type { z } from 'zod'
import { EMOTIONS } from '@mouthpiece/contracts/media/voices.schemas'
import {
  EMOTION_CSV_COLUMNS,
  EMOTION_CSV_REQUIRED_MESSAGE,
  EMOTION_CSV_TOO_LARGE_MESSAGE,
  EMOTION_IMPORTED_MESSAGE,
  EmotionProsody,
  MAX_EMOTION_CSV_BYTES,
  VoiceProfileFields,
  VoiceProfileUpdate,
  profileVoiceId,
} from '@mouthpiece/contracts/voices/voice-profiles.contract'
import type {
  EmotionTable,
  VoiceProfileItem,
  VoiceTag,
  VoiceTagCategory,
} from '@mouthpiece/contracts/voices/voice-profiles.contract'
import {
  setVoiceProfileSource,
  checkAudioUpload,
  decodeToPcm,
  findVoice,
  speak,
  wavBytes,
} from '../../platform/media'
import type { Queryable } from '../../platform/db/client'
import { AppError, fieldError } from '../../platform/http/errors'
import { csvUploadText } from '../../platform/http/form-upload'
import type { FormInput, UploadedFile } from '../../platform/http/form-upload'
import { auditedChange } from '../audit'
import type { AdminAuditActor } from '../audit'
import * as repo from './voice-profiles.repo'
import type { VoiceProfileRow, VoiceTagRow } from './voice-profiles.table'
import type { VoicesDeps } from './voices.deps'

export const MAX_SAMPLE_BYTES = 10 * 1024 * 1024
export const MIN_SAMPLE_SECONDS = 3
export const MAX_SAMPLE_SECONDS = 60
const SAMPLE_LINK_SECONDS = 6 * 3600

export const profileNotFound = () => new AppError('not_found', 'Voice profile not found', 404)
const tagNotFound = () => new AppError('not_found', 'Tag not found', 404)
const invalid = (field: string, message: string) => fieldError(field, message)

// ───────────────────────────── presenting ─────────────────────────────

type ProfileFields = Omit<VoiceProfileRow, never>

async function present(
  deps: Pick<VoicesDeps, 'storage'>,
  row: ProfileFields,
  tags: VoiceTagRow[],
): Promise<VoiceProfileItem> {
  const voice = await findVoice(row.engine_voice_id)
  return {
    id: row.id,
    voice_id: profileVoiceId(row.id),
    name: row.name,
    description: row.description,
    engine_voice_id: row.engine_voice_id,
    engine_voice_label: voice?.label ?? row.engine_voice_id,
    rate: row.rate,
    pitch: row.pitch,
    tags: tags.map(presentTag),
    emotions: row.emotions,
    sample_url: row.sample_key
      ? await deps.storage.url(row.sample_key, { expiresInSeconds: SAMPLE_LINK_SECONDS })
      : null,
    sample_seconds: row.sample_seconds,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}
const presentTag = (t: VoiceTagRow): VoiceTag => ({ id: t.id, category: t.category, name: t.name })

export async function presentMany(
  deps: Pick<VoicesDeps, 'storage' | 'db'>,
  rows: ProfileFields[],
): Promise<VoiceProfileItem[]> {
  const tags = await repo.tagsOf(
    deps.db,
    rows.map((r) => r.id),
  )
  return Promise.all(rows.map((r) => present(deps, r, tags.get(r.id) ?? [])))
}

export async function getProfile(deps: VoicesDeps, id: number): Promise<VoiceProfileItem> {
  const row = await repo.findProfile(deps.db, id)
  if (!row) throw profileNotFound()
  return (await presentMany(deps, [row]))[0]!
}

/** For voice pickers: every profile (tags included) and every tag. */
export async function publicList(
  deps: VoicesDeps,
): Promise<{ profiles: VoiceProfileItem[]; tags: VoiceTag[] }> {
  const [rows, tags] = await Promise.all([repo.allProfiles(deps.db), repo.listTags(deps.db)])
  return { profiles: await presentMany(deps, rows), tags: tags.map(presentTag) }
}

// ───────────────────────────── sample ─────────────────────────────

const sampleKey = (id: number, kind: 'upload' | 'spoken') =>
  `voice-profiles/${id}/sample-${kind}-${Date.now()}.wav`
const isSpoken = (key: string | null) => !!key && key.includes('/sample-spoken-')

/** An uploaded sample: real audio of 3–60 s, kept as 24 kHz WAV. */
async function uploadedSample(
  deps: VoicesDeps,
  file: UploadedFile,
): Promise<{ wav: Buffer; seconds: number }> {
  const dir = path.join(deps.config.dataDir, 'tmp', 'uploads')
  await mkdir(dir, { recursive: true })
  const tmp = path.join(dir, `sample-${randomUUID()}`)
  await writeFile(tmp, file.bytes)
  try {
    const info = await checkAudioUpload(tmp).catch(() => {
      throw invalid('sample', 'The sample must be an audio file (wav, mp3, m4a, webm or ogg).')
    })
    if (info.durationSeconds < MIN_SAMPLE_SECONDS || info.durationSeconds > MAX_SAMPLE_SECONDS)
      throw invalid(
        'sample',
        `The sample is ${info.durationSeconds.toFixed(1)} s long. Please upload ${MIN_SAMPLE_SECONDS} to ${MAX_SAMPLE_SECONDS} seconds of speech.`,
      )
    const pcm = await decodeToPcm(tmp, 24_000)
    return { wav: wavBytes(pcm), seconds: Math.round((pcm.pcm.length / pcm.sampleRate) * 10) / 10 }
  } finally {
    await rm(tmp, { force: true })
  }
}

/** Without an uploaded sample the profile says a line in its own voice and settings. */
async function spokenSample(
  name: string,
  engineVoiceId: string,
  rate: number,
  pitch: number,
): Promise<{ wav: Buffer; seconds: number }> {
  const spoken = await speak({
    text: `Hi, I'm ${name}. Thanks for the support, this is how I sound on your stream!`,
    voiceId: engineVoiceId,
    emotion: 'Neutral',
    intensity: 0.5,
    rate,
    pitch,
  })
  return { wav: wavBytes(spoken), seconds: Math.round(spoken.duration * 10) / 10 }
}

// ───────────────────────────── store / update / delete ─────────────────────────────

/** Form fields checked as the JSON body would be: the first message per field, 422. */
function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const errors: Record<string, string[]> = {}
  for (const issue of parsed.error.issues)
    (errors[String(issue.path[0] ?? 'form')] ??= []).push(issue.message)
  throw new AppError('validation', parsed.error.issues[0]?.message ?? 'Invalid input', 422, errors)
}

async function checkRefs(
  db: Queryable,
  voiceId: string | undefined,
  tagIds: number[] | undefined,
): Promise<void> {
  if (voiceId !== undefined && !(await findVoice(voiceId)))
    throw invalid('engine_voice_id', 'This voice is not installed')
  if (tagIds?.length) {
    const known = await repo.existingTagIds(db, tagIds)
    if (tagIds.some((id) => !known.has(id))) throw invalid('tag_ids', 'Tag not found')
  }
}

export async function storeProfile(
  deps: VoicesDeps,
  actor: AdminAuditActor,
  form: FormInput,
): Promise<VoiceProfileItem> {
  const f = parseFields(VoiceProfileFields, form.fields)
  await checkRefs(deps.db, f.engine_voice_id, f.tag_ids)
  const sample = form.file
    ? await uploadedSample(deps, form.file)
    : await spokenSample(f.name, f.engine_voice_id, f.rate, f.pitch)
  let storedKey: string | undefined
  try {
    const row = await auditedChange(deps.db, actor, 'voice-profiles.store', {}, async (tx) => {
      const [created] = await repo.insertProfile(tx, {
        name: f.name,
        description: f.description,
        engine_voice_id: f.engine_voice_id,
        rate: f.rate,
        pitch: f.pitch,
      })
      storedKey = sampleKey(created!.id, form.file ? 'upload' : 'spoken')
      await deps.storage.put(storedKey, sample.wav, 'audio/wav')
      const [withSample] = await repo.updateProfile(tx, created!.id, {
        sample_key: storedKey,
        sample_seconds: sample.seconds,
      })
      await repo.setTags(tx, created!.id, f.tag_ids)
      return withSample!
    })
    return getProfile(deps, row.id)
  } catch (error) {
    if (storedKey) await deps.storage.delete(storedKey).catch(() => undefined)
    throw error
  }
}

/** PUT (JSON) and POST with `_method=PUT` (form data, optionally a new sample) both land here. */
export async function updateProfile(
  deps: VoicesDeps,
  actor: AdminAuditActor,
  id: number,
  input: unknown,
  file?: UploadedFile,
): Promise<VoiceProfileItem> {
  const f = parseFields(VoiceProfileUpdate, input)
  const current = await repo.findProfile(deps.db, id)
  if (!current) throw profileNotFound()
  await checkRefs(deps.db, f.engine_voice_id, f.tag_ids)
  const next = {
    name: f.name ?? current.name,
    engine_voice_id: f.engine_voice_id ?? current.engine_voice_id,
    rate: f.rate ?? current.rate,
    pitch: f.pitch ?? current.pitch,
  }
  // A spoken sample is spoken again when how it sounds changed; an uploaded one stays until replaced.
  const voiceChanged =
    next.engine_voice_id !== current.engine_voice_id ||
    next.rate !== current.rate ||
    next.pitch !== current.pitch ||
    next.name !== current.name
  const sample = file
    ? await uploadedSample(deps, file)
    : isSpoken(current.sample_key) && voiceChanged
      ? await spokenSample(next.name, next.engine_voice_id, next.rate, next.pitch)
      : null
  const newKey = sample ? sampleKey(id, file ? 'upload' : 'spoken') : undefined
  if (sample && newKey) await deps.storage.put(newKey, sample.wav, 'audio/wav')
  try {
    await auditedChange(
      deps.db,
      actor,
      'voice-profiles.update',
      { target: { type: 'voice-profile', id }, before: async () => current },
      async (tx) => {
        const [row] = await repo.updateProfile(tx, id, {
          ...next,
          description: f.description ?? current.description,
          updated_at: new Date(),
          ...(sample && newKey ? { sample_key: newKey, sample_seconds: sample.seconds } : {}),
        })
        if (f.tag_ids) await repo.setTags(tx, id, f.tag_ids)
        return row!
      },
    )
  } catch (error) {
    if (newKey) await deps.storage.delete(newKey).catch(() => undefined)
    throw error
  }
  if (newKey && current.sample_key) await deps.storage.delete(current.sample_key).catch(() => undefined)
  return getProfile(deps, id)
}

export async function deleteProfile(deps: VoicesDeps, actor: AdminAuditActor, id: number): Promise<void> {
  const row = await auditedChange(
    deps.db,
    actor,
    'voice-profiles.delete',
    { target: { type: 'voice-profile', id } },
    async (tx) => {
      const [gone] = await repo.deleteProfileRow(tx, id)
      if (!gone) throw profileNotFound()
      return gone
    },
  )
  if (row.sample_key) await deps.storage.delete(row.sample_key).catch(() => undefined)
}

// ───────────────────────────── tags ─────────────────────────────

export async function addTag(
  deps: VoicesDeps,
  actor: AdminAuditActor,
  category: VoiceTagCategory,
  name: string,
): Promise<VoiceTag> {
  const existing = await repo.listTags(deps.db)
  if (existing.some((t) => t.category === category && t.name.toLowerCase() === name.toLowerCase()))
    throw new AppError('conflict', `The ${category} tag “${name}” already exists`, 409, {
      name: [`The ${category} tag “${name}” already exists`],
    })
  const row = await auditedChange(
    deps.db,
    actor,
    'voice-profiles.tag.add',
    {},
    async (tx) => (await repo.insertTag(tx, { category, name }))[0]!,
  )
  return presentTag(row)
}

export async function deleteTag(deps: VoicesDeps, actor: AdminAuditActor, id: number): Promise<void> {
  await auditedChange(
    deps.db,
    actor,
    'voice-profiles.tag.delete',
    { target: { type: 'voice-tag', id } },
    async (tx) => {
      const [gone] = await repo.deleteTagRow(tx, id)
      if (!gone) throw tagNotFound()
      return gone
    },
  )
}

// ───────────────────────────── emotion CSV ─────────────────────────────

/** How many line problems one answer lists (the message names the first). */
const MAX_LINE_ERRORS = 20

/**
 * `emotion,rate,pitch,range,volume` (columns in any order, a header line first), one row per
 * emotion. The whole file is read before anything is kept: every bad line is named with its number
 * ('Line N: …'), the message names the first.
 */
export function parseEmotionCsv(text: string): EmotionTable {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((l, i) => ({ n: i + 1, text: l.trim() }))
    .filter((l) => l.text)
  const split = (line: string) =>
    line.split(',').map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
  const header = lines[0] ? split(lines[0].text).map((h) => h.toLowerCase()) : undefined
  if (!header || EMOTION_CSV_COLUMNS.some((c) => !header.includes(c)))
    throw invalid('file', `The first line must name the columns ${EMOTION_CSV_COLUMNS.join(', ')}`)
  if (lines.length < 2) throw invalid('file', 'The file has no emotion rows')
  const table: EmotionTable = {}
  const seenOn = new Map<string, number>()
  const problems: string[] = []
  for (const { n, text: line } of lines.slice(1)) {
    const cells = split(line)
    const get = (c: (typeof EMOTION_CSV_COLUMNS)[number]) => cells[header.indexOf(c)] ?? ''
    const name = EMOTIONS.find((e) => e.toLowerCase() === get('emotion').toLowerCase())
    if (!name) {
      problems.push(`Line ${n}: unknown emotion “${get('emotion')}” (use ${EMOTIONS.join(', ')})`)
      continue
    }
    if (seenOn.has(name)) {
      problems.push(`Line ${n}: ${name} is already set on line ${seenOn.get(name)}`)
      continue
    }
    seenOn.set(name, n)
    const numbers = (['rate', 'pitch', 'range', 'volume'] as const).map((c) => get(c))
    const row = EmotionProsody.safeParse({
      rate: Number(numbers[0]),
      pitch: Number(numbers[1]),
      range: Number(numbers[2]),
      volume: Number(numbers[3]),
    })
    if (!row.success || numbers.some((v) => !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(v))) {
      problems.push(`Line ${n}: rate 0.5–2, pitch −12–12, range 0–3 and volume 0–2 must be numbers in range`)
      continue
    }
    table[name] = row.data
  }
  if (problems.length) {
    const listed = problems.slice(0, MAX_LINE_ERRORS)
    const more =
      problems.length > 1
        ? ` (and ${problems.length - 1} more line${problems.length > 2 ? 's' : ''} to fix)`
        : ''
    throw new AppError('validation', `${problems[0]}${more}`, 422, { file: listed })
  }
  return table
}

/**
 * The emotion table of an uploaded CSV, checked whole (nothing is written here): no file or not a
 * CSV → 'Please upload .csv voice file!'; larger than 64 KB → 413; a bad line → 'Line N: …'.
 */
export function emotionTableOf(file: UploadedFile | undefined): EmotionTable {
  return parseEmotionCsv(
    csvUploadText(file, {
      field: 'file',
      required: EMOTION_CSV_REQUIRED_MESSAGE,
      tooLarge: EMOTION_CSV_TOO_LARGE_MESSAGE,
      maxBytes: MAX_EMOTION_CSV_BYTES,
    }),
  )
}

/** Replaces a profile's emotion table inside the caller's transaction (unknown profile → 404). */
export async function setProfileEmotions(
  tx: Queryable,
  id: number,
  table: EmotionTable,
): Promise<{ id: number; emotions: EmotionTable }> {
  const [row] = await repo.setProfileEmotionTable(tx, id, table)
  if (!row) throw profileNotFound()
  return row
}

/** A profile's emotion table, or null when there is no such profile. */
export async function profileEmotions(db: Queryable, id: number): Promise<EmotionTable | null> {
  return (await repo.findProfile(db, id))?.emotions ?? null
}

export async function importEmotions(
  deps: VoicesDeps,
  actor: AdminAuditActor,
  id: number,
  file: UploadedFile | undefined,
): Promise<{ message: string; profile: VoiceProfileItem }> {
  const table = emotionTableOf(file)
  const current = await repo.findProfile(deps.db, id)
  if (!current) throw profileNotFound()
  await auditedChange(
    deps.db,
    actor,
    'voice-profiles.import-emotion',
    { target: { type: 'voice-profile', id }, before: async () => ({ emotions: current.emotions }) },
    (tx) => setProfileEmotions(tx, id, table),
  )
  return { message: EMOTION_IMPORTED_MESSAGE, profile: await getProfile(deps, id) }
}

export const VOICE_GONE_MESSAGE = 'This voice is no longer installed. Please choose another voice first.'

/**
 * A voice profile of its own for something that speaks with `voiceId` now (a creator): an engine
 * voice at its natural settings, or a copy of another profile (engine voice, speed, pitch, tags and
 * sample), with `emotions` as its table. An engine voice's sample is `speaker` introducing
 * themselves. Audited as a store that names what it was made for.
 */
export async function createProfileFromVoice(
  deps: VoicesDeps,
  actor: AdminAuditActor,
  p: {
    name: string
    speaker: string
    description: string
    voiceId: string
    emotions: EmotionTable
    meta: Record<string, unknown>
  },
): Promise<VoiceProfileRow> {
  const baseId = /^profile:(\d+)$/.exec(p.voiceId)?.[1]
  const base = baseId ? await repo.findProfile(deps.db, Number(baseId)) : undefined
  if (baseId ? !base || !(await findVoice(base.engine_voice_id)) : !(await findVoice(p.voiceId)))
    throw invalid('voice_id', VOICE_GONE_MESSAGE)
  const settings = base
    ? { engine_voice_id: base.engine_voice_id, rate: base.rate, pitch: base.pitch }
    : { engine_voice_id: p.voiceId, rate: 1, pitch: 0 }
  const tagIds = base ? ((await repo.tagsOf(deps.db, [base.id])).get(base.id) ?? []).map((t) => t.id) : []
  // The other profile's sample is kept (it may be a real recording); an engine voice says a line.
  const copied =
    base?.sample_key && (await deps.storage.stat(base.sample_key))
      ? {
          from: base.sample_key,
          seconds: base.sample_seconds ?? 0,
          kind: isSpoken(base.sample_key) ? ('spoken' as const) : ('upload' as const),
        }
      : null
  const spoken = copied
    ? null
    : await spokenSample(p.speaker, settings.engine_voice_id, settings.rate, settings.pitch)
  let key: string | undefined
  try {
    return await auditedChange(deps.db, actor, 'voice-profiles.store', { meta: p.meta }, async (tx) => {
      const [created] = await repo.insertProfile(tx, {
        name: p.name,
        description: p.description,
        ...settings,
        emotions: p.emotions,
      })
      key = sampleKey(created!.id, copied?.kind ?? 'spoken')
      await deps.storage.put(
        key,
        copied ? (await deps.storage.get(copied.from)).body : spoken!.wav,
        'audio/wav',
      )
      const seconds = copied ? copied.seconds : spoken!.seconds
      const [row] = await repo.updateProfile(tx, created!.id, { sample_key: key, sample_seconds: seconds })
      if (tagIds.length) await repo.setTags(tx, created!.id, tagIds)
      return row!
    })
  } catch (error) {
    if (key) await deps.storage.delete(key).catch(() => undefined)
    throw error
  }
}

// ───────────────────────────── speaking ─────────────────────────────

/** Lets this process speak `profile:<id>` voices (called where the voices module starts: API and workers). */
export function registerProfileSpeech(db: Queryable): void {
  setVoiceProfileSource(async (id) => {
    const row = await repo.findProfile(db, id)
    if (!row) return null
    const emotions = Object.fromEntries(
      Object.entries(row.emotions).map(([e, p]) => [
        e,
        { rate: p.rate, pitchSemitones: p.pitch, range: p.range, volume: p.volume },
      ]),
    )
    return { name: row.name, voiceId: row.engine_voice_id, rate: row.rate, pitch: row.pitch, emotions }
  })
}

/**
 * A profile made by processing (a creator's video): the closest engine voice, the recording as its
 * sample. Audited as the system acting for the admin who added the creator.
 */
export async function createProfileFromRecording(
  deps: VoicesDeps,
  forAdmin: AdminAuditActor,
  p: { name: string; engineVoiceId: string; recording: string; description: string },
): Promise<VoiceProfileRow> {
  const pcm = await decodeToPcm(p.recording, 24_000)
  const seconds = Math.round((pcm.pcm.length / pcm.sampleRate) * 10) / 10
  let key: string | undefined
  try {
    return await auditedChange(
      deps.db,
      { kind: 'system', name: 'creator processing' },
      'voice-profiles.store',
      { meta: { for_admin: forAdmin.name } },
      async (tx) => {
        const [created] = await repo.insertProfile(tx, {
          name: p.name,
          description: p.description,
          engine_voice_id: p.engineVoiceId,
        })
        key = sampleKey(created!.id, 'upload')
        await deps.storage.put(key, wavBytes(pcm), 'audio/wav')
        const [row] = await repo.updateProfile(tx, created!.id, { sample_key: key, sample_seconds: seconds })
        return row!
      },
    )
  } catch (error) {
    if (key) await deps.storage.delete(key).catch(() => undefined)
    throw error
  }
}
