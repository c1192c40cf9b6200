import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import type { ListSpec } from '../../platform/db/list-query'
import { userFieldOf, userIdsMatching } from '../users'
import { customAvatars } from './avatars.table'

const owner = (col: 'username' | 'email') =>
  sql<string>`coalesce(${userFieldOf(customAvatars.user_id, col)}, '')`

export const datasetFields = {
  id: customAvatars.id,
  name: customAvatars.name,
  user_id: customAvatars.user_id,
  prompt: customAvatars.prompt,
  look: customAvatars.look,
  variation: customAvatars.variation,
  created_at: customAvatars.created_at,
  updated_at: customAvatars.updated_at,
  username: owner('username').as('username'),
  email: owner('email').as('email'),
}
export const datasetSpec: ListSpec<typeof datasetFields> = {
  table: customAvatars,
  fields: datasetFields,
  id: customAvatars.id,
  sortable: { created_at: customAvatars.created_at },
  defaultSort: 'created_at',
}

/** The name or the owner's username or email is `ilike` the pattern: owners are found first (an
 * index-backed search of users), then their avatars by user id. */
export const datasetWhere = (like: string) =>
  sql`(${customAvatars.name} ilike ${like} or ${customAvatars.user_id} in (${userIdsMatching(like, ['username', 'email'])}))`

export async function findDatasetRow(db: Queryable, id: number) {
  const [row] = await db.select(datasetFields).from(customAvatars).where(eq(customAvatars.id, id))
  return row
}
