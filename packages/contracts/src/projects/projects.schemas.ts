import { z } from 'zod'
import { boundedText, defineId } from '../ids'
import { CustomAvatarId } from '../avatars/avatars.contract'
import { VoiceId } from '../media/voices.schemas'
import { AssetChangeKind, DELETE_ACTION, OriginVideoMode } from '../statuses'
import {
  AvatarData,
  AudioData,
  CaptionData,
  DocId,
  ProjectDocument,
  ProjectSettings,
  Scene,
  SceneAsset,
  SceneText,
} from './project-document.schemas'

/** The projects domain: a user's editable videos (SPEC §3 project, §7 "Projects and audio"). */

export const PROJECT_NOT_FOUND = 'Project not found'
const projectId = defineId(PROJECT_NOT_FOUND)
/** A project id in a JSON body. */
export const ProjectId = projectId.json
/** A project id in a path or a query string. */
export const ProjectIdText = projectId.text
/** A page of a user's list (projects, renders) in a query string. */
export const PageText = boundedText(1, 100_000, 'page must be a whole number from 1')
export const PROJECT_NAME_MAX = 80
export const ProjectName = z
  .string({ error: 'Please enter a project name' })
  .trim()
  .min(1, 'Please enter a project name')
  .max(PROJECT_NAME_MAX, `The project name must be at most ${PROJECT_NAME_MAX} characters`)
export const PROJECT_NAME_TAKEN = 'You already have a project with this name'
/** 409 body `code` of a stale write; `errors.version` carries the current version too. */
export const VERSION_CONFLICT_CODE = 'version_conflict'
export const VERSION_CONFLICT_MESSAGE =
  'This project was changed in another tab or window. Reload to get the latest version.'
export const NOTHING_TO_UNDO = 'Nothing to undo'

/** The version a write was based on (the `version` of the project the caller last read). */
export const BaseVersion = z
  .number({ error: 'Please send the project version you edited' })
  .int()
  .nonnegative()

/** A project as the list shows it (no document). */
export const ProjectSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.number().int(),
  scene_count: z.number().int(),
  /** Seconds of the chosen takes, 0 until audio exists. */
  duration: z.number(),
  origin_mode: z.literal(Object.values(OriginVideoMode)),
  thumbnail_url: z.string().nullable(),
  /** Latest final video render of the project, if any. */
  last_render_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ProjectSummary = z.infer<typeof ProjectSummary>

export const Project = ProjectSummary.extend({
  document: ProjectDocument,
  /** How many undo steps the server holds. */
  undo_depth: z.number().int(),
})
export type Project = z.infer<typeof Project>

// ─────────────────────────────── Changes (SPEC §4 change kinds) ───────────────────────────────

/**
 * One edit of the document. `kind` follows SPEC §4 (captionData, audioData, avatarData, asset);
 * `action: 1` (SPEC delete action) deletes the asset. `scene` kinds add, remove, move and re-text scenes.
 * Partial `data` is merged into the scene's part and re-validated as a whole.
 */
export const SceneChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('captionData'), sceneId: DocId, data: CaptionData.partial() }),
  z.object({
    kind: z.literal('audioData'),
    sceneId: DocId,
    data: AudioData.pick({
      emotion: true,
      intensity: true,
      numberOfSamples: true,
      voiceType: true,
      voiceId: true,
      voiceEffect: true,
      sampleUuidPath: true,
      rate: true,
      pitch: true,
      audioFile: true,
    }).partial(),
  }),
  z.object({
    kind: z.literal('avatarData'),
    sceneId: DocId,
    data: AvatarData.omit({ status: true, renderId: true }).partial(),
  }),
  z.object({
    kind: z.literal('asset'),
    sceneId: DocId,
    assetId: DocId,
    /** SPEC delete action = 1; absent: create (if new) or update. */
    action: z.literal(DELETE_ACTION).optional(),
    data: SceneAsset.partial().optional(),
  }),
  /** Changing a scene's text re-synthesises its audio and re-times its captions (script-anchored). */
  z.object({ kind: z.literal('text'), sceneId: DocId, text: SceneText }),
  z.object({ kind: z.literal('addScene'), scene: Scene, index: z.number().int().nonnegative().optional() }),
  z.object({ kind: z.literal('removeScene'), sceneId: DocId }),
  z.object({ kind: z.literal('moveScene'), sceneId: DocId, index: z.number().int().nonnegative() }),
])
export type SceneChange = z.infer<typeof SceneChange>
export const CHANGE_KINDS = [...AssetChangeKind, 'text', 'addScene', 'removeScene', 'moveScene'] as const

/** Update: either a list of changes or the whole document (autosave), based on `version`. */
export const UpdateProjectBody = z
  .object({
    version: BaseVersion,
    name: ProjectName.optional(),
    changes: z.array(SceneChange).max(200).optional(),
    document: ProjectDocument.optional(),
  })
  .refine((b) => !(b.changes && b.document), {
    message: 'Send either changes or a document, not both',
    path: ['document'],
  })
export type UpdateProjectBody = z.infer<typeof UpdateProjectBody>
export type UpdateProjectInput = z.input<typeof UpdateProjectBody>

export const CreateProjectBody = z.object({
  name: ProjectName,
  /** Scripts of the first scenes; one empty scene when absent. */
  scenes: z.array(SceneText).max(50).optional(),
  influencer: z.string().trim().max(60).optional(),
  custom_avatar_id: CustomAvatarId.optional(),
  /** The voice every first scene speaks with (a library id); the avatar's own voice when absent. */
  voice_id: VoiceId.optional(),
  origin_mode: z.literal(Object.values(OriginVideoMode)).default(OriginVideoMode.none),
  settings: ProjectSettings.partial().optional(),
})
export type CreateProjectBody = z.input<typeof CreateProjectBody>

export const ListProjectsQuery = z.object({
  page: PageText.default(1),
  keyword: z.string().trim().max(80).optional(),
})

export const AssetBody = z.object({ version: BaseVersion, sceneId: DocId })
export const ProjectAnswer = z.object({ project: Project })
