import { z } from 'zod'
import { boundedText } from './ids'

/**
 * The one shape of a server-side admin list: paged, sorted and filtered by the server, the state
 * carried in the page's URL. A list's own filters extend this; its CSV export takes the same query
 * without `page`/`per_page` and streams every matching row.
 */
export const SortDir = z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' })
export type SortDir = z.infer<typeof SortDir>

export const LIST_PER_PAGE_DEFAULT = 25
export const LIST_PER_PAGE_MAX = 100
/** Past any real list; keeps OFFSET a number PostgreSQL reads. */
export const LIST_PAGE_MAX = 100_000

export const listQuery = <const S extends readonly [string, ...string[]]>(
  sortable: S,
  perPage = LIST_PER_PAGE_DEFAULT,
) =>
  z.object({
    page: boundedText(1, LIST_PAGE_MAX, 'page must be a whole number from 1').default(1),
    per_page: boundedText(
      1,
      LIST_PER_PAGE_MAX,
      `per_page must be a whole number from 1 to ${LIST_PER_PAGE_MAX}`,
    ).default(perPage),
    sort: z.enum(sortable, { error: `sort must be one of ${sortable.join(', ')}` }).optional(),
    dir: SortDir.optional(),
  })

/** A free-text search box (`q` unless the spec names it otherwise). */
export const SearchText = z.string().trim().max(200, 'The search is at most 200 characters').optional()

/** An ISO date or date-time bound of a range filter. */
export const DateBound = z.iso
  .datetime({ offset: true, error: 'Use an ISO date and time' })
  .or(z.iso.date({ error: 'Use an ISO date (YYYY-MM-DD)' }))
  .optional()

/**
 * A list page: SPEC §3 "Projects list" shape plus where the page is. Totals are exact up to
 * 10,000 matching rows; above that `total` is 10,000 and `total_capped` says "10,000+". Where the
 * database expects far more matches (a big table, a broad filter) `total` is its estimate and
 * `total_estimated` says "about N": counting a million rows exactly costs every page view.
 */
export const listPage = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    total_capped: z.boolean(),
    total_estimated: z.boolean().optional(),
    lastPage: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  })
