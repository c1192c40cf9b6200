import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { ProcessStatus } from '@mouthpiece/contracts/statuses'
import type { Queryable } from '../../platform/db/client'
import type { Owner } from '../../platform/http/visitor'
import { audioUploads } from './voices.table'
import type { AudioUploadRow } from './voices.table'

function ownedBy(owner: Owner): SQL | undefined {
  const parts: SQL[] = []
  if (owner.userId !== null) parts.push(eq(audioUploads.user_id, owner.userId))
  if (owner.visitorId !== null) parts.push(eq(audioUploads.visitor_id, owner.visitorId))
  return parts.length ? or(...parts) : undefined
}

export async function insertUpload(
  db: Queryable,
  row: typeof audioUploads.$inferInsert,
): Promise<AudioUploadRow> {
  const [created] = await db.insert(audioUploads).values(row).returning()
  return created!
}

export async function findUpload(db: Queryable, id: string): Promise<AudioUploadRow | undefined> {
  const [row] = await db.select().from(audioUploads).where(eq(audioUploads.id, id))
  return row
}

export async function updateUpload(
  db: Queryable,
  id: string,
  patch: Partial<typeof audioUploads.$inferInsert>,
): Promise<AudioUploadRow | undefined> {
  const [row] = await db
    .update(audioUploads)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(audioUploads.id, id))
    .returning()
  return row
}

export async function deleteUpload(db: Queryable, id: string): Promise<void> {
  await db.delete(audioUploads).where(eq(audioUploads.id, id))
}

export async function listUploads(
  db: Queryable,
  owner: Owner,
  limit: number,
  offset: number,
): Promise<{ rows: AudioUploadRow[]; total: number }> {
  const where = ownedBy(owner)
  if (!where) return { rows: [], total: 0 }
  const rows = await db
    .select()
    .from(audioUploads)
    .where(where)
    .orderBy(desc(audioUploads.created_at))
    .limit(limit)
    .offset(offset)
  const [c] = await db.select({ n: count() }).from(audioUploads).where(where)
  return { rows, total: c?.n ?? 0 }
}

export async function listInProgress(db: Queryable, owner: Owner): Promise<AudioUploadRow[]> {
  const where = ownedBy(owner)
  if (!where) return []
  return db
    .select()
    .from(audioUploads)
    .where(and(where, eq(audioUploads.status, ProcessStatus.inprogress)))
    .orderBy(desc(audioUploads.created_at))
    .limit(50)
}

const bytes = sql<number>`coalesce(sum(${audioUploads.size_bytes}), 0)::bigint`.mapWith(Number)

/** Bytes of uploads a signed-in user keeps. */
export async function userUploadBytes(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.select({ bytes }).from(audioUploads).where(eq(audioUploads.user_id, userId))
  return row?.bytes ?? 0
}

/** Bytes of signed-out uploads kept by one visitor, and by every visitor of one IP address. */
export async function anonymousUploadBytes(
  db: Queryable,
  visitorId: string | null,
  ip: string,
): Promise<{ visitor: number; ip: number }> {
  const anonymous = isNull(audioUploads.user_id)
  const [byVisitor] = visitorId
    ? await db
        .select({ bytes })
        .from(audioUploads)
        .where(and(anonymous, eq(audioUploads.visitor_id, visitorId)))
    : [{ bytes: 0 }]
  const [byIp] = await db
    .select({ bytes })
    .from(audioUploads)
    .where(and(anonymous, eq(audioUploads.client_ip, ip)))
  return { visitor: byVisitor?.bytes ?? 0, ip: byIp?.bytes ?? 0 }
}

/** Signed-out uploads made before `before`, oldest first. */
export async function expiredAnonymousUploads(
  db: Queryable,
  before: Date,
  limit: number,
): Promise<AudioUploadRow[]> {
  return db
    .select()
    .from(audioUploads)
    .where(and(isNull(audioUploads.user_id), lt(audioUploads.created_at, before)))
    .orderBy(audioUploads.created_at)
    .limit(limit)
}

/** A user's audio uploads, newest first. */
export async function userAudioUploads(
  db: Queryable,
  userId: number,
  limit: number,
): Promise<AudioUploadRow[]> {
  return db
    .select()
    .from(audioUploads)
    .where(eq(audioUploads.user_id, userId))
    .orderBy(desc(audioUploads.created_at))
    .limit(limit)
}

/** Audio uploads' stored files as rows (user_id, visitor_id, part, render_id, ref, seconds, at). */
export const uploadFilesSql = () => {
  const a = audioUploads
  return sql`
      select ${a.user_id}, ${a.visitor_id}, 'upload', null, ${a.original_key}, ${a.duration}, ${a.created_at} from ${a}
      union all
      select ${a.user_id}, ${a.visitor_id}, 'upload wav', null, ${a.wav_key}, ${a.duration}, ${a.created_at}
      from ${a} where ${a.wav_key} is not null`
}
