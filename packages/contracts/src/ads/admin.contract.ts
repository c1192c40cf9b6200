import { z } from 'zod'
import { defineRoute } from '../define-route'
import { listPage, listQuery, SearchText } from '../lists'
import { AdProject, AdProjectIdText, AdProjectStats, AdProjectStatus } from './projects.schemas'

/** SPEC §7 admin "Ad projects: list, {id}, stats" and "GET ads type breakdown". */
export const AdminAdProjectsQuery = listQuery(['updated_at', 'created_at', 'name', 'id']).extend({
  q: SearchText,
  status: AdProjectStatus.optional(),
})
export const AdminAdProject = AdProject.omit({ brand_name: true }).extend({
  user_id: z.number().int(),
  username: z.string(),
  brand_name: z.string().nullable(),
})
export type AdminAdProject = z.infer<typeof AdminAdProject>

export const adminAdProjects = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-projects',
  auth: 'admin',
  summary: 'Every ad project (paged, sorted, searched by name or user)',
  query: AdminAdProjectsQuery,
  response: listPage(AdminAdProject),
})
export const adminExportAdProjects = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-projects/export',
  auth: 'admin',
  summary: 'Every matching ad project, as CSV (streamed)',
  query: AdminAdProjectsQuery.omit({ page: true, per_page: true }),
})
export const adminAdProject = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-projects/:id',
  auth: 'admin',
  summary: 'One ad project with its stats',
  params: z.object({ id: AdProjectIdText }),
  response: z.object({ project: AdminAdProject, stats: AdProjectStats }),
})
export const AdsOverview = z.object({
  projects: z.number().int(),
  projects_by_status: z.record(z.string(), z.number().int()),
  projects_by_goal: z.record(z.string(), z.number().int()),
  brands: z.number().int(),
  scrapes: z.object({ completed: z.number().int(), failed: z.number().int(), running: z.number().int() }),
})
export const adminAdProjectsStats = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-projects-stats',
  auth: 'admin',
  summary: 'Ad projects by status and goal, brands, scrapes',
  response: AdsOverview,
})
/** What the ads studio has made, by type (placements' images, videos, audio, scrapes). */
export const adminAdsTypeBreakdown = defineRoute({
  method: 'GET',
  path: '/api/admin/ads-type-breakdown',
  auth: 'admin',
  summary: 'Ads made, by type',
  response: z.object({
    types: z.array(z.object({ type: z.string(), label: z.string(), count: z.number().int() })),
  }),
})
