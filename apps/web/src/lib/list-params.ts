import { useCallback, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'

/**
 * The state of a server-side list, kept in the page's URL (SPEC: lists are shareable and survive a
 * reload): `page`, `sort`, `dir` and the list's own filters. Changing a filter or the sort goes
 * back to page 1. `query` is what the list's contract takes; `filterQuery` feeds exports and bulk
 * actions (everything matching, no paging).
 */
export function useListParams<const K extends string>(filterKeys: readonly K[]) {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const sort = params.get('sort') ?? undefined
  const dir = (params.get('dir') as 'asc' | 'desc' | null) ?? undefined
  const perPage = Number(params.get('per_page')) || undefined
  const keys = filterKeys.join(',')
  const filters = useMemo(
    () =>
      Object.fromEntries(
        keys
          .split(',')
          .filter(Boolean)
          .map((k) => [k, params.get(k) ?? undefined]),
      ) as Record<K, string | undefined>,
    [params, keys],
  )

  // react-router's functional setSearchParams starts from the params of the render it was made
  // in, not from the URL as it is now. A change made before React re-renders (a filter picked just
  // after the search box wrote the URL) would then drop the earlier change: the search vanished
  // when the status was picked quickly. So each change starts from the newest params we know of.
  const latest = useRef(params)
  const rendered = useRef(params)
  if (rendered.current !== params) {
    rendered.current = params
    latest.current = params
  }
  const update = useCallback(
    (changes: Record<string, string | undefined>, resetPage = true) => {
      const p = new URLSearchParams(latest.current)
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined || v === '') p.delete(k)
        else p.set(k, v)
      }
      if (resetPage) p.delete('page')
      latest.current = p
      setParams(p)
    },
    [setParams],
  )

  const filterQuery = useMemo(() => {
    const q: Record<string, string> = {}
    for (const [k, v] of Object.entries(filters)) if (typeof v === 'string' && v) q[k] = v
    if (sort) q.sort = sort
    if (dir) q.dir = dir
    return q
  }, [filters, sort, dir])

  return {
    page,
    sort,
    dir,
    filters,
    filterQuery,
    /** Rows a page, when the admin chose a size (else the list's default). */
    perPage,
    query: { ...filterQuery, page, ...(perPage ? { per_page: perPage } : {}) },
    setPage: (n: number) => update({ page: String(n) }, false),
    /** A new page size starts again at page 1. */
    setPerPage: (n: number) => update({ per_page: String(n) }),
    setFilter: (key: K, value: string | undefined) => update({ [key]: value }),
    /** Same column: flip the direction; another column: sort by it, descending first for dates. */
    setSort: (column: string, firstDir: 'asc' | 'desc' = 'asc') =>
      update(
        sort === column
          ? { sort: column, dir: dir === 'asc' ? 'desc' : 'asc' }
          : { sort: column, dir: firstDir },
      ),
    clear: () => update(Object.fromEntries([...filterKeys, 'sort', 'dir'].map((k) => [k, undefined]))),
  }
}
