import { z } from 'zod'
import { defineRoute } from '../define-route'
import { ExportEmail } from '../early-registers/early-registers.schemas'
import { listPage, listQuery, SearchText } from '../lists'
import { ProjectSettings } from '../projects/project-document.schemas'
import { BaseVersion, ProjectIdText } from '../projects/projects.schemas'
import { UserIdText } from '../users/users.schemas'

/** SPEC §7 "Admin calls": projects {page, keyword}; export projects CSV {email}; project setting by project. */
export const AdminProjectFilter = z.object({
  /** The spec's search field: a project name, or its owner's username or email. */
  keyword: SearchText,
  user_id: UserIdText.optional(),
})
export type AdminProjectFilter = z.infer<typeof AdminProjectFilter>
export const ADMIN_PROJECT_SORTS = ['updated_at', 'created_at', 'name', 'id'] as const
const AdminProjectsQuery = listQuery(ADMIN_PROJECT_SORTS, 10).extend(AdminProjectFilter.shape)

export const AdminProject = z.object({
  id: z.number().int(),
  name: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  scenes: z.number().int(),
  duration: z.number(),
  version: z.number().int(),
  video_resolution: z.string(),
  video_orientation: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type AdminProject = z.infer<typeof AdminProject>

export const adminListProjects = defineRoute({
  method: 'GET',
  path: '/api/admin/projects',
  auth: 'admin',
  summary: 'Every project, with its owner',
  query: AdminProjectsQuery,
  response: listPage(AdminProject),
})
export const adminExportProjects = defineRoute({
  method: 'GET',
  path: '/api/admin/projects/export',
  auth: 'admin',
  summary: 'Every project matching the filter, as CSV (streamed)',
  query: AdminProjectsQuery.omit({ page: true, per_page: true }),
})
/** Mailing a file has a limit a download has not: past it the admin is told to download instead. */
export const PROJECTS_MAIL_MAX_ROWS = 50_000
export const adminSendProjectsCsv = defineRoute({
  method: 'POST',
  path: '/api/admin/projects/export-csv',
  auth: 'admin',
  summary: 'Mail the projects matching the filter as a CSV attachment',
  body: z.object({ email: ExportEmail, keyword: SearchText }),
  response: z.object({ ok: z.literal(true), email: z.string(), rows: z.number().int() }),
})

export const AdminProjectSetting = AdminProject.extend({ settings: ProjectSettings })
export const adminGetProjectSetting = defineRoute({
  method: 'GET',
  path: '/api/admin/projects/:projectId/setting',
  auth: 'admin',
  summary: "One project's settings and owner",
  params: z.object({ projectId: ProjectIdText }),
  response: z.object({ project: AdminProjectSetting }),
})
export const adminUpdateProjectSetting = defineRoute({
  method: 'POST',
  path: '/api/admin/projects/:projectId/setting',
  auth: 'admin',
  summary: "Change a project's settings (audited; 1080p still needs the owner's plan)",
  params: z.object({ projectId: ProjectIdText }),
  body: z.object({ version: BaseVersion, settings: ProjectSettings.partial() }),
  response: z.object({ project: AdminProjectSetting }),
})
