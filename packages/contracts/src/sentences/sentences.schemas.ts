import { z } from 'zod'
import { defineId } from '../ids'
import { DEFAULT_CATEGORY_ORDER } from '../constants'
import { slugify } from '../slug'

/** SPEC §4 tooltip on a Show switch that may not be turned off. */
export const MIN_ACTIVE_CATEGORIES_TOOLTIP = 'Only at least 3 categories are active'
/** Server message when a change would leave fewer than the minimum active categories. */
export const MIN_ACTIVE_CATEGORIES_MESSAGE = 'At least 3 categories must stay active'
export const CATEGORY_NAME_LOCKED_MESSAGE = 'The name of a category cannot be changed once it is created'
export const SENTENCE_MAX_LENGTH = 300
export const SENTENCES_PER_CATEGORY_MAX = 200

export const CategoryId = defineId('Invalid category id').json

/** The fixed identifier of a category; any text is turned into its slug (SPEC §5). */
export const CategoryName = z
  .string({ error: 'Please enter a name' })
  .transform(slugify)
  .pipe(z.string().min(1, 'Please enter a name').max(60, 'Name must be at most 60 characters'))

export const CategoryDisplayName = z
  .string({ error: 'Please enter a display name' })
  .trim()
  .min(1, 'Please enter a display name')
  .max(80, 'Display name must be at most 80 characters')

/** SPEC §5: number, min 0, step 1, default 1. */
export const CategoryOrder = z.coerce
  .number({ error: 'Order must be a number' })
  .int('Order must be a whole number')
  .min(0, 'Order must be 0 or more')
  .max(100_000, 'Order is too large')

/** Splits sentences given as one text (one per line) or a list; trims, drops blanks and repeats. */
export function toSentenceList(input: string | string[]): string[] {
  const lines = typeof input === 'string' ? input.split(/\r?\n/) : input
  const seen = new Set<string>()
  const out: string[] = []
  for (const line of lines) {
    const s = line.replace(/\s+/g, ' ').trim()
    if (s && !seen.has(s)) {
      seen.add(s)
      out.push(s)
    }
  }
  return out
}

/** SPEC §3 "sentences (text)": one sentence per line, or a list. */
export const SentenceList = z
  .union([z.string(), z.array(z.string())], { error: 'Please add at least one sentence' })
  .transform(toSentenceList)
  .pipe(
    z
      .array(
        z
          .string()
          .max(SENTENCE_MAX_LENGTH, `Each sentence must be at most ${SENTENCE_MAX_LENGTH} characters`),
      )
      .min(1, 'Please add at least one sentence')
      .max(SENTENCES_PER_CATEGORY_MAX, `A category holds at most ${SENTENCES_PER_CATEGORY_MAX} sentences`),
  )

/** SPEC §3 "Sentence category" as the admin sees it. */
export const SentenceCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  order: z.number().int(),
  is_show: z.boolean(),
  sentences: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
})
export type SentenceCategory = z.infer<typeof SentenceCategory>

/** What visitors see: only shown categories, without their sentences. */
export const PublicSentenceCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  order: z.number().int(),
  sentence_count: z.number().int(),
})
export type PublicSentenceCategory = z.infer<typeof PublicSentenceCategory>

export const SaveCategoryBody = z.object({
  /** Present when editing: the category keeps its name (SPEC §4). */
  id: CategoryId.optional(),
  name: CategoryName,
  display_name: CategoryDisplayName,
  order: CategoryOrder.default(DEFAULT_CATEGORY_ORDER),
  is_show: z.boolean({ error: 'is_show must be true or false' }).default(true),
  sentences: SentenceList,
})
export type SaveCategoryInput = z.input<typeof SaveCategoryBody>

/**
 * SPEC §4/§5: may this category's Show switch be changed? Turning one on is always allowed; turning
 * one off is allowed only while more than the minimum number of categories are active.
 */
export function canToggleShow(
  category: { is_show: boolean } | undefined,
  activeCount: number,
  minActive: number,
): boolean {
  if (!category?.is_show) return true
  return activeCount > minActive
}
