import { deleteStoredAsset, listStoredAssets } from '@mouthpiece/contracts/projects/asset-library.contract'
import type { HttpContext } from '../../../platform/context'
import { deleteAsset, listAssets } from './asset-library.service'

/** /dashboard/asset-management: my stored files of one kind with my storage use, and deleting one. */
export function registerAssetLibraryRoutes(ctx: HttpContext) {
  ctx.route(listStoredAssets, async ({ actor, query, reply }) => {
    void reply.header('cache-control', 'no-store')
    return listAssets(ctx, actor.user.id, query.kind, query.page)
  })
  ctx.route(deleteStoredAsset, async ({ actor, body }) => ({
    deleted: true as const,
    storage: await deleteAsset(ctx, actor.user.id, body.id),
  }))
}
