/**
 * The base video of a reaction project (SPEC §4 origin video modes: none=1000, origin=1,
 * reaction=0; SPEC "Create a Influencer Video": a file or a direct URL). Uploads are recognised by
 * their content; links are fetched through the one SSRF-safe client. The reaction render lays the
 * avatar over it and mixes both sound tracks.
 */
import fs from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { TrackingEvent } from '@mouthpiece/contracts/constants'
import { OriginVideoMode } from '@mouthpiece/contracts/statuses'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { ORIGIN_NOT_VIDEO_MESSAGE } from '@mouthpiece/contracts/projects/project-media.contract'
import { ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { Project } from '@mouthpiece/contracts/projects/projects.schemas'
import { AppError } from '../../../platform/http/errors'
import { allowHostsFrom, safeDownload } from '../../../platform/http/safe-fetch'
import { recordEvent } from '../../tracking'
import { commit, conflict, ownedProject, present } from '../projects.service'
import { projectFileKey } from '../audio/scene-audio'
import { MAX_PROJECT_UPLOAD_BYTES, recognise } from '../files/project-uploads'
import type { ProjectsDeps } from '../projects.deps'

type Mode = typeof OriginVideoMode.origin | typeof OriginVideoMode.reaction
const notVideo = () =>
  new AppError('not_video', ORIGIN_NOT_VIDEO_MESSAGE, 422, { file: [ORIGIN_NOT_VIDEO_MESSAGE] })

export function parseMode(raw: string | undefined): Mode {
  const mode = Number(raw ?? OriginVideoMode.reaction)
  if (mode !== OriginVideoMode.origin && mode !== OriginVideoMode.reaction)
    throw new AppError('validation', 'Please choose Original or Video Reaction', 400, {
      mode: ['Invalid mode'],
    })
  return mode
}

/** Takes a local video file as the project's base video (checked first; nothing changes if it is not one). */
export async function setBaseVideo(
  deps: ProjectsDeps,
  userId: number,
  projectId: number,
  version: number,
  mode: Mode,
  file: string,
): Promise<Project> {
  const row = await ownedProject(deps, userId, projectId)
  if (row.version !== version) throw conflict(row.version)
  const emit = (progress: number, stage: string) =>
    deps.realtime.emitToUser(userId, RealtimeEvent.baseVideoUpload, {
      project_id: projectId,
      progress,
      stage,
    })
  await emit(60, 'checking the video')
  const what = await recognise(file)
  if (!what || what.kind !== 'video' || !what.duration) {
    await emit(100, 'failed')
    throw notVideo()
  }
  const name = `video_id_${randomUUID()}.video`
  await deps.storage.put(projectFileKey(projectId, name), fs.createReadStream(file), 'video/mp4')
  const doc = ProjectDocument.parse(row.document)
  const next = {
    ...doc,
    origin: { mode, file: name, duration: Math.round(what.duration * 1000) / 1000, trimDuration: null },
  }
  try {
    const written = await commit(deps, row, version, next, { kind: 'origin' })
    await emit(100, 'ready')
    await recordEvent(deps, {
      category: 'usage',
      event: TrackingEvent.dialogCreated,
      userId,
      data: { project_id: projectId, mode },
    })
    return present(deps, written)
  } catch (e) {
    await deps.storage.delete(projectFileKey(projectId, name))
    throw e
  }
}

/** A direct video link: fetched (SSRF-safe, size and time capped) into a temp file, then as an upload. */
export async function baseVideoFromUrl(
  deps: ProjectsDeps,
  userId: number,
  projectId: number,
  body: { version: number; mode: Mode; url: string },
): Promise<Project> {
  const row = await ownedProject(deps, userId, projectId)
  if (row.version !== body.version) throw conflict(row.version)
  await deps.realtime.emitToUser(userId, RealtimeEvent.baseVideoUpload, {
    project_id: projectId,
    progress: 10,
    stage: 'fetching the link',
  })
  const file = path.join(deps.config.dataDir, 'tmp', 'uploads', `link-${randomUUID()}`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  try {
    await safeDownload(body.url, file, {
      maxBytes: MAX_PROJECT_UPLOAD_BYTES,
      timeoutMs: 120_000,
      maxRedirects: 3,
      allowHosts: allowHostsFrom(deps.config),
    })
    return await setBaseVideo(deps, userId, projectId, body.version, body.mode, file)
  } finally {
    await rm(file, { force: true })
  }
}
