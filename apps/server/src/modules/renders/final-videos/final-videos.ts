import type { FinalVideoFilter } from '@mouthpiece/contracts/backoffice/final-videos.contract'
import type { SortDir } from '@mouthpiece/contracts/lists'
import type { Queryable } from '../../../platform/db/client'
import { listPage, scanCsv } from '../../../platform/db/list-query'
import type { RowOf } from '../../../platform/db/list-query'
import * as repo from './final-videos.repo'

/**
 * Finished videos as the back office lists, exports and bulk-deletes them (backoffice/final-videos
 * and operations' bulk actions): the renders table stays private to this module, so the list's SQL
 * (filter, sort, paging by the maker's name) lives here and they take the rows.
 */
export type FinalVideoRow = RowOf<typeof repo.finalVideosSpec.fields>
type Sorted = FinalVideoFilter & { sort?: string; dir?: SortDir }

export const FINAL_VIDEO_CSV_HEADER = repo.FINAL_VIDEO_CSV_HEADER

export const finalVideosPage = (db: Queryable, q: Sorted & { page: number; per_page: number }) =>
  listPage(db, repo.finalVideosSpec, {
    where: repo.finalVideosWhere(q),
    sort: q.sort,
    dir: q.dir,
    page: q.page,
    perPage: q.per_page,
  })

/** The whole filtered set as CSV text, batch by batch, written by the database (no row cap). */
export const scanFinalVideosCsv = (db: Queryable, q: Sorted) =>
  scanCsv(
    db,
    repo.finalVideosSpec,
    { where: repo.finalVideosWhere(q), sort: q.sort, dir: q.dir },
    repo.finalVideoCsvCells,
  )

/** One finished video, locked for a delete in `tx` (undefined when it is not a finished video). */
export const lockFinalVideo = (tx: Queryable, id: string) => repo.lockFinalVideo(tx, id)
/** Deletes a render's row (its files are the caller's to remove once `tx` has committed). */
export const deleteRenderRow = (tx: Queryable, id: string) => repo.deleteRenderRow(tx, id)
export const countFinalVideos = (db: Queryable, filter: FinalVideoFilter & { ids?: string[] }) =>
  repo.countFinalVideos(db, filter)
export const nextFinalVideoIds = (
  db: Queryable,
  filter: FinalVideoFilter & { ids?: string[] },
  cursor: string | null,
  limit: number,
) => repo.nextFinalVideoIds(db, filter, cursor, limit)
