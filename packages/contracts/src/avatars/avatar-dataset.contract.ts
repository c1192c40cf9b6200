import { z } from 'zod'
import { defineRoute } from '../define-route'
import { SearchText } from '../lists'
import { LookPrompt } from '../media/avatar.schemas'
import { PageQuery, pageOf } from '../users/users.schemas'
import { AvatarName, CustomAvatarId, CustomAvatarIdText } from './avatars.contract'

export const AVATAR_DATASET_PER_PAGE = 20

/** One of the users' custom avatars, with its owner (SPEC §7 admin "avatar dataset"). */
export const AvatarDatasetItem = z.object({
  id: z.number().int(),
  name: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  prompt: LookPrompt,
  variation: z.number().int(),
  kind: z.enum(['cartoon', 'photo']),
  preview_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type AvatarDatasetItem = z.infer<typeof AvatarDatasetItem>

/** SPEC §7 admin Users "avatar dataset {page, keySearch}": the avatar's name or its owner's username or email. */
export const adminAvatarDataset = defineRoute({
  method: 'GET',
  path: '/api/admin/avatar-dataset',
  auth: 'admin',
  summary: "Users' custom avatars, newest first",
  query: PageQuery.extend({ keySearch: SearchText }),
  response: pageOf(AvatarDatasetItem),
})

/** SPEC §7 admin Users "update dataset": rename an avatar or change its look prompt (redrawn), audited. */
export const adminUpdateAvatarDataset = defineRoute({
  method: 'POST',
  path: '/api/admin/avatar-dataset/update',
  auth: 'admin',
  summary: "Change a user's custom avatar",
  body: z
    .object({ id: CustomAvatarId, name: AvatarName.optional(), prompt: LookPrompt.optional() })
    .refine((b) => b.name !== undefined || b.prompt !== undefined, {
      message: 'Change the name or the look prompt',
      path: ['name'],
    }),
  response: z.object({ avatar: AvatarDatasetItem }),
})

/** The avatar's still for the admin (PNG, binary answer). */
export const adminAvatarDatasetPreview = defineRoute({
  method: 'GET',
  path: '/api/admin/avatar-dataset/:id/preview.png',
  auth: 'admin',
  summary: "A user's custom avatar still (PNG)",
  params: z.object({ id: CustomAvatarIdText }),
})
