import { z } from 'zod'
import { defineRoute } from '../define-route'
import {
  CategoryId,
  PublicSentenceCategory,
  SaveCategoryBody,
  SentenceCategory,
  SentenceList,
} from './sentences.schemas'

const Ok = z.object({ ok: z.literal(true) })

/** SPEC §7 "sentence categories": the shown categories, in their order. */
export const listSentenceCategories = defineRoute({
  method: 'GET',
  path: '/api/sentence-categories',
  auth: 'public',
  summary: 'Sentence categories shown to visitors, ordered',
  response: z.object({ categories: z.array(PublicSentenceCategory) }),
})

/** SPEC §7 "generate-sentence": a random ready-made line from a shown category. */
export const generateSentence = defineRoute({
  method: 'GET',
  path: '/api/generate-sentence',
  auth: 'public',
  summary: 'A random sentence from a category',
  query: z.object({
    /** The category's name (slug) or its id. */
    category: z
      .string({ error: 'Please choose a category' })
      .trim()
      .min(1, 'Please choose a category')
      .max(80),
    /** The sentence the visitor already has, so a new one comes back when the category has others. */
    exclude: z.string().max(400).optional(),
  }),
  response: z.object({
    sentence: z.string(),
    category: PublicSentenceCategory.pick({ id: true, name: true, display_name: true }),
  }),
})

// Admin (SPEC §7 "Sentences")
export const adminListSentences = defineRoute({
  method: 'GET',
  path: '/api/admin/sentences',
  auth: 'admin',
  summary: 'Every sentence category with its sentences',
  response: z.object({
    categories: z.array(SentenceCategory),
    active_count: z.number().int(),
    min_active: z.number().int(),
  }),
})
export const adminSaveCategory = defineRoute({
  method: 'POST',
  path: '/api/admin/sentences/category',
  auth: 'admin',
  summary: 'Create a category, or edit one (with its id); the name is fixed once created',
  body: SaveCategoryBody,
  response: z.object({ category: SentenceCategory }),
})
export const adminUpdateSentences = defineRoute({
  method: 'POST',
  path: '/api/admin/sentences/update-sentences',
  auth: 'admin',
  summary: "Replace a category's sentences",
  body: z.object({ category_id: CategoryId, sentences: SentenceList }),
  response: z.object({ category: SentenceCategory }),
})
export const adminDeleteCategory = defineRoute({
  method: 'POST',
  path: '/api/admin/sentences/delete-category',
  auth: 'admin',
  summary: 'Delete a category and its sentences',
  body: z.object({ category_id: CategoryId }),
  response: Ok,
})
