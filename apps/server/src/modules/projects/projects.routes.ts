import {
  checkProjectName,
  copyAsset,
  createAsset,
  createProject,
  deleteAsset,
  deleteProject,
  duplicateProject,
  getProject,
  listProjects,
  undoProject,
  updateAsset,
  updateProject,
  updateProjectSetting,
  updateVideoSetting,
} from '@mouthpiece/contracts/projects/projects.contract'
import type { HttpContext } from '../../platform/context'
import { mediaError } from '../voices'
import * as projects from './projects.service'
import * as settings from './project-settings.service'
import { registerProjectOutputRoutes } from './output/project-output.routes'
import { registerProjectAudioRoutes } from './audio/project-audio.routes'
import { registerProjectFileRoutes } from './files/project-files.routes'
import { registerProjectBackgroundRoutes } from './files/project-backgrounds.routes'
import { registerAssetLibraryRoutes } from './library/asset-library.routes'
import { registerPublicBackgroundRoutes } from './files/public-backgrounds.routes'

/** SPEC §7 "Projects and audio": CRUD, versioned edits, asset calls with undo, settings, files. */
export function registerProjectsRoutes(ctx: HttpContext) {
  const { route } = ctx
  const deps = ctx
  // Speech runs inside edits (a changed script is spoken again); its input errors read as 4xx.
  const media = <T>(p: Promise<T>) =>
    p.catch((e: unknown) => {
      throw mediaError(e)
    })

  route(checkProjectName, async ({ actor, body }) =>
    projects.checkName(deps, actor.user.id, body.name, body.exclude_id),
  )
  route(createProject, async ({ actor, body }) => ({
    project: await media(projects.create(deps, actor.user.id, body)),
  }))
  route(listProjects, async ({ actor, query }) =>
    projects.list(deps, actor.user.id, query.page, query.keyword),
  )
  route(getProject, async ({ actor, params, reply }) => {
    void reply.header('cache-control', 'no-store')
    return { project: await projects.get(deps, actor.user.id, params.id) }
  })
  route(updateProject, async ({ actor, params, body }) => ({
    project: await media(projects.update(deps, actor.user.id, params.id, body)),
  }))
  route(deleteProject, async ({ actor, params }) => {
    await projects.remove(deps, actor.user.id, params.projectId)
    return { deleted: true as const }
  })
  route(duplicateProject, async ({ actor, params, body }) => ({
    project: await projects.duplicate(deps, actor.user.id, params.projectId, body.name),
  }))
  route(updateProjectSetting, async ({ actor, params, body }) => ({
    project: await settings.updateSettings(
      deps,
      actor.user.id,
      params.projectId,
      body.version,
      body.settings,
    ),
  }))
  route(updateVideoSetting, async ({ actor, params, body }) => ({
    project: await settings.updateVideoSetting(deps, actor.user.id, params.projectId, body.version, body),
  }))

  route(createAsset, async ({ actor, params, body }) => ({
    project: await settings.createAsset(
      deps,
      actor.user.id,
      params.projectId,
      body.version,
      body.sceneId,
      body.asset,
    ),
  }))
  route(copyAsset, async ({ actor, params, body }) => ({
    project: await settings.copyAsset(deps, actor.user.id, params.projectId, body.version, body),
  }))
  route(updateAsset, async ({ actor, params, body }) => ({
    project: await settings.updateAsset(
      deps,
      actor.user.id,
      params.projectId,
      body.version,
      body.sceneId,
      body.assetId,
      body.data,
    ),
  }))
  route(deleteAsset, async ({ actor, params, body }) => ({
    project: await settings.deleteAsset(
      deps,
      actor.user.id,
      params.projectId,
      body.version,
      body.sceneId,
      body.assetId,
    ),
  }))
  route(undoProject, async ({ actor, params, body }) => ({
    project: await projects.undo(deps, actor.user.id, params.projectId, body.version),
  }))

  registerProjectAudioRoutes(ctx)
  registerProjectOutputRoutes(ctx)
  registerProjectFileRoutes(ctx)
  registerProjectBackgroundRoutes(ctx)
  registerAssetLibraryRoutes(ctx)
  registerPublicBackgroundRoutes(ctx)
}
