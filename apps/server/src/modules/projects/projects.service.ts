/**
 * Project use cases: create, list, get, edit (versioned), undo, delete, duplicate. A write names
 * the version it was based on; the row is updated only while it still has that version, so two
 * tabs can never silently overwrite each other (the loser gets 409 and reloads). Scenes whose
 * script changed are spoken again before the write and their captions re-timed from the new
 * words (script-anchored), so the answer already holds the new audio.
 */
import { randomUUID } from 'node:crypto'
import { TrackingEvent } from '@mouthpiece/contracts/constants'
import { OriginVideoMode } from '@mouthpiece/contracts/statuses'
import { newScene, ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import {
  NOTHING_TO_UNDO,
  PROJECT_NAME_TAKEN,
  PROJECT_NOT_FOUND,
  VERSION_CONFLICT_CODE,
  VERSION_CONFLICT_MESSAGE,
} from '@mouthpiece/contracts/projects/projects.schemas'
import type {
  CreateProjectBody,
  Project,
  ProjectSummary,
  SceneChange,
  UpdateProjectBody,
} from '@mouthpiece/contracts/projects/projects.schemas'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import type { ProjectsDeps } from './projects.deps'
import type { Tx } from '../../platform/db/client'
import { AppError, fieldError } from '../../platform/http/errors'
import { recordEvent } from '../tracking'
import { chooseAvatar } from '../avatars'
import { checkVoiceChoice } from '../voices'
import { assertEntitled } from '../payments'
import * as repo from './projects.repo'
import type { ProjectRow } from './projects.table'
import { applyChanges, captionsFor, documentSeconds, retextedScenes } from './project-changes'
import { projectFileKey, removeTakes, speakScene } from './audio/scene-audio'

export const projectNotFound = () => new AppError('not_found', PROJECT_NOT_FOUND, 404)
const PAGE_SIZE = 12

export function conflict(current: number): AppError {
  return new AppError(VERSION_CONFLICT_CODE, VERSION_CONFLICT_MESSAGE, 409, { version: [String(current)] })
}

export async function ownedProject(
  deps: Pick<ProjectsDeps, 'db'>,
  userId: number,
  id: number,
): Promise<ProjectRow> {
  const row = await repo.findOwned(deps.db, userId, id)
  if (!row) throw projectNotFound()
  return row
}

export function presentSummary(row: ProjectRow, lastRenderId: string | null = null): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    scene_count: row.document.scenes.length,
    duration: row.duration,
    origin_mode: row.origin_mode as ProjectSummary['origin_mode'],
    thumbnail_url: lastRenderId ? `/api/renders/${lastRenderId}/files/video_id_${lastRenderId}.jpg` : null,
    last_render_id: lastRenderId,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export async function present(deps: Pick<ProjectsDeps, 'db'>, row: ProjectRow): Promise<Project> {
  const last = (await repo.latestRenderIds(deps.db, [row.id])).get(row.id) ?? null
  return {
    ...presentSummary(row, last),
    document: ProjectDocument.parse(row.document),
    undo_depth: await repo.historyDepth(deps.db, row.id),
  }
}

export async function checkName(deps: ProjectsDeps, userId: number, name: string, excludeId?: number) {
  const taken = await repo.nameTaken(deps.db, userId, name, excludeId)
  return { available: !taken, message: taken ? PROJECT_NAME_TAKEN : null }
}

export async function create(
  deps: ProjectsDeps,
  userId: number,
  body: CreateProjectBody & { name: string },
): Promise<Project> {
  if (await repo.nameTaken(deps.db, userId, body.name))
    throw fieldError('name', PROJECT_NAME_TAKEN, 'name_taken')
  const avatar = await chooseAvatar(deps.db, userId, {
    influencer_id: body.influencer,
    custom_avatar_id: body.custom_avatar_id,
  })
  if (body.voice_id) await checkVoiceChoice(deps.db, userId, body.voice_id)
  if (body.settings?.video_resolution === '1080p')
    await assertEntitled(deps.db, userId, { resolution: '1080p' })
  const texts = body.scenes?.length ? body.scenes : ['']
  const scenes = texts.map((text) => {
    const scene = newScene(randomUUID(), text, avatar.influencer_id)
    return {
      ...scene,
      avatarData: { ...scene.avatarData, customAvatarId: avatar.custom_avatar_id, emotion: avatar.emotion },
      audioData: body.voice_id ? { ...scene.audioData, voiceId: body.voice_id } : scene.audioData,
    }
  })
  const document = ProjectDocument.parse({
    scenes,
    settings: body.settings ?? {},
    origin: { mode: body.origin_mode ?? OriginVideoMode.none },
  })
  const row = await repo.insertProject(deps.db, {
    user_id: userId,
    name: body.name,
    document,
    origin_mode: document.origin.mode,
  })
  if (!row) throw fieldError('name', PROJECT_NAME_TAKEN, 'name_taken')
  await recordEvent(deps, {
    category: 'usage',
    event: TrackingEvent.projectCreated,
    userId,
    data: { project_id: row.id },
  })
  // Scenes that start with a script are spoken now, like any later text edit.
  const spoken = await speakScenes(
    deps,
    userId,
    row.id,
    document,
    new Set(scenes.filter((s) => s.text.trim()).map((s) => s.id)),
  )
  if (spoken === document) return present(deps, row)
  const written = await repo.writeDocument(deps.db, row.id, row.version, summaryOf(spoken))
  return present(deps, written ?? row)
}

export async function list(deps: ProjectsDeps, userId: number, page: number, keyword?: string) {
  const { rows, total } = await repo.listForUser(deps.db, userId, PAGE_SIZE, (page - 1) * PAGE_SIZE, keyword)
  const last = await repo.latestRenderIds(
    deps.db,
    rows.map((r) => r.id),
  )
  return {
    list: rows.map((r) => presentSummary(r, last.get(r.id) ?? null)),
    total,
    lastPage: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  }
}

export async function get(deps: ProjectsDeps, userId: number, id: number): Promise<Project> {
  return present(deps, await ownedProject(deps, userId, id))
}

const summaryOf = (document: ProjectDocument) => ({
  document,
  duration: documentSeconds(document),
  origin_mode: document.origin.mode,
})

/**
 * Speaks the scenes whose script changed (one take each, with the scene's voice) and re-times
 * their captions; a scene emptied of text loses its audio.
 */
export async function speakScenes(
  deps: ProjectsDeps,
  userId: number,
  projectId: number,
  doc: ProjectDocument,
  ids: Set<string>,
): Promise<ProjectDocument> {
  if (!ids.size) return doc
  const scenes: Scene[] = []
  for (const scene of doc.scenes) {
    if (!ids.has(scene.id)) {
      scenes.push(scene)
      continue
    }
    if (!scene.text.trim()) {
      scenes.push({
        ...scene,
        audioData: { ...scene.audioData, audioFile: null, content: '' },
        captionData: { ...scene.captionData, captions: [] },
      })
      continue
    }
    const take = await speakScene(deps, userId, projectId, scene)
    // The new take replaces the takes of the old text (they say something else now).
    const kept = scene.audioData.generatedLinks.filter((t) => t.text === scene.text.trim())
    const generatedLinks = [take, ...kept].slice(0, 8)
    scenes.push({
      ...scene,
      audioData: { ...scene.audioData, generatedLinks, audioFile: take.id, content: take.text },
      captionData: { ...scene.captionData, content: scene.text, captions: captionsFor(scene.id, take) },
    })
  }
  return { ...doc, scenes }
}

/** Take ids in `before` that `after` no longer holds (their files can go). */
export function droppedTakes(before: ProjectDocument, after: ProjectDocument): string[] {
  const kept = new Set(after.scenes.flatMap((s) => s.audioData.generatedLinks.map((t) => t.id)))
  return before.scenes
    .flatMap((s) => s.audioData.generatedLinks.map((t) => t.id))
    .filter((id) => !kept.has(id))
}

/**
 * A whole document from the editor: what the server owns (takes, generation states, the base
 * video) is kept from the stored document, so a client can only choose among real takes.
 */
function mergeClientDocument(stored: ProjectDocument, incoming: ProjectDocument): ProjectDocument {
  const old = new Map(stored.scenes.map((s) => [s.id, s]))
  const scenes = incoming.scenes.map((scene) => {
    const prev = old.get(scene.id)
    const generatedLinks = prev?.audioData.generatedLinks ?? []
    const audioFile = generatedLinks.some((t) => t.id === scene.audioData.audioFile)
      ? scene.audioData.audioFile
      : (prev?.audioData.audioFile ?? null)
    return {
      ...scene,
      audioData: {
        ...scene.audioData,
        generatedLinks,
        audioFile,
        status: prev?.audioData.status ?? scene.audioData.status,
      },
      avatarData: { ...scene.avatarData, status: prev?.avatarData.status ?? scene.avatarData.status },
    }
  })
  return { ...incoming, scenes, origin: { ...stored.origin, trimDuration: incoming.origin.trimDuration } }
}

export interface CommitOptions {
  kind: string
  /** A user's edit (undoable); generation steps are not. */
  history?: boolean
  name?: string
  /** Runs in the write's transaction (e.g. queueing the job the change asks for). */
  inTx?: (tx: Tx) => Promise<void>
}

/** Writes `next` if the project still has `baseVersion` (else 409 with the current version) and tells the owner's tabs. */
export async function commit(
  deps: ProjectsDeps,
  row: ProjectRow,
  baseVersion: number,
  next: ProjectDocument,
  opts: CommitOptions,
): Promise<ProjectRow> {
  const written = await deps.db
    .transaction(async (tx) => {
      const w = await repo.writeDocument(tx, row.id, baseVersion, {
        ...summaryOf(next),
        ...(opts.name ? { name: opts.name } : {}),
      })
      if (w && opts.history !== false)
        await repo.pushHistory(tx, row.id, baseVersion, opts.kind, row.document)
      if (w && opts.inTx) await opts.inTx(tx)
      return w
    })
    .catch((e: unknown) => {
      if (isUniqueViolation(e)) throw fieldError('name', PROJECT_NAME_TAKEN, 'name_taken')
      throw e
    })
  if (!written) throw conflict((await repo.findById(deps.db, row.id))?.version ?? row.version)
  await deps.realtime.emitToUser(row.user_id, RealtimeEvent.exportOutput, {
    project_id: row.id,
    version: written.version,
    kind: opts.kind,
  })
  return written
}

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' &&
  e !== null &&
  ((e as { code?: string }).code === '23505' || /unique/i.test(String((e as Error).message)))

/** Applies changes (or a whole document) and answers the new project; stale `version` → 409, nothing changed. */
export async function update(
  deps: ProjectsDeps,
  userId: number,
  id: number,
  body: UpdateProjectBody,
): Promise<Project> {
  const row = await ownedProject(deps, userId, id)
  if (body.version !== row.version) throw conflict(row.version)
  if (body.name && body.name !== row.name && (await repo.nameTaken(deps.db, userId, body.name, id)))
    throw fieldError('name', PROJECT_NAME_TAKEN, 'name_taken')
  const stored = ProjectDocument.parse(row.document)
  let next = stored
  let retext = new Set<string>()
  let kind = 'rename'
  if (body.document) {
    next = mergeClientDocument(stored, body.document)
    retext = retextedScenes(stored, next)
    kind = 'document'
  } else if (body.changes?.length) {
    ;({ doc: next, retext } = applyChanges(stored, body.changes))
    kind = body.changes[0]!.kind
  }
  if (next === stored && (!body.name || body.name === row.name)) return present(deps, row)
  return present(
    deps,
    await writeWithSpeech(deps, userId, row, body.version, next, retext, { kind, name: body.name }),
  )
}

/**
 * A scene's avatar, newly chosen, must be one this user may use: their own custom avatar or a
 * creator open to them. Another user's avatar is "Avatar not found" (404), as everywhere else;
 * choices already in the document stay as they are.
 */
async function checkAvatarChoices(
  deps: ProjectsDeps,
  userId: number,
  stored: ProjectDocument,
  next: ProjectDocument,
): Promise<void> {
  const keyOf = (a: Scene['avatarData']) =>
    a.customAvatarId != null ? `c${a.customAvatarId}` : `i${a.influencer ?? ''}`
  const checked = new Set(stored.scenes.map((s) => keyOf(s.avatarData)))
  for (const scene of next.scenes) {
    const a = scene.avatarData
    const key = keyOf(a)
    if (checked.has(key)) continue
    checked.add(key)
    await chooseAvatar(deps.db, userId, {
      influencer_id: a.influencer ?? undefined,
      custom_avatar_id: a.customAvatarId ?? undefined,
    })
  }
}

/** Speaks re-texted scenes, then commits; on a lost race the new takes' files are removed again. */
export async function writeWithSpeech(
  deps: ProjectsDeps,
  userId: number,
  row: ProjectRow,
  baseVersion: number,
  next: ProjectDocument,
  retext: Set<string>,
  opts: CommitOptions,
): Promise<ProjectRow> {
  const stored = ProjectDocument.parse(row.document)
  await checkAvatarChoices(deps, userId, stored, next)
  const spoken = await speakScenes(deps, userId, row.id, next, retext)
  try {
    const written = await commit(deps, row, baseVersion, spoken, opts)
    return written
  } catch (e) {
    await removeTakes(
      deps.storage,
      row.id,
      droppedTakes(spoken, next).filter(
        (id) => !stored.scenes.some((s) => s.audioData.generatedLinks.some((t) => t.id === id)),
      ),
    )
    throw e
  }
}

/** One change through the same path as `update` (asset calls, settings). */
export async function change(
  deps: ProjectsDeps,
  userId: number,
  id: number,
  version: number,
  changes: SceneChange[],
): Promise<Project> {
  return update(deps, userId, id, { version, changes })
}

/** Steps the document back one change (server-side history); the undo itself is a new version. */
export async function undo(
  deps: ProjectsDeps,
  userId: number,
  id: number,
  version: number,
): Promise<Project> {
  const row = await ownedProject(deps, userId, id)
  if (row.version !== version) throw conflict(row.version)
  const written = await deps.db.transaction(async (tx) => {
    const locked = await repo.findOwned(tx, userId, id, { lock: true })
    if (!locked || locked.version !== version) return { conflict: locked?.version ?? version }
    const step = await repo.popHistory(tx, id)
    if (!step) return { empty: true as const }
    const doc = ProjectDocument.parse(step.document)
    return { row: await repo.writeDocument(tx, id, version, summaryOf(doc)) }
  })
  if ('empty' in written) throw new AppError('nothing_to_undo', NOTHING_TO_UNDO, 409)
  if ('conflict' in written || !written.row)
    throw conflict('conflict' in written ? (written.conflict ?? version) : version)
  await deps.realtime.emitToUser(userId, RealtimeEvent.exportOutput, {
    project_id: id,
    version: written.row.version,
    kind: 'undo',
  })
  return present(deps, written.row)
}

export async function remove(deps: ProjectsDeps, userId: number, id: number): Promise<void> {
  const row = await repo.deleteProject(deps.db, userId, id)
  if (!row) throw projectNotFound()
  const files = await deps.storage.list(`projects/${id}/`)
  await Promise.all(files.map((f) => deps.storage.delete(f.key)))
}

/** A copy with its own files (takes are copied, so deleting one project never breaks the other). */
export async function duplicate(
  deps: ProjectsDeps,
  userId: number,
  id: number,
  name?: string,
): Promise<Project> {
  const row = await ownedProject(deps, userId, id)
  let copyName = name ?? `${row.name} (copy)`
  for (let n = 2; !name && (await repo.nameTaken(deps.db, userId, copyName)); n += 1)
    copyName = `${row.name} (copy ${n})`
  if (await repo.nameTaken(deps.db, userId, copyName))
    throw fieldError('name', PROJECT_NAME_TAKEN, 'name_taken')
  const created = await repo.insertProject(deps.db, {
    user_id: userId,
    name: copyName,
    document: row.document,
    origin_mode: row.origin_mode,
    duration: row.duration,
  })
  if (!created) throw fieldError('name', PROJECT_NAME_TAKEN, 'name_taken')
  const files = await deps.storage.list(`projects/${id}/`)
  for (const f of files) {
    const { body, object } = await deps.storage.get(f.key)
    await deps.storage.put(
      projectFileKey(created.id, f.key.slice(`projects/${id}/`.length)),
      body,
      object.contentType,
    )
  }
  const rewritten = JSON.parse(
    JSON.stringify(row.document).replaceAll(
      `/api/projects/${id}/files/`,
      `/api/projects/${created.id}/files/`,
    ),
  ) as ProjectDocument
  const written = await repo.writeDocument(deps.db, created.id, created.version, summaryOf(rewritten))
  return present(deps, written ?? created)
}

/**
 * A write the server makes by itself (a job's progress or result): applied to whatever version is
 * current, retried if a person's edit lands in between. Not undoable. `edit` may answer null to skip.
 */
export async function systemWrite(
  deps: ProjectsDeps,
  projectId: number,
  kind: string,
  edit: (doc: ProjectDocument) => ProjectDocument | null,
): Promise<ProjectRow | undefined> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const row = await repo.findById(deps.db, projectId)
    if (!row) return undefined
    const next = edit(ProjectDocument.parse(row.document))
    if (!next) return row
    const written = await repo.writeDocument(deps.db, row.id, row.version, summaryOf(next))
    if (written) {
      await deps.realtime.emitToUser(row.user_id, RealtimeEvent.exportOutput, {
        project_id: row.id,
        version: written.version,
        kind,
      })
      return written
    }
  }
  throw new Error(`project ${projectId} kept changing; ${kind} not written`)
}
