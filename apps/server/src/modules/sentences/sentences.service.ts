import { MIN_ACTIVE_SENTENCE_CATEGORIES } from '@mouthpiece/contracts/constants'
import {
  CATEGORY_NAME_LOCKED_MESSAGE,
  MIN_ACTIVE_CATEGORIES_MESSAGE,
} from '@mouthpiece/contracts/sentences/sentences.schemas'
import type { SentenceCategory } from '@mouthpiece/contracts/sentences/sentences.schemas'
import type { SentencesDeps } from './sentences.deps'
import { AppError, fieldError, notFound } from '../../platform/http/errors'
import type { SentenceCategoryRow } from './sentences.table'
import * as repo from './sentences.repo'

export function presentCategory(row: SentenceCategoryRow): SentenceCategory {
  return {
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    order: row.order,
    is_show: row.is_show,
    sentences: row.sentences,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

/**
 * SPEC §5: at least 3 categories must stay active. A change may not take the active count below
 * the minimum; one that does not lower it (e.g. switching one on while fewer are active) is fine.
 */
function assertEnoughActive(before: number, after: number) {
  if (after < before && after < MIN_ACTIVE_SENTENCE_CATEGORIES)
    throw fieldError('is_show', MIN_ACTIVE_CATEGORIES_MESSAGE)
}

export async function listPublic(deps: SentencesDeps) {
  return { categories: await repo.listShown(deps.db) }
}

/** A random sentence of a shown category, different from `exclude` when the category has another. */
export async function generate(
  deps: SentencesDeps,
  key: string,
  exclude: string | undefined,
  random: () => number = Math.random,
) {
  const row = await repo.findShown(deps.db, key)
  if (!row) throw new AppError('not_found', 'This sentence category is not available', 404)
  const pool =
    row.sentences.length > 1 && exclude ? row.sentences.filter((s) => s !== exclude.trim()) : row.sentences
  const sentence = pool[Math.floor(random() * pool.length)]
  if (sentence === undefined) throw new AppError('empty_category', 'This category has no sentences yet', 404)
  return { sentence, category: { id: row.id, name: row.name, display_name: row.display_name } }
}

export async function adminList(deps: SentencesDeps) {
  const rows = await repo.listAll(deps.db)
  return {
    categories: rows.map(presentCategory),
    active_count: rows.filter((r) => r.is_show).length,
    min_active: MIN_ACTIVE_SENTENCE_CATEGORIES,
  }
}

export interface CategoryInput {
  id?: number
  name: string
  display_name: string
  order: number
  is_show: boolean
  sentences: string[]
}

/** Creates a category, or edits the one named by `id`; an edit may not rename it (SPEC §4). */
export async function save(deps: SentencesDeps, input: CategoryInput): Promise<SentenceCategory> {
  return deps.db.transaction(async (tx) => {
    const active = await repo.lockAndCountActive(tx)
    const { id, name, ...fields } = input
    if (id === undefined) {
      if (await repo.findByName(tx, name))
        throw new AppError('conflict', `A category named "${name}" already exists`, 409, {
          name: [`A category named "${name}" already exists`],
        })
      return presentCategory(await repo.insertCategory(tx, { name, ...fields }))
    }
    const existing = await repo.findById(tx, id)
    if (!existing) throw notFound('Category')
    if (existing.name !== name) throw fieldError('name', CATEGORY_NAME_LOCKED_MESSAGE)
    assertEnoughActive(active, active - Number(existing.is_show) + Number(fields.is_show))
    return presentCategory((await repo.updateCategory(tx, id, fields))!)
  })
}

export async function updateSentences(
  deps: SentencesDeps,
  categoryId: number,
  sentences: string[],
): Promise<SentenceCategory> {
  const row = await repo.updateCategory(deps.db, categoryId, { sentences })
  if (!row) throw notFound('Category')
  return presentCategory(row)
}

export async function remove(deps: SentencesDeps, categoryId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const active = await repo.lockAndCountActive(tx)
    const existing = await repo.findById(tx, categoryId)
    if (!existing) throw notFound('Category')
    if (existing.is_show && active - 1 < MIN_ACTIVE_SENTENCE_CATEGORIES)
      throw new AppError('validation', MIN_ACTIVE_CATEGORIES_MESSAGE, 422, {
        category_id: [MIN_ACTIVE_CATEGORIES_MESSAGE],
      })
    await repo.deleteCategory(tx, categoryId)
  })
}
