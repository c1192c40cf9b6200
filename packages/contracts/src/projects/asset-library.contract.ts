import { z } from 'zod'
import { defineRoute } from '../define-route'
import { pageOf, PageNumber } from '../users/users.schemas'

/**
 * /dashboard/asset-management: everything a user has stored, in four kinds (SPEC §2 asset
 * management: "the user's uploads, audio takes, renders, custom avatars"), with the bytes each uses.
 * Items are named by an opaque `id` the delete call takes back; the server decides what it points at.
 */

export const ASSET_KINDS = ['uploads', 'audio', 'renders', 'avatars'] as const
export const AssetKind = z.enum(ASSET_KINDS, { error: 'Unknown kind of asset' })
export type AssetKind = z.infer<typeof AssetKind>
export const ASSET_LIBRARY_PAGE_SIZE = 12

export const StoredAsset = z.object({
  kind: AssetKind,
  /** Opaque: `background:<uuid>`, `upload:<uuid>`, `file:<projectId>:<name>`, `take:<projectId>:<takeId>`, `render:<uuid>`, `avatar:<id>`. */
  id: z.string(),
  name: z.string(),
  /** What it is in a few words (e.g. "Background video · 12 s", "Take of scene 2 in My video"). */
  detail: z.string(),
  media: z.enum(['image', 'video', 'audio']),
  /** Same-origin links: preview (plays or shows it) and download. */
  preview_url: z.string().nullable(),
  download_url: z.string().nullable(),
  bytes: z.number().int().nonnegative(),
  created_at: z.string(),
  /** Null when it can be deleted; else why not (e.g. a take a scene uses). */
  locked: z.string().nullable(),
})
export type StoredAsset = z.infer<typeof StoredAsset>

export const StorageUse = z.object({
  total_bytes: z.number().int().nonnegative(),
  by_kind: z.object({
    uploads: z.number().int(),
    audio: z.number().int(),
    renders: z.number().int(),
    avatars: z.number().int(),
  }),
  counts: z.object({
    uploads: z.number().int(),
    audio: z.number().int(),
    renders: z.number().int(),
    avatars: z.number().int(),
  }),
})
export type StorageUse = z.infer<typeof StorageUse>

export const listStoredAssets = defineRoute({
  method: 'GET',
  path: '/api/asset-management',
  auth: 'user',
  summary: 'My stored files of one kind, newest first, and my storage use',
  query: z.object({ kind: AssetKind.default('uploads'), page: PageNumber.default(1) }),
  response: pageOf(StoredAsset).extend({ storage: StorageUse }),
})

export const deleteStoredAsset = defineRoute({
  method: 'POST',
  path: '/api/asset-management/delete',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Delete one of my stored files',
  body: z.object({ id: z.string().trim().min(1, 'File not found').max(200, 'File not found') }),
  response: z.object({ deleted: z.literal(true), storage: StorageUse }),
})
