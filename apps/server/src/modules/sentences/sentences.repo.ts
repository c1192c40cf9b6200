import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import { sentenceCategories } from './sentences.table'
import type { SentenceCategoryRow } from './sentences.table'

const byOrder = [asc(sentenceCategories.order), asc(sentenceCategories.id)]

export async function listAll(db: Queryable): Promise<SentenceCategoryRow[]> {
  return db
    .select()
    .from(sentenceCategories)
    .orderBy(...byOrder)
}

/** Shown categories with how many sentences each holds (the sentences themselves stay server-side). */
export async function listShown(db: Queryable) {
  return db
    .select({
      id: sentenceCategories.id,
      name: sentenceCategories.name,
      display_name: sentenceCategories.display_name,
      order: sentenceCategories.order,
      sentence_count: sql<number>`cardinality(${sentenceCategories.sentences})`.mapWith(Number),
    })
    .from(sentenceCategories)
    .where(eq(sentenceCategories.is_show, true))
    .orderBy(...byOrder)
}

export async function findById(db: Queryable, id: number): Promise<SentenceCategoryRow | undefined> {
  const [row] = await db.select().from(sentenceCategories).where(eq(sentenceCategories.id, id))
  return row
}

export async function findByName(db: Queryable, name: string): Promise<SentenceCategoryRow | undefined> {
  const [row] = await db.select().from(sentenceCategories).where(eq(sentenceCategories.name, name))
  return row
}

/** A shown category by its name, or by its id when the key is a number. */
export async function findShown(db: Queryable, key: string): Promise<SentenceCategoryRow | undefined> {
  const id = /^\d{1,9}$/.test(key) ? Number(key) : undefined
  const match = id === undefined ? eq(sentenceCategories.name, key) : eq(sentenceCategories.id, id)
  const [row] = await db
    .select()
    .from(sentenceCategories)
    .where(and(match, eq(sentenceCategories.is_show, true)))
  return row
}

export async function countAll(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sentenceCategories)
  return row?.n ?? 0
}

/**
 * Locks every category row for the rest of the transaction and counts the active ones, so two
 * admins switching categories off at once cannot both pass the minimum-active check.
 */
export async function lockAndCountActive(tx: Queryable): Promise<number> {
  const rows = await tx.select({ is_show: sentenceCategories.is_show }).from(sentenceCategories).for('update')
  return rows.filter((r) => r.is_show).length
}

export async function countActive(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sentenceCategories)
    .where(eq(sentenceCategories.is_show, true))
  return row?.n ?? 0
}

export type NewCategory = Pick<
  SentenceCategoryRow,
  'name' | 'display_name' | 'order' | 'is_show' | 'sentences'
>

export async function insertCategory(db: Queryable, row: NewCategory): Promise<SentenceCategoryRow> {
  const [created] = await db.insert(sentenceCategories).values(row).returning()
  return created!
}

export async function insertMany(db: Queryable, rows: NewCategory[]): Promise<void> {
  if (rows.length) await db.insert(sentenceCategories).values(rows).onConflictDoNothing()
}

export async function updateCategory(
  db: Queryable,
  id: number,
  changes: Partial<Omit<NewCategory, 'name'>>,
): Promise<SentenceCategoryRow | undefined> {
  const [row] = await db
    .update(sentenceCategories)
    .set({ ...changes, updated_at: sql`now()` })
    .where(eq(sentenceCategories.id, id))
    .returning()
  return row
}

export async function deleteCategory(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .delete(sentenceCategories)
    .where(eq(sentenceCategories.id, id))
    .returning({ id: sentenceCategories.id })
  return rows.length > 0
}
