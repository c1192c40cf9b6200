/** Project settings (SPEC §3 defaults), the video setting (background, origin trim) and asset calls. */
import { ProjectDocument, ProjectSettings } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { ProjectBackground, SceneAsset } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { Project } from '@mouthpiece/contracts/projects/projects.schemas'
import { AppError } from '../../platform/http/errors'
import { assertEntitled } from '../payments'
import * as repo from './projects.repo'
import { applyChange, assetNotFound, findScene } from './project-changes'
import { commit, conflict, ownedProject, present } from './projects.service'
import type { ProjectsDeps } from './projects.deps'

async function editDocument(
  deps: ProjectsDeps,
  userId: number,
  id: number,
  version: number,
  kind: string,
  edit: (doc: ProjectDocument) => ProjectDocument | Promise<ProjectDocument>,
): Promise<Project> {
  const row = await ownedProject(deps, userId, id)
  if (row.version !== version) throw conflict(row.version)
  const next = await edit(ProjectDocument.parse(row.document))
  return present(deps, await commit(deps, row, version, next, { kind }))
}

export function updateSettings(
  deps: ProjectsDeps,
  userId: number,
  id: number,
  version: number,
  settings: Partial<ProjectSettings>,
) {
  return editDocument(deps, userId, id, version, 'settings', async (doc) => {
    if (settings.video_resolution === '1080p') await assertEntitled(deps.db, userId, { resolution: '1080p' })
    return { ...doc, settings: ProjectSettings.parse({ ...doc.settings, ...settings }) }
  })
}

export function updateVideoSetting(
  deps: ProjectsDeps,
  userId: number,
  id: number,
  version: number,
  body: { background?: ProjectBackground; origin_duration?: number | null },
) {
  return editDocument(deps, userId, id, version, 'video-setting', async (doc) => {
    let next = doc
    if (body.background) {
      if (body.background.type !== 'color') {
        const bg = await repo.findBackground(deps.db, userId, body.background.id)
        if (!bg || bg.type !== body.background.type)
          throw new AppError('not_found', 'Background not found', 404)
      }
      next = { ...next, background: body.background }
    }
    if (body.origin_duration !== undefined) {
      const max = doc.origin.duration
      if (body.origin_duration !== null && (!max || body.origin_duration > max + 0.01)) {
        throw new AppError(
          'validation',
          max ? `The base video is ${max.toFixed(1)} seconds long` : 'Please add a base video first',
          400,
          { origin_duration: ['Too long'] },
        )
      }
      next = { ...next, origin: { ...next.origin, trimDuration: body.origin_duration } }
    }
    return next
  })
}

// ─────────────────────────────── asset calls ───────────────────────────────

export function createAsset(
  deps: ProjectsDeps,
  userId: number,
  id: number,
  version: number,
  sceneId: string,
  asset: SceneAsset,
) {
  return editDocument(deps, userId, id, version, 'asset', (doc) => {
    if (findScene(doc, sceneId).assets.some((a) => a.id === asset.id))
      throw new AppError('validation', 'An asset with this id already exists', 400)
    return applyChange(doc, { kind: 'asset', sceneId, assetId: asset.id, data: asset }).doc
  })
}

export function copyAsset(
  deps: ProjectsDeps,
  userId: number,
  id: number,
  version: number,
  b: { sceneId: string; assetId: string; newId: string; toSceneId?: string },
) {
  return editDocument(deps, userId, id, version, 'asset', (doc) => {
    const source = findScene(doc, b.sceneId).assets.find((a) => a.id === b.assetId)
    if (!source) throw assetNotFound()
    const target = b.toSceneId ?? b.sceneId
    if (findScene(doc, target).assets.some((a) => a.id === b.newId))
      throw new AppError('validation', 'An asset with this id already exists', 400)
    // A copy on the same scene is nudged so it does not hide exactly under the original.
    const offset = target === b.sceneId ? 16 : 0
    return applyChange(doc, {
      kind: 'asset',
      sceneId: target,
      assetId: b.newId,
      data: { ...source, id: b.newId, x: source.x + offset, y: source.y + offset },
    }).doc
  })
}

export function updateAsset(
  deps: ProjectsDeps,
  userId: number,
  id: number,
  version: number,
  sceneId: string,
  assetId: string,
  data: Partial<SceneAsset>,
) {
  return editDocument(deps, userId, id, version, 'asset', (doc) => {
    if (!findScene(doc, sceneId).assets.some((a) => a.id === assetId)) throw assetNotFound()
    return applyChange(doc, { kind: 'asset', sceneId, assetId, data }).doc
  })
}

export function deleteAsset(
  deps: ProjectsDeps,
  userId: number,
  id: number,
  version: number,
  sceneId: string,
  assetId: string,
) {
  return editDocument(
    deps,
    userId,
    id,
    version,
    'asset',
    (doc) => applyChange(doc, { kind: 'asset', sceneId, assetId, action: 1 }).doc,
  )
}
