import { count, eq, max, sql } from 'drizzle-orm'
import type { AdProjectStats } from '@mouthpiece/contracts/ads/projects.schemas'
import type { Queryable } from '../../../platform/db/client'
import { adScrapeTasks } from '../scraper/scraper.table'
import { adGenerations } from '../videos/ad-generations.table'
import { renderStatusOf } from '../../renders'
import { adImageGenerations } from '../images/ad-images.table'
import type { AdProjectRow } from './ad-projects.table'

/**
 * What a project made so far. Image and video generation counts come from the flows' own tables
 * (ad image engineer: image generations; ad video: `ad_generations`) as they land; a flow that
 * has no table yet counts 0.
 */
export async function projectStats(db: Queryable, row: AdProjectRow): Promise<AdProjectStats> {
  const [scrapes] = await db
    .select({ n: count(), last: max(adScrapeTasks.updated_at) })
    .from(adScrapeTasks)
    .where(eq(adScrapeTasks.ad_project_id, row.id))
  const [videos] = await db
    .select({
      n: count(),
      last: max(adGenerations.updated_at),
      done: sql<number>`count(*) filter (where ${renderStatusOf(adGenerations.render_id)} = 3)::int`,
      failed: sql<number>`count(*) filter (where ${renderStatusOf(adGenerations.render_id)} = 4)::int`,
    })
    .from(adGenerations)
    .where(eq(adGenerations.ad_project_id, row.id))
  const [images] = await db
    .select({ n: count(), last: max(adImageGenerations.updated_at) })
    .from(adImageGenerations)
    .where(eq(adImageGenerations.project_id, row.id))
  const last = [row.updated_at, scrapes?.last ?? null, videos?.last ?? null, images?.last ?? null]
    .filter((d): d is Date => !!d)
    .sort((a, b) => b.getTime() - a.getTime())[0]
  return {
    project_id: row.id,
    placements: row.placements.length,
    image_generations: images?.n ?? 0,
    video_generations: videos?.n ?? 0,
    videos_completed: videos?.done ?? 0,
    videos_failed: videos?.failed ?? 0,
    scrapes: scrapes?.n ?? 0,
    last_activity_at: last ? new Date(last).toISOString() : null,
  }
}
