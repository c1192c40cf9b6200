import { desc, eq, sql } from 'drizzle-orm'
import * as r from '@mouthpiece/contracts/ads/videos.contract'
import type { HttpContext } from '../../../platform/context'
import type { Queryable } from '../../../platform/db/client'
import { mediaError } from '../../voices'
import { auditActorOf, recordAudit } from '../../audit'
import { users } from '../../users/users.table'
import { adProjects } from '../projects/ad-projects.table'
import { adGenerations } from './ad-generations.table'
import type { AdGenerationRow } from './ad-generations.table'
import * as videos from './ad-videos.service'
import * as audios from './ad-audios.service'
import { createAdAudio, listAdAudios } from '@mouthpiece/contracts/ads/audios.contract'

async function presentAdmin(db: Queryable, row: AdGenerationRow) {
  const [who] = await db
    .select({ username: users.username, project_name: adProjects.name })
    .from(adProjects)
    .innerJoin(users, eq(users.id, adProjects.user_id))
    .where(eq(adProjects.id, row.ad_project_id))
  return {
    ...(await videos.presentGeneration(db, row)),
    username: who?.username ?? '',
    project_name: who?.project_name ?? '',
  }
}

/** SPEC §7 "Ads: … audio and video generations" and the admin "Ad generations: list, {id}, retry". */
export function registerAdVideoRoutes(ctx: HttpContext) {
  const { route, db } = ctx
  // Speech runs when the render starts (voice checks): its input errors read as 4xx.
  const media = <T>(p: Promise<T>) =>
    p.catch((e: unknown) => {
      throw mediaError(e)
    })
  route(r.createAdVideo, async ({ actor, params, body }) => ({
    generation: await media(videos.createAdVideo(ctx, actor.user.id, params.id, body)),
  }))
  route(r.listAdVideos, async ({ actor, params }) => ({
    generations: await videos.listAdVideos(ctx, actor.user.id, params.id),
  }))

  route(createAdAudio, async ({ actor, params, body }) => ({
    generation: await media(audios.createAdAudio(ctx, actor.user.id, params.id, body)),
  }))
  route(listAdAudios, async ({ actor, params }) => ({
    generations: await audios.listAdAudios(ctx, actor.user.id, params.id),
  }))

  route(r.adminAdGenerations, async ({ query }) => {
    const rows = await db
      .select()
      .from(adGenerations)
      .orderBy(query.dir === 'asc' ? adGenerations.created_at : desc(adGenerations.created_at))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(adGenerations)
    const total = c?.n ?? 0
    return {
      list: await Promise.all(rows.map((row) => presentAdmin(db, row))),
      total,
      total_capped: false,
      lastPage: Math.max(1, Math.ceil(total / query.per_page)),
      page: query.page,
      per_page: query.per_page,
    }
  })
  route(r.adminAdGeneration, async ({ params }) => {
    const [row] = await db.select().from(adGenerations).where(eq(adGenerations.id, params.id))
    if (!row) throw videos.generationNotFound()
    return { generation: await presentAdmin(db, row) }
  })
  route(r.adminRetryAdGeneration, async ({ params, actor }) => {
    const row = await media(videos.retryAdVideo(ctx, params.id))
    await recordAudit(db, auditActorOf(actor), 'ads.generation.retry', {
      target: { type: 'ad_generation', id: row.id },
      meta: { render_id: row.render_id },
    })
    return { generation: await presentAdmin(db, row) }
  })
}
