import { eq, sql } from 'drizzle-orm'
import type { Admin } from '@mouthpiece/contracts/users/users.schemas'
import type { Queryable } from '../../platform/db/client'
import { admins } from './auth.table'
import type { AdminRow } from './auth.table'

export async function findAdminById(db: Queryable, id: number): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1)
  return row
}

export async function findAdminByUsername(db: Queryable, username: string): Promise<AdminRow | undefined> {
  const [row] = await db
    .select()
    .from(admins)
    .where(sql`lower(${admins.username}) = lower(${username})`)
    .limit(1)
  return row
}

/** Inserts unless the username exists; true when this call created it (safe with parallel starts). */
export async function insertAdminIfMissing(
  db: Queryable,
  username: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db
    .insert(admins)
    .values({ username, password_hash: passwordHash })
    .onConflictDoNothing({ target: admins.username })
    .returning({ id: admins.id })
  return rows.length > 0
}

export const presentAdmin = (row: AdminRow): Admin => ({ id: row.id, username: row.username })
