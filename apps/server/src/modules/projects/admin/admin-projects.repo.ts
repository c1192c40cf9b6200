import { count, eq, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { AdminProjectFilter } from '@mouthpiece/contracts/backoffice/admin-projects.contract'
import { allOf, csvNumber, csvText, csvTime, escapeLike } from '../../../platform/db/list-query'
import type { ListSpec } from '../../../platform/db/list-query'
import type { Queryable } from '../../../platform/db/client'
import { userFieldOf, userIdsMatching } from '../../users'
import { projects } from '../projects.table'

/** The owner's name and email read per row of the page (a page is 10–100 rows; no join to plan). */
const owner = (col: 'username' | 'email') => sql<string>`coalesce(${userFieldOf(projects.user_id, col)}, '')`

const scenes = sql<number>`jsonb_array_length(coalesce(${projects.document}->'scenes', '[]'::jsonb))`
const setting = (name: 'video_resolution' | 'video_orientation', fallback: string) =>
  sql<string>`coalesce(${projects.document}->'settings'->>${name}, ${fallback})`

const projectFields = {
  id: projects.id,
  name: projects.name,
  user_id: projects.user_id,
  username: owner('username').as('username'),
  email: owner('email').as('email'),
  scenes: scenes.mapWith(Number).as('scenes'),
  duration: projects.duration,
  version: projects.version,
  video_resolution: setting('video_resolution', '720p').as('video_resolution'),
  video_orientation: setting('video_orientation', 'landscape').as('video_orientation'),
  created_at: projects.created_at,
  updated_at: projects.updated_at,
}

export const adminProjectsSpec: ListSpec<typeof projectFields> = {
  table: projects,
  fields: projectFields,
  id: projects.id,
  sortable: {
    updated_at: projects.updated_at,
    created_at: projects.created_at,
    name: projects.name,
    id: projects.id,
  },
  defaultSort: 'updated_at',
}

/** The projects export: these columns, each cell written by the database (scanCsv), as the users export. */
export const PROJECT_CSV_HEADER = [
  'id',
  'name',
  'user_id',
  'username',
  'email',
  'scenes',
  'duration',
  'video_resolution',
  'video_orientation',
  'created_at',
  'updated_at',
]
export const projectCsvCells = [
  csvNumber(projects.id),
  csvText(projects.name),
  csvNumber(projects.user_id),
  csvText(owner('username')),
  csvText(owner('email')),
  csvNumber(scenes),
  csvNumber(projects.duration),
  csvText(setting('video_resolution', '720p')),
  csvText(setting('video_orientation', 'landscape')),
  csvTime(projects.created_at),
  csvTime(projects.updated_at),
]

/**
 * The keyword matches a project's name or its owner's username or email: owners are found first
 * (an index-backed search of users), then their projects by the (user_id, …) index.
 */
export function adminProjectsWhere(f: AdminProjectFilter): SQL | undefined {
  const k = f.keyword?.trim()
  const like = k ? `%${escapeLike(k)}%` : undefined
  return allOf(
    like
      ? sql`(${projects.name} ilike ${like} or ${projects.user_id} in (${userIdsMatching(like, ['username', 'email'])}))`
      : undefined,
    f.user_id !== undefined ? eq(projects.user_id, f.user_id) : undefined,
  )
}

export async function countAdminProjects(db: Queryable, where: SQL | undefined): Promise<number> {
  const [c] = await db.select({ n: count() }).from(projects).where(where)
  return c?.n ?? 0
}

export async function findAdminProject(db: Queryable, id: number) {
  const [row] = await db.select(adminProjectsSpec.fields).from(projects).where(eq(projects.id, id))
  return row
}
