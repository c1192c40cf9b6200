import path from 'node:path'
import { readFile } from 'node:fs/promises'
import type { FastifyRequest } from 'fastify'
import * as r from '@mouthpiece/contracts/ads/brands.contract'
import { MAX_BRAND_UPLOAD_MB } from '@mouthpiece/contracts/ads/brands.schemas'
import type { HttpContext } from '../../../platform/context'
import { AppError } from '../../../platform/http/errors'
import { sendStoredFile } from '../../../platform/storage/send-stored-file'
import { receiveUpload } from '../../projects'
import * as brands from './brands.service'

const MAX_BYTES = MAX_BRAND_UPLOAD_MB * 1024 * 1024
const UPLOAD_LIMIT = { bodyLimit: MAX_BYTES + 1024 * 1024 }

/** SPEC §7 "Ads: brands with logos, fonts, colors, images and description (list, add, update, remove)". */
export function registerBrandRoutes(ctx: HttpContext) {
  const { route } = ctx
  const brand = async (p: Promise<unknown>) => ({
    brand: (await p) as Awaited<ReturnType<typeof brands.getBrand>>,
  })

  route(r.listBrands, async ({ actor }) => ({ brands: await brands.listBrands(ctx, actor.user.id) }))
  route(r.createBrand, async ({ actor, body }) => brand(brands.createBrand(ctx, actor.user.id, body)))
  route(r.getBrand, async ({ actor, params, reply }) => {
    void reply.header('cache-control', 'no-store')
    return brand(brands.getBrand(ctx, actor.user.id, params.brandId))
  })
  route(r.updateBrand, async ({ actor, params, body }) =>
    brand(brands.updateBrand(ctx, actor.user.id, params.brandId, body)),
  )
  route(r.deleteBrand, async ({ actor, params }) => {
    await brands.deleteBrand(ctx, actor.user.id, params.brandId)
    return { deleted: true as const }
  })

  route(r.addBrandColour, async ({ actor, params, body }) =>
    brand(brands.addColour(ctx, actor.user.id, params.brandId, body)),
  )
  route(r.updateBrandColour, async ({ actor, params, body }) =>
    brand(brands.updateColour(ctx, actor.user.id, params.brandId, params.partId, body)),
  )
  route(r.removeBrandColour, async ({ actor, params }) =>
    brand(brands.removePart(ctx, actor.user.id, params.brandId, 'colours', params.partId)),
  )
  route(r.addBrandFont, async ({ actor, params, body }) =>
    brand(brands.addFont(ctx, actor.user.id, params.brandId, body)),
  )
  route(r.updateBrandFont, async ({ actor, params, body }) =>
    brand(brands.updateFont(ctx, actor.user.id, params.brandId, params.partId, body)),
  )
  route(r.removeBrandFont, async ({ actor, params }) =>
    brand(brands.removePart(ctx, actor.user.id, params.brandId, 'fonts', params.partId)),
  )

  const upload = (req: FastifyRequest, userId: number, brandId: number, kind: 'logos' | 'images') =>
    withBrandUpload(ctx, req, (data, name) => brands.addUploadedFile(ctx, userId, brandId, kind, data, name))
  route(
    r.uploadBrandLogo,
    async ({ actor, params, req }) => brand(upload(req, actor.user.id, params.brandId, 'logos')),
    UPLOAD_LIMIT,
  )
  route(r.updateBrandLogo, async ({ actor, params, body }) =>
    brand(brands.updateFile(ctx, actor.user.id, params.brandId, 'logos', params.partId, body)),
  )
  route(r.removeBrandLogo, async ({ actor, params }) =>
    brand(brands.removePart(ctx, actor.user.id, params.brandId, 'logos', params.partId)),
  )
  route(
    r.uploadBrandImage,
    async ({ actor, params, req }) => brand(upload(req, actor.user.id, params.brandId, 'images')),
    UPLOAD_LIMIT,
  )
  route(r.updateBrandImage, async ({ actor, params, body }) =>
    brand(brands.updateFile(ctx, actor.user.id, params.brandId, 'images', params.partId, body)),
  )
  route(r.removeBrandImage, async ({ actor, params }) =>
    brand(brands.removePart(ctx, actor.user.id, params.brandId, 'images', params.partId)),
  )

  route(r.brandFile, async ({ actor, params, req, reply }) => {
    const key = await brands.brandFileKeyOf(ctx, actor.user.id, params.brandId, params.partId)
    return sendStoredFile(req, reply, ctx.storage, key, { cacheControl: 'private, max-age=86400' })
  })
}

/** A multipart upload of at most MAX_BRAND_UPLOAD_MB, read whole (pictures are small), temp file always removed. */
async function withBrandUpload<T>(
  ctx: HttpContext,
  req: FastifyRequest,
  use: (data: Buffer, originalName: string) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart())
    throw new AppError('validation', 'Please choose a file to upload.', 422, {
      file: ['Please choose a file to upload.'],
    })
  const received = await receiveUpload(
    req.parts({ limits: { fileSize: MAX_BYTES, files: 1 } }),
    path.join(ctx.config.dataDir, 'tmp', 'uploads'),
    MAX_BYTES,
  )
  try {
    return await use(await readFile(received.file), received.originalName)
  } finally {
    await received.cleanup()
  }
}
