/** The public face of modules/projects: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { receiveUpload } from './files/project-uploads'
export { startProjectsWorkers } from './projects.jobs'
export {
  PROJECT_CSV_HEADER,
  adminProjectsPage,
  countAdminProjects,
  findAdminProject,
  findProjectRow,
  scanAdminProjectsCsv,
} from './admin/admin-projects'
export type { AdminProjectRow } from './admin/admin-projects'
export { registerProjectsRoutes } from './projects.routes'
export { commit, conflict, projectNotFound } from './projects.service'
export type { ProjectsDeps } from './projects.deps'
