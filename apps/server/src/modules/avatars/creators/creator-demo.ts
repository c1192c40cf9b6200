/**
 * SPEC §7 "demo influencers {page}" and "refresh web source": every influencer (presets and added
 * creators) with its demo, the intro video the landing page shows, which the admin can have made again.
 */
import { CREATOR_NOT_SHOWN_MESSAGE } from '@mouthpiece/contracts/avatars/creators.contract'
import type { DemoInfluencer } from '@mouthpiece/contracts/avatars/creators.contract'
import type { InfluencerVideo } from '@mouthpiece/contracts/renders/renders.schemas'
import { fieldError } from '../../../platform/http/errors'
import { auditedChange } from '../../audit'
import type { AdminAuditActor } from '../../audit'
import type { InfluencerVideos } from './influencer-videos'
import { findCreator, listCreators } from './creators.service'
import type { AvatarsDeps } from '../avatars.deps'

interface DemoQuery {
  page: number
  per_page: number
  sort?: 'name' | 'created_at'
  dir?: 'asc' | 'desc'
}

export async function demoInfluencers(deps: AvatarsDeps, influencerVideos: InfluencerVideos, q: DemoQuery) {
  const all = await listCreators(deps.db)
  if (q.sort) {
    const sign = q.dir === 'desc' ? -1 : 1
    all.sort(
      (a, b) =>
        sign * (q.sort === 'name' ? a.name.localeCompare(b.name) : a.created_at.localeCompare(b.created_at)),
    )
  }
  const lastPage = Math.max(1, Math.ceil(all.length / q.per_page))
  const slice = all.slice((q.page - 1) * q.per_page, q.page * q.per_page)
  const videos = await influencerVideos.latest(slice)
  const list: DemoInfluencer[] = slice.map((creator) => ({ creator, video: videos.get(creator.id) ?? null }))
  return { list, total: all.length, total_capped: false, lastPage, page: q.page, per_page: q.per_page }
}

export async function refreshWebSource(
  deps: AvatarsDeps,
  influencerVideos: InfluencerVideos,
  actor: AdminAuditActor,
  id: string,
): Promise<InfluencerVideo> {
  const row = await findCreator(deps.db, id)
  // The landing page is for everyone: a creator kept to some plans or users has no video there.
  const restricted = row.access.plans.length + row.access.user_ids.length > 0
  if (row.status !== 'ready' || !row.is_active || restricted)
    throw fieldError('id', CREATOR_NOT_SHOWN_MESSAGE)
  // Recorded after the fact: the render is queued in its own transaction (PGlite has one connection).
  const video = await influencerVideos.refresh(row)
  return auditedChange(
    deps.db,
    actor,
    'creators.refresh-web-source',
    { target: { type: 'creator', id } },
    async () => video,
  )
}
