import {
  adminAdAssetThumbnail,
  adminAdCharacterThumbnail,
  adminAdPlacementThumbnail,
  adminExportAdAssets,
  adminExportAdImageGenerations,
  adminGetAdAsset,
  adminGetAdImageGeneration,
  adminListAdAssets,
  adminListAdImageGenerations,
  adminRetryAdImageGeneration,
  adminRetryExtraction,
} from '@mouthpiece/contracts/ads/images'
import type { FastifyReply } from 'fastify'
import type { HttpContext } from '../../../platform/context'
import { AppError } from '../../../platform/http/errors'
import { sendCsvStream } from '../../../platform/http/csv-stream'
import { listPage, scanAll } from '../../../platform/db/list-query'
import { auditActorOf, recordAudit } from '../../audit'
import { assetNotFound, presentAsset, queueExtraction } from './ad-assets.service'
import { generationNotFound, presentGeneration, readyFile, retryGeneration } from './ad-generations.service'
import * as repo from './ad-images.repo'
import { thumbnailOf } from './ad-thumbnails'

/** SPEC §7 admin "Ad assets: list, {id}, retry extraction" and "Ad image generations: list, {id}, retry"; lists are server-side (list-query) with a CSV export. */
export function registerAdImagesAdminRoutes(ctx: HttpContext) {
  const { route, db, storage } = ctx
  const sendThumbnail = async (reply: FastifyReply, key: string) =>
    reply
      .type('image/webp')
      .header('cache-control', 'private, max-age=300')
      .send(await thumbnailOf(storage, key))

  route(adminListAdAssets, async ({ query }) => {
    const page = await listPage(db, repo.adminAssetsSpec, {
      where: repo.adminAssetsWhere(query),
      sort: query.sort,
      dir: query.dir,
      page: query.page,
      perPage: query.per_page,
    })
    return {
      ...page,
      list: page.list.map((r) => ({ ...presentAsset(r), user_id: r.user_id, username: r.username ?? '' })),
    }
  })
  route(adminExportAdAssets, async ({ query, actor, reply }) => {
    const { sort, dir, ...filter } = query
    await recordAudit(db, auditActorOf(actor), 'ads.assets.export', { meta: { filter, sort, dir } })
    return sendCsvStream(
      reply,
      'ad-assets',
      [
        'id',
        'name',
        'username',
        'kind',
        'status',
        'mode',
        'characters',
        'width',
        'height',
        'extract_ms',
        'error',
        'created_at',
      ],
      scanAll(db, repo.adminAssetsSpec, { where: repo.adminAssetsWhere(filter), sort, dir }),
      (a) => [
        a.id,
        a.name,
        a.username ?? '',
        a.kind,
        a.status,
        a.request?.mode ?? '',
        a.characters.length,
        a.width,
        a.height,
        a.extract_ms ?? '',
        a.error ?? '',
        a.created_at.toISOString(),
      ],
    )
  })
  route(adminGetAdAsset, async ({ params }) => {
    const row = await repo.findAsset(db, params.id)
    if (!row) throw assetNotFound()
    return {
      asset: { ...presentAsset(row), user_id: row.user_id, username: await repo.usernameOf(db, row.user_id) },
    }
  })
  route(adminRetryExtraction, async ({ params, actor }) => {
    const row = await repo.findAsset(db, params.id)
    if (!row) throw assetNotFound()
    if (row.status !== 'failed' || !row.request)
      throw new AppError('validation', 'Only a failed extraction can be retried.', 409)
    const asset = await queueExtraction(ctx, row, row.request, (tx) =>
      recordAudit(tx, auditActorOf(actor), 'ads.retry-extraction', {
        target: { type: 'ad_asset', id: row.id },
        before: { status: row.status, error: row.error },
      }),
    )
    return { asset: { ...asset, user_id: row.user_id, username: await repo.usernameOf(db, row.user_id) } }
  })
  route(adminListAdImageGenerations, async ({ query }) => {
    const page = await listPage(db, repo.adminGenerationsSpec, {
      where: repo.adminGenerationsWhere(query),
      sort: query.sort,
      dir: query.dir,
      page: query.page,
      perPage: query.per_page,
    })
    return {
      ...page,
      list: page.list.map((r) => ({
        ...presentGeneration(r),
        user_id: r.user_id,
        username: r.username ?? '',
      })),
    }
  })
  route(adminExportAdImageGenerations, async ({ query, actor, reply }) => {
    const { sort, dir, ...filter } = query
    await recordAudit(db, auditActorOf(actor), 'ads.image-generations.export', {
      meta: { filter, sort, dir },
    })
    return sendCsvStream(
      reply,
      'ad-image-generations',
      [
        'id',
        'name',
        'username',
        'headline',
        'template',
        'engine',
        'status',
        'selected',
        'error',
        'created_at',
      ],
      scanAll(db, repo.adminGenerationsSpec, { where: repo.adminGenerationsWhere(filter), sort, dir }),
      (g) => [
        g.id,
        g.name,
        g.username ?? '',
        g.headline,
        g.template,
        g.engine,
        g.status,
        g.selected ? 'yes' : 'no',
        g.error ?? '',
        g.created_at.toISOString(),
      ],
    )
  })
  route(adminGetAdImageGeneration, async ({ params }) => {
    const row = await repo.findGeneration(db, params.id)
    if (!row) throw generationNotFound()
    return {
      generation: {
        ...presentGeneration(row),
        user_id: row.user_id,
        username: await repo.usernameOf(db, row.user_id),
      },
    }
  })
  route(adminRetryAdImageGeneration, async ({ params, actor }) => {
    const row = await retryGeneration(ctx, params.id, (tx) =>
      recordAudit(tx, auditActorOf(actor), 'ads.retry-image-generation', {
        target: { type: 'ad_image_generation', id: params.id },
      }),
    )
    return {
      generation: {
        ...presentGeneration(row),
        user_id: row.user_id,
        username: await repo.usernameOf(db, row.user_id),
      },
    }
  })

  route(adminAdAssetThumbnail, async ({ params, reply }) => {
    const row = await repo.findAsset(db, params.id)
    if (!row) throw assetNotFound()
    return sendThumbnail(reply, row.file_key)
  })
  route(adminAdCharacterThumbnail, async ({ params, reply }) => {
    const key = (await repo.findAsset(db, params.id))?.characters.find(
      (c) => c.id === params.characterId,
    )?.file_key
    if (!key) throw new AppError('not_found', 'Character not found', 404)
    return sendThumbnail(reply, key)
  })
  route(adminAdPlacementThumbnail, async ({ params, reply }) => {
    const row = await repo.findGeneration(db, params.id)
    if (!row) throw generationNotFound()
    return sendThumbnail(reply, readyFile(row, params.placement))
  })
}
