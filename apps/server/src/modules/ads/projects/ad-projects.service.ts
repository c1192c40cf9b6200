import type { z } from 'zod'
import type {
  AdProject,
  AdProjectStats,
  CreateAdProjectBody,
  UpdateAdProjectBody,
} from '@mouthpiece/contracts/ads/projects.schemas'
import { AD_COPY_MAX, AD_PROJECT_NOT_FOUND } from '@mouthpiece/contracts/ads/projects.schemas'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import type { AdsDeps } from '../ads.deps'
import { AppError } from '../../../platform/http/errors'
import { adCopyFromKit, projectCopyText } from '@mouthpiece/editor/ads/site-copy'
import { findBrand } from '../brands/brands.repo'
import type { AdBrandRow } from '../brands/brands.table'
import { brandNotFound } from '../brands/brands.service'
import * as repo from './ad-projects.repo'
import type { AdProjectWithBrand } from './ad-projects.repo'
import { projectStats } from './ad-project-stats.repo'

export const adProjectNotFound = () => new AppError('not_found', AD_PROJECT_NOT_FOUND, 404)
const PER_PAGE = 12

export const presentAdProject = (r: AdProjectWithBrand): AdProject => ({
  id: r.id,
  name: r.name,
  brand_id: r.brand_id,
  brand_name: r.brand_name,
  goal: r.goal as AdProject['goal'],
  copy: r.copy,
  placements: r.placements,
  status: r.status,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

/**
 * Tells the user's open pages about a project change (socket event `ad-project-event`, the user's
 * room), and the back office's (the admins' room: its ads pages list every user's tasks and
 * generations). `type` says what: project, scrape, generation…; other fields are the change's own.
 */
export async function emitAdProject(
  deps: Pick<AdsDeps, 'realtime'>,
  userId: number,
  payload: { type: string } & Record<string, unknown>,
): Promise<void> {
  await Promise.all([
    deps.realtime.emitToUser(userId, RealtimeEvent.adProject, payload).catch(() => undefined),
    deps.realtime
      .emitToAdmins(RealtimeEvent.adProject, { ...payload, user_id: userId })
      .catch(() => undefined),
  ])
}

export async function getAdProject(deps: AdsDeps, userId: number, id: number): Promise<AdProject> {
  const row = await repo.findAdProject(deps.db, id, userId)
  if (!row) throw adProjectNotFound()
  return presentAdProject(row)
}

export async function listAdProjects(deps: AdsDeps, userId: number, page: number, keyword?: string) {
  const { rows, total } = await repo.listAdProjects(deps.db, userId, PER_PAGE, (page - 1) * PER_PAGE, keyword)
  return { list: rows.map(presentAdProject), total, lastPage: Math.max(1, Math.ceil(total / PER_PAGE)) }
}

async function checkBrand(deps: AdsDeps, userId: number, brandId: number | null | undefined) {
  if (brandId == null) return null
  const brand = await findBrand(deps.db, brandId, userId)
  if (!brand) throw brandNotFound()
  return brand
}

/** The copy a project starts from when it has none: its brand site's headline, description and button (decision 0076). */
const copyFromBrand = (brand: AdBrandRow) =>
  projectCopyText(
    adCopyFromKit({
      description: brand.description,
      site_headlines: brand.site_copy.headlines,
      site_ctas: brand.site_copy.ctas,
    }),
  ).slice(0, AD_COPY_MAX)

export async function createAdProject(
  deps: AdsDeps,
  userId: number,
  body: z.infer<typeof CreateAdProjectBody>,
): Promise<AdProject> {
  const brand = await checkBrand(deps, userId, body.brand_id)
  const copy = body.copy || (brand ? copyFromBrand(brand) : '')
  const row = await repo.insertAdProject(deps.db, { user_id: userId, ...body, copy })
  const project = await getAdProject(deps, userId, row.id)
  await emitAdProject(deps, userId, { type: 'project', action: 'created', project })
  return project
}

export async function updateAdProject(
  deps: AdsDeps,
  userId: number,
  id: number,
  body: z.infer<typeof UpdateAdProjectBody>,
): Promise<AdProject> {
  const current = await repo.findAdProject(deps.db, id, userId)
  if (!current) throw adProjectNotFound()
  const brand = await checkBrand(deps, userId, body.brand_id)
  // A brand newly picked fills a project that has no copy yet; what the user wrote (or cleared
  // with the same brand kept) stays as it is.
  const copy = body.copy ?? current.copy
  const fill = brand && brand.id !== current.brand_id && !copy.trim() ? copyFromBrand(brand) : null
  await repo.updateAdProject(deps.db, id, fill ? { ...body, copy: fill } : body)
  const project = await getAdProject(deps, userId, id)
  await emitAdProject(deps, userId, { type: 'project', action: 'updated', project })
  return project
}

export async function getAdProjectStats(
  deps: AdsDeps,
  userId: number | undefined,
  id: number,
): Promise<AdProjectStats> {
  const row = await repo.findAdProject(deps.db, id, userId)
  if (!row) throw adProjectNotFound()
  return projectStats(deps.db, row)
}
