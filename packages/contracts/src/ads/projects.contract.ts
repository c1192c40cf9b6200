import { z } from 'zod'
import { defineRoute } from '../define-route'
import { pageOf, PageNumber } from '../users/users.schemas'
import {
  AdProject,
  AdProjectIdText,
  AdProjectStats,
  CreateAdProjectBody,
  UpdateAdProjectBody,
} from './projects.schemas'

/** SPEC §7 "Ads: projects, project, update-project" and `GET api/ads/projects/{id}` (§7 path list). */
const user = { auth: 'user', requiresEnabled: true } as const
const params = z.object({ id: AdProjectIdText })
const Answer = z.object({ project: AdProject })

export const listAdProjects = defineRoute({
  method: 'GET',
  path: '/api/ads/projects',
  ...user,
  summary: 'My ad projects, newest first',
  query: z.object({ page: PageNumber.default(1), keyword: z.string().trim().max(100).optional() }),
  response: pageOf(AdProject),
})
export const getAdProject = defineRoute({
  method: 'GET',
  path: '/api/ads/projects/:id',
  ...user,
  summary: 'One ad project',
  params,
  response: Answer,
})
export const createAdProject = defineRoute({
  method: 'POST',
  path: '/api/ads/projects',
  ...user,
  summary: 'Create an ad project',
  body: CreateAdProjectBody,
  response: Answer,
})
export const updateAdProject = defineRoute({
  method: 'POST',
  path: '/api/ads/projects/:id/update',
  ...user,
  summary: 'Rename, re-brand, change goal, copy or placements',
  params,
  body: UpdateAdProjectBody,
  response: Answer,
})
export const adProjectStats = defineRoute({
  method: 'GET',
  path: '/api/ads/projects/:id/stats',
  ...user,
  summary: 'What the project made so far',
  params,
  response: z.object({ stats: AdProjectStats }),
})
