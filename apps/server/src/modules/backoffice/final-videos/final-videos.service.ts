import type { FinalVideo, FinalVideoFilter } from '@mouthpiece/contracts/backoffice/final-videos.contract'
import type { SortDir } from '@mouthpiece/contracts/lists'
import type { Platform } from '../../../platform/context'
import type { Queryable } from '../../../platform/db/client'
import { notFound } from '../../../platform/http/errors'
import { audited } from '../../audit'
import type { AuditActor } from '../../audit'
import {
  deleteRenderRow,
  finalVideosPage,
  lockFinalVideo,
  presentFiles,
  removeRenderFiles,
  scanFinalVideosCsv as scanRows,
} from '../../renders'
import type { FinalVideoRow as Row, RenderRow } from '../../renders'

type ListArgs = FinalVideoFilter & { sort?: string; dir?: SortDir }

export function presentFinalVideo(r: Row): FinalVideo {
  return {
    id: r.id,
    title: r.title,
    source: r.source,
    duration: r.duration,
    video_resolution: r.settings.video_resolution,
    user_id: r.user_id,
    username: r.username,
    email: r.email,
    files: presentFiles({ id: r.id, kind: r.kind, files: r.files } as RenderRow),
    share_path: `/video-sharing/${r.id}`,
    created_at: r.created_at.toISOString(),
  }
}

export async function listFinalVideosPage(
  deps: Pick<Platform, 'db'>,
  q: ListArgs & { page: number; per_page: number },
) {
  const page = await finalVideosPage(deps.db, q)
  return { ...page, list: page.list.map(presentFinalVideo) }
}

/** The whole filtered set as CSV text, batch by batch, written by the database (no row cap, memory bounded). */
export const scanFinalVideosCsv = (deps: Pick<Platform, 'db'>, q: ListArgs) => scanRows(deps.db, q)

/**
 * Deletes one finished video inside `tx`, audited with what it was; answers the file keys to
 * remove once the transaction has committed (files go last: a rolled-back delete keeps them).
 */
export async function deleteFinalVideoIn(
  tx: Queryable,
  actor: AuditActor,
  id: string,
  meta?: Record<string, unknown>,
): Promise<RenderRow | undefined> {
  const row = await lockFinalVideo(tx, id)
  if (!row) return undefined
  const before = {
    id: row.id,
    title: row.title,
    source: row.source,
    user_id: row.user_id,
    duration: row.duration,
    created_at: row.created_at.toISOString(),
  }
  await audited(
    tx,
    actor,
    'final-videos.delete',
    { target: { type: 'render', id: row.id }, before, meta },
    async () => {
      await deleteRenderRow(tx, id)
    },
  )
  return row
}

export async function deleteFinalVideo(
  deps: Pick<Platform, 'db' | 'storage'>,
  actor: AuditActor,
  id: string,
): Promise<void> {
  const row = await deps.db.transaction((tx) => deleteFinalVideoIn(tx, actor, id))
  if (!row) throw notFound('Video')
  await removeRenderFiles(deps.storage, row.id, row.files)
}
