/**
 * The canvas of assets (editGeneratedImages): every edit changes one asset of one placement's
 * canvas, bumps the generation's version and redraws that placement's PNG, so exports and the
 * results list always show the edited ad.
 */
import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { z } from 'zod'
import type { AdCanvas, CanvasAsset, PlacementId } from '@mouthpiece/contracts/ads/canvas'
import type { AddCanvasAssetBody, CanvasView } from '@mouthpiece/contracts/ads/images'
import { layoutAd } from '@mouthpiece/editor/ads/ad-layout'
import type { AdTemplateId } from '@mouthpiece/editor/ads/ad-layout'
import { drawOrder } from '@mouthpiece/editor/ads/draw-ad'
import { placeAsset } from '@mouthpiece/editor/ads/ad-apart'
import { pickPalette } from '@mouthpiece/editor/ads/ad-palette'
import { admission } from '../../../platform/admission/admission'
import { AppError } from '../../../platform/http/errors'
import { characterKey, charactersForAds, kitForAds } from './ad-design'
import type { AdImageGenerationRow, CanvasImage } from './ad-images.table'
import * as repo from './ad-images.repo'
import { ownGeneration, placementKey } from './ad-generations.service'
import { loadCanvasImages, registerAdFonts, renderCanvas, serverMeasure } from './ad-render'
import { normalisePicture, readUpload } from './uploads'
import type { IncomingFile } from './uploads'
import type { AdsDeps } from '../ads.deps'

const MAX_ASSETS = 40
export const NO_ROOM_MESSAGE =
  'Text and the product stay apart: there is no room beside the product here, so it was not moved.'
const TEXT_ROLES = new Set(['headline', 'body', 'cta'])

function present(row: AdImageGenerationRow, canvas: AdCanvas): CanvasView {
  const images: Record<string, string> = {}
  for (const key of Object.keys(row.images))
    images[key] = `/api/ads/image-generations/${row.id}/images/${encodeURIComponent(key)}?v=${row.version}`
  return { canvas, images, version: row.version }
}

function canvasOf(row: AdImageGenerationRow, placement: PlacementId): AdCanvas {
  const canvas = row.status === 'done' ? row.canvases.find((c) => c.placement === placement) : undefined
  if (!canvas) throw new AppError('not_ready', 'This image is not ready yet.', 409)
  return canvas
}

export async function getCanvas(
  deps: AdsDeps,
  userId: number,
  id: number,
  placement: PlacementId,
): Promise<CanvasView> {
  const row = await ownGeneration(deps, userId, id)
  return present(row, canvasOf(row, placement))
}

const assetMissing = () => new AppError('not_found', 'Canvas asset not found', 404)

/** Applies `change` to the canvas, saves it and redraws the placement (the old PNG goes). */
async function edit(
  deps: AdsDeps,
  userId: number,
  id: number,
  placement: PlacementId,
  change: (
    canvas: AdCanvas,
    row: AdImageGenerationRow,
  ) =>
    | Promise<{ canvas: AdCanvas; images?: Record<string, CanvasImage> }>
    | { canvas: AdCanvas; images?: Record<string, CanvasImage> },
): Promise<CanvasView> {
  const row = await ownGeneration(deps, userId, id)
  const { canvas, images = row.images } = await change(structuredClone(canvasOf(row, placement)), row)
  const version = row.version + 1
  const kit = row.brand_id === null ? null : await kitForAds(deps, userId, row.brand_id).catch(() => null)
  await registerAdFonts(deps.storage, kit?.fontFiles ?? [])
  const decoded = await loadCanvasImages(deps.storage, images)
  const png = await admission('images').run(async () => renderCanvas(canvas, decoded))
  const key = placementKey(row, placement, version)
  await deps.storage.put(key, png, 'image/png')
  const old = row.files[placement]
  const updated = (await repo.updateGeneration(deps.db, id, {
    canvases: row.canvases.map((c) => (c.placement === placement ? canvas : c)),
    images,
    files: { ...row.files, [placement]: key },
    version,
  }))!
  if (old) await deps.storage.delete(old).catch(() => undefined)
  return present(updated, canvas)
}

function withAsset(canvas: AdCanvas, assetId: string, change: (a: CanvasAsset) => CanvasAsset): AdCanvas {
  if (!canvas.assets.some((a) => a.id === assetId)) throw assetMissing()
  return { ...canvas, assets: canvas.assets.map((a) => (a.id === assetId ? change(a) : a)) }
}

const newId = (kind: string) => `${kind}-${randomBytes(3).toString('hex')}`
const topPriority = (canvas: AdCanvas) => Math.max(0, ...canvas.assets.map((a) => a.priority)) + 1

function checkRoom(canvas: AdCanvas): void {
  if (canvas.assets.length >= MAX_ASSETS)
    throw new AppError('limit_reached', `A canvas holds up to ${MAX_ASSETS} assets.`, 409)
}

/** A new asset in the middle of the canvas, on top. */
function centred(
  canvas: AdCanvas,
  w: number,
  h: number,
): Pick<CanvasAsset, 'x' | 'y' | 'w' | 'h' | 'rotation' | 'visible' | 'priority'> {
  return {
    x: (canvas.width - w) / 2,
    y: (canvas.height - h) / 2,
    w,
    h,
    rotation: 0,
    visible: true,
    priority: topPriority(canvas),
  }
}

export async function addAsset(
  deps: AdsDeps,
  userId: number,
  id: number,
  placement: PlacementId,
  body: z.infer<typeof AddCanvasAssetBody>,
): Promise<CanvasView> {
  return edit(deps, userId, id, placement, async (canvas, row) => {
    checkRoom(canvas)
    const u = Math.min(canvas.width, canvas.height)
    const pal = pickPalette(
      (await kitForAds(deps, userId, row.brand_id).catch(() => null))?.kit.colors ?? [],
      row.variant,
    )
    if (body.kind === 'text') {
      const heading = canvas.assets.find((a) => a.role === 'headline')?.font ?? {
        family: 'Roboto',
        weight: 700,
      }
      const w = canvas.width * 0.6
      const h = Math.max(16, u * 0.12)
      const asset: CanvasAsset = {
        id: newId('text'),
        kind: 'text',
        role: 'custom',
        ...centred(canvas, w, h),
        text: body.text,
        font: body.font ?? heading,
        color: body.color ?? pal.text,
        size: h,
        maxLines: 2,
        align: 'center',
      }
      return { canvas: { ...canvas, assets: [...canvas.assets, asset] } }
    }
    if (body.kind === 'shape') {
      const d = u * 0.3
      const asset: CanvasAsset = {
        id: newId('shape'),
        kind: 'shape',
        role: 'decor',
        ...centred(canvas, d, d),
        shape: body.shape,
        fill: body.fill ?? pal.accent,
        radius: d * 0.08,
      }
      return { canvas: { ...canvas, assets: [...canvas.assets, asset] } }
    }
    if (body.kind === 'logo') {
      const logo = row.images.logo
      if (!logo)
        throw new AppError('validation', 'This brand has no logo yet. Add one on the branding page.', 422)
      const h = u * 0.15
      const w = Math.min(canvas.width * 0.8, (logo.width / logo.height) * h)
      const asset: CanvasAsset = {
        id: newId('logo'),
        kind: 'logo',
        role: 'logo',
        ...centred(canvas, w, (logo.height / logo.width) * w),
        image: 'logo',
        fit: 'contain',
        anchor: 'center',
      }
      return { canvas: { ...canvas, assets: [...canvas.assets, asset] } }
    }
    const chars = await charactersForAds(deps, userId, [body.character])
    const pic = chars.subjects[0]!
    const h = canvas.height * 0.6
    const w = Math.min(canvas.width * 0.8, (pic.width / pic.height) * h)
    const asset: CanvasAsset = {
      id: newId('character'),
      kind: 'character',
      role: 'subject',
      ...centred(canvas, w, (pic.height / pic.width) * w),
      image: characterKey(body.character),
      fit: 'contain',
      anchor: 'bottom',
    }
    return {
      canvas: { ...canvas, assets: [...canvas.assets, asset] },
      images: { ...row.images, ...chars.images },
    }
  })
}

/** A picture uploaded straight onto the canvas. */
export async function uploadAsset(
  deps: AdsDeps,
  userId: number,
  id: number,
  placement: PlacementId,
  incoming: IncomingFile | undefined,
): Promise<CanvasView> {
  const picture = await normalisePicture(await readUpload(incoming))
  return edit(deps, userId, id, placement, async (canvas, row) => {
    checkRoom(canvas)
    const imageKey = `upload-${randomBytes(4).toString('hex')}`
    const fileKey = `ads/${userId}/generations/${row.id}/${imageKey}.${picture.mime === 'image/png' ? 'png' : 'jpg'}`
    await deps.storage.put(fileKey, picture.bytes, picture.mime)
    const k = Math.min((canvas.width * 0.5) / picture.width, (canvas.height * 0.5) / picture.height)
    const asset: CanvasAsset = {
      id: newId('image'),
      kind: 'image',
      role: 'custom',
      ...centred(canvas, picture.width * k, picture.height * k),
      image: imageKey,
      fit: 'contain',
      anchor: 'center',
    }
    return {
      canvas: { ...canvas, assets: [...canvas.assets, asset] },
      images: {
        ...row.images,
        [imageKey]: { file_key: fileKey, width: picture.width, height: picture.height, source: 'upload' },
      },
    }
  })
}

export function removeAsset(
  deps: AdsDeps,
  userId: number,
  id: number,
  placement: PlacementId,
  assetId: string,
): Promise<CanvasView> {
  return edit(deps, userId, id, placement, (canvas) => {
    if (!canvas.assets.some((a) => a.id === assetId)) throw assetMissing()
    return { canvas: { ...canvas, assets: canvas.assets.filter((a) => a.id !== assetId) } }
  })
}

export function transformAsset(
  deps: AdsDeps,
  userId: number,
  id: number,
  placement: PlacementId,
  assetId: string,
  t: { x: number; y: number; w: number; h: number; rotation: number },
): Promise<CanvasView> {
  // The editor's own rule for a drop (decision 0076): inside the safe area, text off the product;
  // a move with no free spot is refused and changes nothing, as the editor puts it back.
  return edit(deps, userId, id, placement, (canvas) => ({
    canvas: withAsset(canvas, assetId, (a) => {
      const placed = placeAsset({ ...a, ...t }, canvas.assets, canvas.width, canvas.height)
      if (!placed) throw new AppError('no_room', NO_ROOM_MESSAGE, 422)
      return placed.asset
    }),
  }))
}

export function setVisibility(
  deps: AdsDeps,
  userId: number,
  id: number,
  placement: PlacementId,
  assetId: string,
  visible: boolean,
): Promise<CanvasView> {
  return edit(deps, userId, id, placement, (canvas) => ({
    canvas: withAsset(canvas, assetId, (a) => ({ ...a, visible })),
  }))
}

/** z-order: priorities are renumbered 0…n-1 in drawing order after the move, so moves are always visible. */
export function movePriority(
  deps: AdsDeps,
  userId: number,
  id: number,
  placement: PlacementId,
  assetId: string,
  move: 'forward' | 'backward' | 'front' | 'back',
): Promise<CanvasView> {
  return edit(deps, userId, id, placement, (canvas) => {
    const order = drawOrder(canvas.assets)
    const i = order.findIndex((a) => a.id === assetId)
    if (i < 0) throw assetMissing()
    const [asset] = order.splice(i, 1)
    const to =
      move === 'front'
        ? order.length
        : move === 'back'
          ? 0
          : move === 'forward'
            ? Math.min(order.length, i + 1)
            : Math.max(0, i - 1)
    order.splice(to, 0, asset!)
    const priority = new Map(order.map((a, k) => [a.id, k]))
    return {
      canvas: { ...canvas, assets: canvas.assets.map((a) => ({ ...a, priority: priority.get(a.id)! })) },
    }
  })
}

export function editText(
  deps: AdsDeps,
  userId: number,
  id: number,
  placement: PlacementId,
  assetId: string,
  patch: { text?: string; font?: CanvasAsset['font']; color?: string; align?: CanvasAsset['align'] },
): Promise<CanvasView> {
  return edit(deps, userId, id, placement, (canvas) => ({
    canvas: withAsset(canvas, assetId, (a) => {
      if (a.kind !== 'text') throw new AppError('validation', 'Only a text asset has text to edit.', 422)
      return { ...a, ...patch, ...(patch.color ? { color: patch.color.toUpperCase() } : {}) }
    }),
  }))
}

/**
 * Regenerate the text-group composite: the headline, body and button are laid out again by the
 * template with their current words, font and colours, replacing positions the user dragged.
 */
export function regenerateTextGroup(
  deps: AdsDeps,
  userId: number,
  id: number,
  placement: PlacementId,
): Promise<CanvasView> {
  return edit(deps, userId, id, placement, async (canvas, row) => {
    const kit = await kitForAds(deps, userId, row.brand_id).catch(() => null)
    await registerAdFonts(deps.storage, kit?.fontFiles ?? [])
    const text = (role: string) => canvas.assets.find((a) => a.role === role)
    const headline = text('headline')
    const design = {
      template: row.template as AdTemplateId,
      variant: row.variant,
      kit: {
        ...(kit?.kit ?? {
          name: 'Your brand',
          colors: [],
          headingFont: { family: 'Montserrat', weight: 800 },
          bodyFont: { family: 'Open Sans', weight: 400 },
        }),
        ...(headline?.font ? { headingFont: headline.font } : {}),
      },
      copy: {
        headline: headline?.text ?? row.headline,
        body: text('body')?.text ?? '',
        cta: text('cta')?.text ?? row.cta,
      },
      subjects: [],
    }
    const fresh = layoutAd(design, placement, serverMeasure())
    const laid = new Map(fresh.assets.filter((a) => TEXT_ROLES.has(a.role)).map((a) => [a.role, a]))
    const assets = canvas.assets.map((a) => {
      const next = TEXT_ROLES.has(a.role) ? laid.get(a.role) : undefined
      return next
        ? { ...a, x: next.x, y: next.y, w: next.w, h: next.h, size: next.size, rotation: 0, visible: true }
        : a
    })
    return { canvas: { ...canvas, assets } }
  })
}

export async function canvasImage(
  deps: AdsDeps,
  userId: number,
  id: number,
  key: string,
): Promise<{ body: Readable; type: string }> {
  const row = await ownGeneration(deps, userId, id)
  const image = row.images[key]
  if (!image) throw new AppError('not_found', 'Picture not found', 404)
  const { body } = await deps.storage.get(image.file_key)
  return {
    body,
    type: image.file_key.endsWith('.png')
      ? 'image/png'
      : image.file_key.endsWith('.svg')
        ? 'image/svg+xml'
        : 'image/jpeg',
  }
}
