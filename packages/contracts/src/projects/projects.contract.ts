import { z } from 'zod'
import { defineRoute } from '../define-route'
import { pageOf } from '../users/users.schemas'
import { DocId, ProjectBackground, ProjectSettings, SceneAsset } from './project-document.schemas'
import {
  AssetBody,
  BaseVersion,
  CreateProjectBody,
  ListProjectsQuery,
  ProjectAnswer,
  ProjectId,
  ProjectIdText,
  ProjectName,
  ProjectSummary,
  UpdateProjectBody,
} from './projects.schemas'

/**
 * Project CRUD, settings, backgrounds and asset calls (SPEC §7 "Projects and audio"). Every write
 * that changes the document names the `version` it was based on; a stale one gets 409
 * `{ code: 'version_conflict', message, errors: { version: ['<current>'] } }` and changes nothing.
 */

export const checkProjectName = defineRoute({
  method: 'POST',
  path: '/api/check-project-name',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Whether a project name is free among my projects',
  body: z.object({ name: ProjectName, exclude_id: ProjectId.optional() }),
  response: z.object({ available: z.boolean(), message: z.string().nullable() }),
})

export const createProject = defineRoute({
  method: 'POST',
  path: '/api/create-project',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Create a project (scenes with the spec defaults)',
  body: CreateProjectBody,
  response: ProjectAnswer,
})

export const listProjects = defineRoute({
  method: 'GET',
  path: '/api/get-projects',
  auth: 'user',
  requiresEnabled: true,
  summary: 'My projects, newest first (SPEC projects list)',
  query: ListProjectsQuery,
  response: pageOf(ProjectSummary),
})

export const getProject = defineRoute({
  method: 'GET',
  path: '/api/get-project/:id',
  auth: 'user',
  requiresEnabled: true,
  summary: 'One of my projects with its document and version',
  params: z.object({ id: ProjectIdText }),
  response: ProjectAnswer,
})

export const updateProject = defineRoute({
  method: 'POST',
  path: '/api/projects/:id/update',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Rename or edit a project (changes or whole document), versioned',
  params: z.object({ id: ProjectIdText }),
  body: UpdateProjectBody,
  response: ProjectAnswer,
})

export const deleteProject = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/delete',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Delete a project and its files',
  params: z.object({ projectId: ProjectIdText }),
  response: z.object({ deleted: z.literal(true) }),
})

export const duplicateProject = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/duplicate',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Copy a project (document and files)',
  params: z.object({ projectId: ProjectIdText }),
  body: z.object({ name: ProjectName.optional() }),
  response: ProjectAnswer,
})

/** SPEC "update-project-setting": volumes, resolution (plan-gated), orientation. */
export const updateProjectSetting = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/update-project-setting',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Project settings (volumes, resolution, orientation)',
  params: z.object({ projectId: ProjectIdText }),
  body: z.object({ version: BaseVersion, settings: ProjectSettings.partial() }),
  response: ProjectAnswer,
})

/** SPEC "video setting": the project background and the origin video trim. */
export const updateVideoSetting = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/video-setting',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Project background and origin video duration',
  params: z.object({ projectId: ProjectIdText }),
  body: z.object({
    version: BaseVersion,
    background: ProjectBackground.optional(),
    /** Origin video duration change: seconds of the base video to use. */
    origin_duration: z.number().positive().nullable().optional(),
  }),
  response: ProjectAnswer,
})

// ─────────────────────────────── Assets (create, copy, update, delete, undo) ───────────────────────────────

export const createAsset = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/assets/create',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Add an asset to a scene',
  params: z.object({ projectId: ProjectIdText }),
  body: AssetBody.extend({ asset: SceneAsset }),
  response: ProjectAnswer,
})

export const copyAsset = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/assets/copy',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Duplicate an asset (to the same or another scene)',
  params: z.object({ projectId: ProjectIdText }),
  body: AssetBody.extend({ assetId: DocId, newId: DocId, toSceneId: DocId.optional() }),
  response: ProjectAnswer,
})

export const updateAsset = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/assets/update',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Move, resize, re-time or edit an asset',
  params: z.object({ projectId: ProjectIdText }),
  body: AssetBody.extend({ assetId: DocId, data: SceneAsset.omit({ id: true }).partial() }),
  response: ProjectAnswer,
})

export const deleteAsset = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/assets/delete',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Remove an asset from a scene',
  params: z.object({ projectId: ProjectIdText }),
  body: AssetBody.extend({ assetId: DocId }),
  response: ProjectAnswer,
})

/** Server-side history: each call steps one document change back (several steps). Redo lives in the editor. */
export const undoProject = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/assets/undo',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Undo the last change of the document',
  params: z.object({ projectId: ProjectIdText }),
  body: z.object({ version: BaseVersion }),
  response: ProjectAnswer,
})

/** multipart: one `file` (image, video or audio) for an asset; answers the stored name to put in `SceneAsset.file`. */
export const uploadAssetFile = defineRoute({
  method: 'POST',
  path: '/api/projects/:projectId/assets/upload',
  auth: 'user',
  requiresEnabled: true,
  multipart: true,
  summary: 'Upload a file for an asset',
  params: z.object({ projectId: ProjectIdText }),
  response: z.object({
    file: z.string(),
    url: z.string(),
    kind: z.enum(['image', 'video', 'audio']),
    duration: z.number().nullable(),
  }),
})

/** Binary with Range support: a project's stored file (audio takes, uploads, base video). */
export const projectFile = defineRoute({
  method: 'GET',
  path: '/api/projects/:projectId/files/:file',
  auth: 'user',
  requiresEnabled: true,
  summary: 'A file of my project',
  params: z.object({
    projectId: ProjectIdText,
    file: z.string().regex(/^[A-Za-z0-9_.-]{1,120}$/, 'File not found'),
  }),
})

// ─────────────────────────────── Project backgrounds ───────────────────────────────

export const ProjectBackgroundItem = z.object({
  id: z.string(),
  type: z.enum(['image', 'video']),
  name: z.string(),
  url: z.string(),
  duration: z.number().nullable(),
  created_at: z.string(),
})
export type ProjectBackgroundItem = z.infer<typeof ProjectBackgroundItem>

export const listProjectBackgrounds = defineRoute({
  method: 'GET',
  path: '/api/project-backgrounds',
  auth: 'user',
  requiresEnabled: true,
  summary: 'My uploaded project backgrounds',
  response: z.object({ backgrounds: z.array(ProjectBackgroundItem) }),
})

/** multipart: one `file`, an image or a video (probed). */
export const uploadProjectBackground = defineRoute({
  method: 'POST',
  path: '/api/project-backgrounds/upload',
  auth: 'user',
  requiresEnabled: true,
  multipart: true,
  summary: 'Upload an image or video background',
  response: z.object({ background: ProjectBackgroundItem }),
})

export const updateProjectBackground = defineRoute({
  method: 'POST',
  path: '/api/project-backgrounds/:backgroundId/update',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Rename a background',
  params: z.object({ backgroundId: z.uuid({ error: 'Background not found' }) }),
  body: z.object({ name: z.string().trim().min(1).max(80) }),
  response: z.object({ background: ProjectBackgroundItem }),
})

export const deleteProjectBackground = defineRoute({
  method: 'POST',
  path: '/api/project-backgrounds/:backgroundId/delete',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Delete a background',
  params: z.object({ backgroundId: z.uuid({ error: 'Background not found' }) }),
  response: z.object({ deleted: z.literal(true) }),
})

/** Binary: a background file. */
export const projectBackgroundFile = defineRoute({
  method: 'GET',
  path: '/api/project-backgrounds/:backgroundId/file',
  auth: 'user',
  requiresEnabled: true,
  summary: 'A background file',
  params: z.object({ backgroundId: z.uuid({ error: 'Background not found' }) }),
})
