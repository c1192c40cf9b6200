/**
 * SPEC "generate avatar (two kinds)": a scene's avatar as its own video — the avatar clip alone
 * (transparent VP9 WebM, for editors and overlays) or the avatar over the project background (MP4).
 * It is a render (renders pipeline); the scene's avatarData.status follows it with the SPEC §4
 * flow avatarWaiting → avatarGenerating → avatarGenerated (or avatarFailed), queue type avatar=2.
 */
import { TrackingEvent } from '@mouthpiece/contracts/constants'
import { GenerationFlow, OriginVideoMode, QueueType, RenderStatus } from '@mouthpiece/contracts/statuses'
import { ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { SceneStatus } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { Project } from '@mouthpiece/contracts/projects/projects.schemas'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import { currentTake } from '@mouthpiece/editor/timeline'
import { AppError } from '../../../platform/http/errors'
import { recordEvent } from '../../tracking'
import { avatarNotFound, chooseAvatar, findCustomAvatar } from '../../avatars'
import { rendersDeps, startProjectVideo, onRenderChange, renderFileUrl } from '../../renders'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import type { RenderRow } from '../../renders'
import * as repo from '../projects.repo'
import { findScene } from '../project-changes'
import { commit, conflict, ownedProject, present, systemWrite } from '../projects.service'
import type { ProjectsDeps } from '../projects.deps'

export async function generateAvatar(
  deps: ProjectsDeps,
  userId: number,
  projectId: number,
  body: { version: number; sceneId: string; kind: 'avatar' | 'avatar_background' },
): Promise<Project> {
  listenToAvatarRenders(deps)
  const row = await ownedProject(deps, userId, projectId)
  if (row.version !== body.version) throw conflict(row.version)
  const doc = ProjectDocument.parse(row.document)
  const scene = findScene(doc, body.sceneId)
  if (!currentTake(scene)) throw new AppError('audio_missing', "Generate the scene's voice first.", 422)
  const a = scene.avatarData
  const looks: Record<string, AvatarLook> = {}
  if (a.customAvatarId != null) {
    const custom = await findCustomAvatar(deps.db, userId, a.customAvatarId)
    if (!custom) throw avatarNotFound()
    looks[String(a.customAvatarId)] = custom.look
  }
  let backgroundKey: string | undefined
  if (body.kind === 'avatar_background' && doc.background.type !== 'color')
    backgroundKey = (await repo.findBackground(deps.db, userId, doc.background.id))?.file_key
  const avatar = await chooseAvatar(deps.db, userId, {
    influencer_id: a.influencer ?? undefined,
    custom_avatar_id: a.customAvatarId ?? undefined,
  })
  const waiting: SceneStatus = {
    status: RenderStatus.paused,
    flow: GenerationFlow.avatarWaiting,
    queueType: QueueType.avatar,
    error: null,
  }
  const withStatus = (d: ProjectDocument) => ({
    ...d,
    scenes: d.scenes.map((s) =>
      s.id === scene.id ? { ...s, avatarData: { ...s.avatarData, status: waiting } } : s,
    ),
  })
  const written = await commit(deps, row, body.version, withStatus(doc), {
    kind: 'avatarData',
    history: false,
  })
  const render = await startProjectVideo(rendersDeps(deps), userId, {
    title: `${row.name} · scene ${doc.scenes.indexOf(scene) + 1} avatar`,
    text: scene.text.trim(),
    avatar,
    format: body.kind === 'avatar' ? 'webm' : 'mp4',
    project: {
      projectId,
      version: written.version,
      looks,
      backgroundKey,
      document: { ...doc, scenes: [scene], origin: { ...doc.origin, mode: OriginVideoMode.none } },
      avatarOnly: { sceneId: scene.id, transparent: body.kind === 'avatar' },
    },
  })
  await recordEvent(deps, {
    category: 'usage',
    event: TrackingEvent.avatarCreated,
    userId,
    data: { project_id: projectId, scene_id: scene.id, kind: body.kind },
  })
  const linked = await systemWrite(deps, projectId, 'avatarData', (d) => ({
    ...d,
    scenes: d.scenes.map((s) =>
      s.id === scene.id ? { ...s, avatarData: { ...s.avatarData, renderId: render.id } } : s,
    ),
  }))
  return present(deps, linked ?? written)
}

/** Renders whose thumbnail this process announced already (a finished render is reported more than once). */
const announced = new Set<string>()

/**
 * A finished project render has a still (its poster): the scene's thumbnail for a scene's avatar,
 * the project's cover for a final video. `preview-thumbnail-event` tells the owner's pages.
 */
async function announceThumbnail(deps: ProjectsDeps, row: RenderRow): Promise<void> {
  const spec = row.settings.project
  const poster = renderFileUrl(row.id, row.files.poster)
  if (!spec || !row.user_id || row.status !== RenderStatus.completed || !poster || announced.has(row.id))
    return
  announced.add(row.id)
  if (announced.size > 10_000) announced.clear()
  await deps.realtime.emitToUser(row.user_id, RealtimeEvent.previewThumbnail, {
    project_id: spec.projectId,
    scene_id: spec.avatarOnly?.sceneId ?? null,
    render_id: row.id,
    url: poster,
  })
}

/** The scene follows its avatar render (status, flow, queue type, error); unchanged states write nothing. */
async function followRender(deps: ProjectsDeps, row: RenderRow): Promise<void> {
  const spec = row.settings.project
  await announceThumbnail(deps, row)
  if (!spec?.avatarOnly) return
  // The render's first job only lays out the scene's existing voice: for the scene that is still
  // waiting for its avatar, and a failure there is the avatar's failure.
  const flow =
    row.flow === GenerationFlow.audioFailed
      ? GenerationFlow.avatarFailed
      : Math.max(row.flow, GenerationFlow.avatarWaiting)
  const status: SceneStatus = {
    status: row.status as SceneStatus['status'],
    flow: flow as SceneStatus['flow'],
    queueType: QueueType.avatar,
    error: row.error ? (row.error.split('#')[0] ?? row.error) : null,
  }
  await systemWrite(deps, spec.projectId, 'avatarData', (doc) => {
    const scene = doc.scenes.find((s) => s.id === spec.avatarOnly!.sceneId)
    if (!scene || (scene.avatarData.renderId && scene.avatarData.renderId !== row.id)) return null
    const now = scene.avatarData.status
    if (
      now.status === status.status &&
      now.flow === status.flow &&
      now.queueType === status.queueType &&
      now.error === status.error
    )
      return null
    return {
      ...doc,
      scenes: doc.scenes.map((s) =>
        s.id === scene.id ? { ...s, avatarData: { ...s.avatarData, status, renderId: row.id } } : s,
      ),
    }
  })
}

const listening = new WeakSet<object>()
/** Registers the follower once per database (API and worker processes both call this). */
export function listenToAvatarRenders(deps: ProjectsDeps): void {
  if (listening.has(deps.db)) return
  listening.add(deps.db)
  onRenderChange(deps.db, 'project', (row) => followRender(deps, row))
}
