/**
 * Ad image generations (generatingImages → selectGeneratedImages → showGeneratedResults): each row
 * is one design — a template in one of the brand's colour variants — laid out for every placement
 * by a queued job, with progress, then rendered to PNG per placement. More, select, rename, delete,
 * and export (PNG/JPEG per placement, a zip of all).
 */
import sharp from 'sharp'
import type { z } from 'zod'
import { AD_IMAGE_GENERATION_NOT_FOUND, AD_TEMPLATE_IDS } from '@mouthpiece/contracts/ads/images'
import type { AdImageGeneration, GenerateImagesBody } from '@mouthpiece/contracts/ads/images'
import { AD_PROJECT_NOT_FOUND } from '@mouthpiece/contracts/ads/projects.schemas'
import { PLACEMENTS, PLACEMENT_IDS } from '@mouthpiece/contracts/ads/canvas'
import type { PlacementId } from '@mouthpiece/contracts/ads/canvas'
import { layoutAllPlacements } from '@mouthpiece/editor/ads/ad-layout'
import type { AdDesign, AdTemplateId } from '@mouthpiece/editor/ads/ad-layout'
import { admission } from '../../../platform/admission/admission'
import type { Queryable } from '../../../platform/db/client'
import { AppError } from '../../../platform/http/errors'
import { zipArchive } from '../../../platform/http/zip'
import { findAdProject } from '../projects/ad-projects.repo'
import { emitAdProject } from '../projects/ad-projects.service'
import { charactersForAds, kitForAds } from './ad-design'
import type { AdImageGenerationRow, CanvasImage } from './ad-images.table'
import * as repo from './ad-images.repo'
import { AD_GENERATE_QUEUE, ensureAdImageQueues } from '../ads.queues'
import { loadCanvasImages, readStored, registerAdFonts, renderCanvas, serverMeasure } from './ad-render'
import type { ExportFormat } from './ad-render'
import { backdropEngine, ImageModelError } from './image-model'
import type { AdsDeps } from '../ads.deps'

export const generationNotFound = () => new AppError('not_found', AD_IMAGE_GENERATION_NOT_FOUND, 404)
const TEMPLATE_NAMES: Record<AdTemplateId, string> = {
  spotlight: 'Spotlight',
  split: 'Split',
  poster: 'Poster',
}
/** A user keeps at most this many generated images (each is ten PNGs). */
export const MAX_GENERATIONS = 300

export const placementKey = (
  row: Pick<AdImageGenerationRow, 'user_id' | 'id'>,
  placement: PlacementId,
  version: number,
) => `ads/${row.user_id}/generations/${row.id}/${placement}_${version}.png`

export function presentGeneration(row: AdImageGenerationRow): AdImageGeneration {
  return {
    id: row.id,
    project_id: row.project_id,
    brand_id: row.brand_id,
    name: row.name,
    template: row.template as AdTemplateId,
    variant: row.variant,
    status: row.status,
    progress: row.progress,
    error: row.error,
    selected: row.selected,
    headline: row.headline,
    body: row.body,
    cta: row.cta,
    engine: row.engine,
    version: row.version,
    placements:
      row.status === 'done'
        ? PLACEMENT_IDS.map((p) => ({
            placement: p,
            width: PLACEMENTS[p].width,
            height: PLACEMENTS[p].height,
            url: `/api/ads/image-generations/${row.id}/export/${p}?format=png&v=${row.version}`,
          }))
        : [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

/** Template × colour variant, in the order "more" walks through them. */
const comboAt = (i: number): { template: AdTemplateId; variant: number } => ({
  template: AD_TEMPLATE_IDS[i % AD_TEMPLATE_IDS.length]!,
  variant: Math.floor(i / AD_TEMPLATE_IDS.length),
})

interface Brief {
  project_id: number | null
  brand_id: number | null
  headline: string
  body: string
  cta: string
  characters: Array<{ asset_id: number; character_id: string }>
}

async function queueDesigns(
  deps: AdsDeps,
  userId: number,
  brief: Brief,
  from: number,
  count: number,
): Promise<AdImageGeneration[]> {
  if ((await repo.countGenerations(deps.db, userId)) + count > MAX_GENERATIONS)
    throw new AppError(
      'limit_reached',
      `You can keep up to ${MAX_GENERATIONS} generated images. Delete some to make more.`,
      409,
    )
  // Checked now, so a bad brand or character is a clear error rather than a failed job.
  const kit = await kitForAds(deps, userId, brief.brand_id)
  const chars = await charactersForAds(deps, userId, brief.characters)
  const images = { ...kit.images, ...chars.images }
  const engine = backdropEngine(deps.config).kind
  await ensureAdImageQueues(deps)
  const rows = await deps.db.transaction(async (tx) => {
    const created = await repo.insertGenerations(
      tx,
      Array.from({ length: count }, (_, k) => {
        const combo = comboAt(from + k)
        return {
          user_id: userId,
          project_id: brief.project_id,
          brand_id: brief.brand_id,
          template: combo.template,
          variant: combo.variant,
          name: `${brief.headline.slice(0, 50)} · ${TEMPLATE_NAMES[combo.template]}${combo.variant ? ` ${combo.variant + 1}` : ''}`,
          headline: brief.headline,
          body: brief.body,
          cta: brief.cta,
          characters: brief.characters,
          images,
          engine,
        }
      }),
    )
    for (const row of created) await deps.queue.send(AD_GENERATE_QUEUE, { generationId: row.id }, { tx })
    return created
  })
  for (const row of rows)
    await emitAdProject(deps, userId, {
      type: 'image-generation',
      generation_id: row.id,
      status: row.status,
      progress: 0,
    })
  return rows.map(presentGeneration)
}

export async function generate(
  deps: AdsDeps,
  userId: number,
  body: z.infer<typeof GenerateImagesBody>,
): Promise<AdImageGeneration[]> {
  let brandId = body.brand_id
  if (body.project_id !== null) {
    const project = await findAdProject(deps.db, body.project_id, userId)
    if (!project)
      throw new AppError('not_found', AD_PROJECT_NOT_FOUND, 404, { project_id: [AD_PROJECT_NOT_FOUND] })
    brandId ??= project.brand_id
  }
  return queueDesigns(deps, userId, { ...body, brand_id: brandId }, 0, body.count)
}

/** More designs from the same brief: the template/colour combinations not made yet. */
export async function more(
  deps: AdsDeps,
  userId: number,
  id: number,
  count: number,
): Promise<AdImageGeneration[]> {
  const source = await repo.findGeneration(deps.db, id, userId)
  if (!source) throw generationNotFound()
  const siblings = (await repo.listGenerations(deps.db, userId, source.project_id ?? undefined)).filter(
    (g) => g.headline === source.headline && g.brand_id === source.brand_id,
  )
  const made =
    Math.max(
      ...siblings.map(
        (g) => g.variant * AD_TEMPLATE_IDS.length + AD_TEMPLATE_IDS.indexOf(g.template as AdTemplateId),
      ),
    ) + 1
  return queueDesigns(deps, userId, source, made, count)
}

async function setProgress(
  deps: AdsDeps,
  row: AdImageGenerationRow,
  patch: Partial<AdImageGenerationRow>,
): Promise<void> {
  await repo.updateGeneration(deps.db, row.id, patch)
  await emitAdProject(deps, row.user_id, {
    type: 'image-generation',
    generation_id: row.id,
    status: patch.status ?? row.status,
    progress: patch.progress ?? row.progress,
  })
}

/** The job: lay the design out in every placement and render each one. */
export async function runGeneration(deps: AdsDeps, id: number, signal?: AbortSignal): Promise<void> {
  const row = await repo.findGeneration(deps.db, id)
  if (!row || row.status === 'done') return
  await setProgress(deps, row, { status: 'generating', progress: 5, error: null })
  const kit = await kitForAds(deps, row.user_id, row.brand_id).catch(() => null)
  const chars = await charactersForAds(deps, row.user_id, row.characters).catch(() => null)
  if (!kit || !chars) {
    await setProgress(deps, row, {
      status: 'failed',
      progress: 100,
      error: 'A character or the brand of this image was deleted.',
    })
    return
  }
  const images: Record<string, CanvasImage> = { ...kit.images, ...chars.images }
  const design: AdDesign = {
    template: row.template as AdTemplateId,
    variant: row.variant,
    kit: kit.kit,
    copy: { headline: row.headline, body: row.body, cta: row.cta },
    subjects: chars.subjects,
  }
  const engine = backdropEngine(deps.config)
  if (engine.kind === 'hosted') {
    try {
      const art = await engine.backdrop(deps, row, design, signal)
      images.backdrop = art.image
      design.backdrop = art.picture
    } catch (error) {
      // The model's own refusal is the answer (retrying the same prompt gets the same); other errors retry.
      if (!(error instanceof ImageModelError)) throw error
      await setProgress(deps, row, { status: 'failed', progress: 100, error: error.message })
      return
    }
  }
  await registerAdFonts(deps.storage, kit.fontFiles)
  const canvases = layoutAllPlacements(design, serverMeasure())
  const decoded = await loadCanvasImages(deps.storage, images)
  const files: Partial<Record<PlacementId, string>> = {}
  const version = row.version + 1
  for (const [i, canvas] of canvases.entries()) {
    const png = await admission('images').run(async () => renderCanvas(canvas, decoded))
    const key = placementKey(row, canvas.placement, version)
    await deps.storage.put(key, png, 'image/png')
    files[canvas.placement] = key
    if (i % 3 === 2)
      await setProgress(deps, row, { progress: Math.round(10 + (85 * (i + 1)) / canvases.length) })
  }
  await setProgress(deps, row, { status: 'done', progress: 100, canvases, images, files, version })
  await removeOldFiles(deps, row)
}

async function removeOldFiles(deps: AdsDeps, before: Pick<AdImageGenerationRow, 'files'>): Promise<void> {
  const keys = Object.values(before.files).filter((k): k is string => Boolean(k))
  await Promise.all(keys.map((k) => deps.storage.delete(k).catch(() => undefined)))
}

export async function failGeneration(
  deps: AdsDeps,
  id: number,
  message = 'Generating this image failed. Please try again.',
): Promise<void> {
  const row = await repo.findGeneration(deps.db, id)
  if (row && row.status !== 'done')
    await setProgress(deps, row, { status: 'failed', progress: 100, error: message })
}

export async function retryGeneration(
  deps: AdsDeps,
  id: number,
  inTx?: (tx: Queryable) => Promise<void>,
): Promise<AdImageGenerationRow> {
  const row = await repo.findGeneration(deps.db, id)
  if (!row) throw generationNotFound()
  if (row.status !== 'failed')
    throw new AppError('validation', 'Only a failed generation can be retried.', 409)
  await ensureAdImageQueues(deps)
  return deps.db.transaction(async (tx) => {
    const updated = (await repo.updateGeneration(tx, id, { status: 'queued', progress: 0, error: null }))!
    await deps.queue.send(AD_GENERATE_QUEUE, { generationId: id }, { tx })
    await inTx?.(tx)
    return updated
  })
}

export async function ownGeneration(
  deps: AdsDeps,
  userId: number,
  id: number,
): Promise<AdImageGenerationRow> {
  const row = await repo.findGeneration(deps.db, id, userId)
  if (!row) throw generationNotFound()
  return row
}

export async function list(deps: AdsDeps, userId: number, projectId?: number): Promise<AdImageGeneration[]> {
  return (await repo.listGenerations(deps.db, userId, projectId)).map(presentGeneration)
}

export async function update(
  deps: AdsDeps,
  userId: number,
  id: number,
  patch: { selected?: boolean; name?: string },
): Promise<AdImageGeneration> {
  await ownGeneration(deps, userId, id)
  return presentGeneration((await repo.updateGeneration(deps.db, id, patch))!)
}

export async function remove(deps: AdsDeps, userId: number, id: number): Promise<void> {
  const row = await repo.deleteGeneration(deps.db, id, userId)
  if (!row) throw generationNotFound()
  await removeOldFiles(deps, row)
}

export function readyFile(row: AdImageGenerationRow, placement: PlacementId): string {
  const key = row.files[placement]
  if (row.status !== 'done' || !key) throw new AppError('not_ready', 'This image is not ready yet.', 409)
  return key
}

export async function exportPlacement(
  deps: AdsDeps,
  userId: number,
  id: number,
  placement: PlacementId,
  format: ExportFormat,
): Promise<Buffer> {
  const row = await ownGeneration(deps, userId, id)
  const png = await readStored(deps.storage, readyFile(row, placement))
  return format === 'png'
    ? png
    : sharp(png).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer()
}

const fileSafe = (name: string) =>
  name
    .replace(/[^A-Za-z0-9 _.-]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60) || 'ad'

/** Every placement in one zip: `<name>/<placement>-<w>x<h>.png`. */
export async function exportZip(
  deps: AdsDeps,
  userId: number,
  id: number,
  format: ExportFormat,
): Promise<{ zip: Buffer; filename: string }> {
  const row = await ownGeneration(deps, userId, id)
  const base = fileSafe(row.name)
  const entries = []
  for (const p of PLACEMENT_IDS) {
    const data = await exportPlacement(deps, userId, id, p, format)
    entries.push({
      name: `${base}/${p}-${PLACEMENTS[p].width}x${PLACEMENTS[p].height}.${format === 'png' ? 'png' : 'jpg'}`,
      data,
    })
  }
  return { zip: zipArchive(entries), filename: `${base}.zip` }
}
