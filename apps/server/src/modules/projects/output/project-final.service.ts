/**
 * A project's final video through the renders pipeline (renders.audio → renders.avatar →
 * renders.final, progress on the owner's socket, cancel, logs, sharing), tied to the project and
 * the version it shows; results, the assets zip and deleting a result.
 */
import { TrackingEvent } from '@mouthpiece/contracts/constants'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import { ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import { currentTake } from '@mouthpiece/editor/timeline'
import { AppError } from '../../../platform/http/errors'
import { zipArchive } from '../../../platform/http/zip'
import type { ZipEntry } from '../../../platform/http/zip'
import { recordEvent } from '../../tracking'
import { chooseAvatar, avatarNotFound, findCustomAvatar } from '../../avatars'
import {
  rendersDeps,
  remove,
  startProjectVideo,
  findRender,
  listLogs,
  presentLog,
  presentRender,
} from '../../renders'
import { takeKey } from '../../../platform/media'
import type { ProjectRenderSpec } from '../../../platform/media'
import * as repo from '../projects.repo'
import { conflict, ownedProject } from '../projects.service'
import { projectFileKey } from '../audio/scene-audio'
import type { ProjectsDeps } from '../projects.deps'

const PAGE_SIZE = 12
const videoNotFound = () => new AppError('not_found', 'Video not found', 404)

export async function generateFinalVideo(
  deps: ProjectsDeps,
  userId: number,
  projectId: number,
  version: number,
) {
  const row = await ownedProject(deps, userId, projectId)
  if (row.version !== version) throw conflict(row.version)
  const doc = ProjectDocument.parse(row.document)
  doc.scenes.forEach((scene, i) => {
    if (scene.text.trim() && !currentTake(scene)) {
      throw new AppError(
        'audio_missing',
        `Scene ${i + 1} has no voice for its current text yet. Generate its audio first.`,
        422,
        { scenes: [scene.id] },
      )
    }
  })
  if (!doc.scenes.some((s) => currentTake(s)))
    throw new AppError('audio_missing', 'Write at least one scene and generate its voice first.', 422)
  const looks: Record<string, AvatarLook> = {}
  for (const id of new Set(
    doc.scenes.map((s) => s.avatarData.customAvatarId).filter((x): x is number => x != null),
  )) {
    const avatar = await findCustomAvatar(deps.db, userId, id)
    if (!avatar) throw avatarNotFound()
    looks[String(id)] = avatar.look
  }
  let backgroundKey: string | undefined
  if (doc.background.type !== 'color') {
    const bg = await repo.findBackground(deps.db, userId, doc.background.id)
    if (!bg) throw new AppError('not_found', 'Background not found', 404)
    backgroundKey = bg.file_key
  }
  const baseVideoKey = doc.origin.file ? projectFileKey(projectId, doc.origin.file) : undefined
  const spec: ProjectRenderSpec = { projectId, version, document: doc, looks, backgroundKey, baseVideoKey }
  const first = doc.scenes[0]!.avatarData
  const avatar = await chooseAvatar(deps.db, userId, {
    influencer_id: first.influencer ?? undefined,
    custom_avatar_id: first.customAvatarId ?? undefined,
  })
  const text = doc.scenes
    .map((s) => s.text.trim())
    .filter(Boolean)
    .join('\n')
  const render = await startProjectVideo(
    rendersDeps(deps),
    userId,
    { title: row.name, text, avatar, project: spec },
    {
      claim: async () => undefined,
      attach: async (tx, r) => repo.linkRender(tx, projectId, r.id, version),
    },
  )
  await recordEvent(deps, {
    category: 'usage',
    event: TrackingEvent.projectExported,
    userId,
    data: { project_id: projectId, render_id: render.id },
  })
  return { render: presentRender(render) }
}

async function projectRender(deps: ProjectsDeps, userId: number, projectId: number, renderId: string) {
  await ownedProject(deps, userId, projectId)
  if (!(await repo.isProjectRender(deps.db, projectId, renderId))) throw videoNotFound()
  const render = await findRender(deps.db, renderId)
  if (!render || render.user_id !== userId) throw videoNotFound()
  return render
}

export async function resultVideos(deps: ProjectsDeps, userId: number, projectId: number, page: number) {
  await ownedProject(deps, userId, projectId)
  const { ids, total } = await repo.renderIds(deps.db, projectId, PAGE_SIZE, (page - 1) * PAGE_SIZE)
  const rows = (await Promise.all(ids.map((id) => findRender(deps.db, id)))).filter((r) => r !== undefined)
  return { rows, total, lastPage: Math.max(1, Math.ceil(total / PAGE_SIZE)) }
}

export async function listResults(deps: ProjectsDeps, userId: number, projectId: number, page: number) {
  const { rows, total, lastPage } = await resultVideos(deps, userId, projectId, page)
  return { list: rows.map(presentRender), total, lastPage }
}

/** SPEC "project result and log {project_id, page}": each render with the job attempts it took. */
export async function projectResult(deps: ProjectsDeps, userId: number, projectId: number, page: number) {
  const { rows, total, lastPage } = await resultVideos(deps, userId, projectId, page)
  const list = []
  for (const row of rows) {
    const logs = (await listLogs(deps.db, row.id))
      .map(presentLog)
      .map((l) => ({ id: l.id, job: l.job, status: l.status, ms: l.ms }))
    list.push({ ...presentRender(row), logs })
  }
  return { list, total, lastPage }
}

async function readAll(deps: ProjectsDeps, key: string): Promise<Buffer> {
  const { body } = await deps.storage.get(key)
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The zip: every scene's voice, the captions as SRT and VTT, and the video of that render. */
export async function downloadAssets(
  deps: ProjectsDeps,
  userId: number,
  projectId: number,
  renderId: string,
): Promise<{ zip: Buffer; name: string }> {
  const render = await projectRender(deps, userId, projectId, renderId)
  if (render.status !== RenderStatus.completed || !render.files.video)
    throw new AppError('not_ready', 'This video is not finished yet.', 409)
  const spec = render.settings.project
  if (!spec) throw videoNotFound()
  const entries: ZipEntry[] = []
  let n = 0
  for (const scene of spec.document.scenes) {
    n += 1
    const take = currentTake(scene)
    if (take)
      entries.push({
        name: `audio/scene-${String(n).padStart(2, '0')}.wav`,
        data: await readAll(deps, takeKey(projectId, take.id)),
      })
  }
  if (render.files.srt) entries.push({ name: 'captions.srt', data: await readAll(deps, render.files.srt) })
  if (render.files.vtt) entries.push({ name: 'captions.vtt', data: await readAll(deps, render.files.vtt) })
  entries.push({ name: 'video.mp4', data: await readAll(deps, render.files.video) })
  await recordEvent(deps, {
    category: 'usage',
    event: TrackingEvent.projectDownloaded,
    userId,
    data: { project_id: projectId, render_id: renderId },
  })
  await deps.realtime.emitToUser(userId, RealtimeEvent.assetsDownload, {
    project_id: projectId,
    render_id: renderId,
    files: entries.map((e) => e.name),
  })
  const safe =
    render.title
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'project'
  return { zip: zipArchive(entries), name: `${safe}-assets.zip` }
}

export async function deleteProgress(
  deps: ProjectsDeps,
  userId: number,
  projectId: number,
  renderId: string,
): Promise<void> {
  await projectRender(deps, userId, projectId, renderId)
  await remove(rendersDeps(deps), { userId, visitorId: null }, renderId)
}
