import {
  adAssetFile,
  adCanvasImageFile,
  adCharacterFile,
  addCanvasAsset,
  canvasAssetPriority,
  canvasAssetText,
  canvasAssetVisibility,
  deleteAdAsset,
  deleteAdImage,
  exportAdPlacement,
  exportAdZip,
  extractAdImage,
  generateAdImages,
  getAdAsset,
  getAdCanvas,
  getAdImageGeneration,
  listAdAssets,
  listAdImageGenerations,
  moreAdImages,
  regenerateTextGroup,
  removeCanvasAsset,
  renameAdImage,
  replaceAdImage,
  selectAdImage,
  transformCanvasAsset,
  uploadAdImage,
  uploadCanvasAsset,
  uploadCharacterAsset,
} from '@mouthpiece/contracts/ads/images'
import type { FastifyRequest } from 'fastify'
import type { HttpContext } from '../../../platform/context'
import * as assets from './ad-assets.service'
import * as canvas from './ad-canvas.service'
import * as generations from './ad-generations.service'
import { MAX_AD_IMAGE_BYTES } from './uploads'
import { registerAdImagesAdminRoutes } from './ad-images.admin.routes'

/** Uploads are decoded and extractions cost CPU: limits only a script reaches. */
const UPLOAD_LIMITS = {
  rateLimit: { max: 60, timeWindow: 10 * 60_000 },
  bodyLimit: MAX_AD_IMAGE_BYTES + 1024 * 1024,
}
const fileOf = async (req: FastifyRequest) =>
  req.isMultipart() ? req.file({ limits: { fileSize: MAX_AD_IMAGE_BYTES, files: 1 } }) : undefined

/** SPEC §4 ad image flow and the canvas of assets; map in ./README.md. */
export function registerAdImagesRoutes(ctx: HttpContext) {
  const { route } = ctx
  const deps = ctx

  route(
    uploadAdImage,
    async ({ actor, req }) => ({
      asset: await assets.uploadImage(deps, actor.user.id, await fileOf(req), 'upload'),
    }),
    UPLOAD_LIMITS,
  )
  route(
    uploadCharacterAsset,
    async ({ actor, req }) => ({
      asset: await assets.uploadImage(deps, actor.user.id, await fileOf(req), 'character'),
    }),
    UPLOAD_LIMITS,
  )
  route(
    replaceAdImage,
    async ({ actor, params, req }) => ({
      asset: await assets.replaceImage(deps, actor.user.id, params.id, await fileOf(req)),
    }),
    UPLOAD_LIMITS,
  )
  route(
    extractAdImage,
    async ({ actor, params, body }) => ({
      asset: await assets.startExtraction(deps, actor.user.id, params.id, body),
    }),
    { rateLimit: UPLOAD_LIMITS.rateLimit },
  )
  route(listAdAssets, async ({ actor, query }) => ({
    assets: await assets.listAssets(deps, actor.user.id, query.project_id),
  }))
  route(getAdAsset, async ({ actor, params }) => ({
    asset: await assets.getAsset(deps, actor.user.id, params.id),
  }))
  route(deleteAdAsset, async ({ actor, params }) => {
    await assets.deleteAsset(deps, actor.user.id, params.id)
    return { deleted: true as const }
  })
  route(adAssetFile, async ({ actor, params, reply }) => {
    const file = await assets.assetFile(deps, actor.user.id, params.id)
    return reply.type(file.type).header('cache-control', 'private, max-age=3600').send(file.body)
  })
  route(adCharacterFile, async ({ actor, params, reply }) => {
    const file = await assets.assetFile(deps, actor.user.id, params.id, params.characterId)
    return reply.type(file.type).header('cache-control', 'private, max-age=86400').send(file.body)
  })

  route(generateAdImages, async ({ actor, body }) => ({
    generations: await generations.generate(deps, actor.user.id, body),
  }))
  route(listAdImageGenerations, async ({ actor, query }) => ({
    generations: await generations.list(deps, actor.user.id, query.project_id),
  }))
  route(getAdImageGeneration, async ({ actor, params }) => ({
    generation: generations.presentGeneration(
      await generations.ownGeneration(deps, actor.user.id, params.id),
    ),
  }))
  route(moreAdImages, async ({ actor, params, body }) => ({
    generations: await generations.more(deps, actor.user.id, params.id, body.count),
  }))
  route(selectAdImage, async ({ actor, params, body }) => ({
    generation: await generations.update(deps, actor.user.id, params.id, { selected: body.selected }),
  }))
  route(renameAdImage, async ({ actor, params, body }) => ({
    generation: await generations.update(deps, actor.user.id, params.id, { name: body.name }),
  }))
  route(deleteAdImage, async ({ actor, params }) => {
    await generations.remove(deps, actor.user.id, params.id)
    return { deleted: true as const }
  })
  route(exportAdPlacement, async ({ actor, params, query, reply }) => {
    const data = await generations.exportPlacement(
      deps,
      actor.user.id,
      params.id,
      params.placement,
      query.format,
    )
    const ext = query.format === 'png' ? 'png' : 'jpg'
    return reply
      .type(query.format === 'png' ? 'image/png' : 'image/jpeg')
      .header('cache-control', 'private, max-age=60')
      .header('content-disposition', `inline; filename="ad-${params.id}-${params.placement}.${ext}"`)
      .send(data)
  })
  route(exportAdZip, async ({ actor, params, query, reply }) => {
    const { zip, filename } = await generations.exportZip(deps, actor.user.id, params.id, query.format)
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(zip)
  })

  route(getAdCanvas, async ({ actor, params }) =>
    canvas.getCanvas(deps, actor.user.id, params.id, params.placement),
  )
  route(adCanvasImageFile, async ({ actor, params, reply }) => {
    const file = await canvas.canvasImage(deps, actor.user.id, params.id, params.key)
    return reply.type(file.type).header('cache-control', 'private, max-age=86400').send(file.body)
  })
  route(addCanvasAsset, async ({ actor, params, body }) =>
    canvas.addAsset(deps, actor.user.id, params.id, params.placement, body),
  )
  route(
    uploadCanvasAsset,
    async ({ actor, params, req }) =>
      canvas.uploadAsset(deps, actor.user.id, params.id, params.placement, await fileOf(req)),
    UPLOAD_LIMITS,
  )
  route(removeCanvasAsset, async ({ actor, params }) =>
    canvas.removeAsset(deps, actor.user.id, params.id, params.placement, params.assetId),
  )
  route(transformCanvasAsset, async ({ actor, params, body }) =>
    canvas.transformAsset(deps, actor.user.id, params.id, params.placement, params.assetId, body),
  )
  route(canvasAssetVisibility, async ({ actor, params, body }) =>
    canvas.setVisibility(deps, actor.user.id, params.id, params.placement, params.assetId, body.visible),
  )
  route(canvasAssetPriority, async ({ actor, params, body }) =>
    canvas.movePriority(deps, actor.user.id, params.id, params.placement, params.assetId, body.move),
  )
  route(canvasAssetText, async ({ actor, params, body }) =>
    canvas.editText(deps, actor.user.id, params.id, params.placement, params.assetId, body),
  )
  route(regenerateTextGroup, async ({ actor, params }) =>
    canvas.regenerateTextGroup(deps, actor.user.id, params.id, params.placement),
  )

  registerAdImagesAdminRoutes(ctx)
}
