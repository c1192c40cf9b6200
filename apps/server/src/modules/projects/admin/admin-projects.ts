import type { AdminProjectFilter } from '@mouthpiece/contracts/backoffice/admin-projects.contract'
import type { SortDir } from '@mouthpiece/contracts/lists'
import type { Queryable } from '../../../platform/db/client'
import { listPage, scanCsv } from '../../../platform/db/list-query'
import type { RowOf } from '../../../platform/db/list-query'
import * as projectsRepo from '../projects.repo'
import * as repo from './admin-projects.repo'

/**
 * Every user's projects as the back office lists, exports and mails them (backoffice/projects):
 * the projects table stays private to this module, so the list's SQL (filter, sort, paging, the
 * owner's name and email) lives here and the back office takes the rows.
 */
export type AdminProjectRow = RowOf<typeof repo.adminProjectsSpec.fields>
type Sorted = AdminProjectFilter & { sort?: string; dir?: SortDir }

export const PROJECT_CSV_HEADER = repo.PROJECT_CSV_HEADER

export const adminProjectsPage = (db: Queryable, q: Sorted & { page: number; per_page: number }) =>
  listPage(db, repo.adminProjectsSpec, {
    where: repo.adminProjectsWhere(q),
    sort: q.sort,
    dir: q.dir,
    page: q.page,
    perPage: q.per_page,
  })

/** The whole filtered set as CSV text, batch by batch, written by the database (no row cap). */
export const scanAdminProjectsCsv = (db: Queryable, q: Sorted) =>
  scanCsv(
    db,
    repo.adminProjectsSpec,
    { where: repo.adminProjectsWhere(q), sort: q.sort, dir: q.dir },
    repo.projectCsvCells,
  )

export const countAdminProjects = (db: Queryable, filter: AdminProjectFilter): Promise<number> =>
  repo.countAdminProjects(db, repo.adminProjectsWhere(filter))

/** One project as the back-office list shows it (undefined when there is none). */
export const findAdminProject = (db: Queryable, id: number): Promise<AdminProjectRow | undefined> =>
  repo.findAdminProject(db, id)

/** A project's stored row (its document and version), for an admin's versioned write. */
export const findProjectRow = (db: Queryable, id: number) => projectsRepo.findById(db, id)
