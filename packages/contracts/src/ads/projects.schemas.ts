import { z } from 'zod'
import { defineId } from '../ids'
import { Placement } from './placements'
import { BrandId } from './brands.schemas'

/** Ad projects (SPEC §1 "ad projects", `/dashboard/project#ad`, `/dashboard/project/{id}`). */

export const AD_PROJECT_NOT_FOUND = 'Ad project not found'
const adProjectId = defineId(AD_PROJECT_NOT_FOUND)
export const AdProjectId = adProjectId.json
export const AdProjectIdText = adProjectId.text

export const AD_PROJECT_STATUSES = ['draft', 'generating', 'ready', 'failed'] as const
export const AdProjectStatus = z.enum(AD_PROJECT_STATUSES)
export type AdProjectStatus = z.infer<typeof AdProjectStatus>
export const AD_GOALS = ['awareness', 'traffic', 'sales', 'app_installs', 'engagement', 'leads'] as const
export const AdGoal = z.enum(AD_GOALS, { error: `Goal must be one of ${AD_GOALS.join(', ')}` })

export const AdProjectName = z
  .string({ error: 'Please enter a project name' })
  .trim()
  .min(1, 'Please enter a project name')
  .max(80, 'The project name must be at most 80 characters')
export const AdPlacements = z
  .array(Placement)
  .min(1, 'Please pick at least one placement')
  .max(10)
  .refine((p) => new Set(p).size === p.length, 'Each placement only once')

export const AdProject = z.object({
  id: z.number().int(),
  name: z.string(),
  brand_id: z.number().int().nullable(),
  brand_name: z.string().nullable(),
  goal: AdGoal,
  /** The ad copy (headline and what the avatar reads). */
  copy: z.string(),
  placements: z.array(Placement),
  status: AdProjectStatus,
  created_at: z.string(),
  updated_at: z.string(),
})
export type AdProject = z.infer<typeof AdProject>

export const AD_COPY_MAX = 2000
export const CreateAdProjectBody = z.object({
  name: AdProjectName,
  brand_id: BrandId.nullable().default(null),
  goal: AdGoal.default('awareness'),
  copy: z
    .string()
    .trim()
    .max(AD_COPY_MAX, `The ad copy must be at most ${AD_COPY_MAX} characters`)
    .default(''),
  placements: AdPlacements.default(['square', 'story']),
})
export const UpdateAdProjectBody = z.object({
  name: AdProjectName.optional(),
  brand_id: BrandId.nullable().optional(),
  goal: AdGoal.optional(),
  copy: z
    .string()
    .trim()
    .max(AD_COPY_MAX, `The ad copy must be at most ${AD_COPY_MAX} characters`)
    .optional(),
  placements: AdPlacements.optional(),
})

/** What a project has made so far (user and admin). */
export const AdProjectStats = z.object({
  project_id: z.number().int(),
  placements: z.number().int(),
  image_generations: z.number().int(),
  video_generations: z.number().int(),
  videos_completed: z.number().int(),
  videos_failed: z.number().int(),
  scrapes: z.number().int(),
  last_activity_at: z.string().nullable(),
})
export type AdProjectStats = z.infer<typeof AdProjectStats>
