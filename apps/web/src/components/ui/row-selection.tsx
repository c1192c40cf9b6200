import { useEffect, useMemo, useState } from 'react'
import { Button } from './button'

/**
 * Rows ticked in a server-side list, for a bulk action: single rows, the page on screen, or "all N
 * matching" (then the action takes the filter alone). A new filter clears the ticks.
 */
export interface RowSelection {
  ids: ReadonlySet<string>
  allMatching: boolean
  toggle: (id: string, on: boolean) => void
  togglePage: (ids: string[], on: boolean) => void
  selectAllMatching: () => void
  clear: () => void
}

export function useRowSelection(resetKey: string): RowSelection {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set())
  const [allMatching, setAllMatching] = useState(false)
  useEffect(() => {
    setIds(new Set())
    setAllMatching(false)
  }, [resetKey])
  return useMemo(
    () => ({
      ids,
      allMatching,
      toggle: (id, on) => {
        setAllMatching(false)
        setIds((prev) => {
          const next = new Set(prev)
          if (on) next.add(id)
          else next.delete(id)
          return next
        })
      },
      togglePage: (page, on) => {
        setAllMatching(false)
        setIds((prev) => {
          const next = new Set(prev)
          for (const id of page)
            if (on) next.add(id)
            else next.delete(id)
          return next
        })
      },
      selectAllMatching: () => setAllMatching(true),
      clear: () => {
        setIds(new Set())
        setAllMatching(false)
      },
    }),
    [ids, allMatching],
  )
}

/** The bulk filter of a selection: the filter alone for "all matching", else the filter narrowed to the ticked ids. */
export function selectedFilter<F extends object>(filter: F, selection: RowSelection): F & { ids?: string[] } {
  return selection.allMatching || selection.ids.size === 0 ? filter : { ...filter, ids: [...selection.ids] }
}

/** "3 selected · Select all 30 matching · Clear", above the table while anything is ticked. */
export function SelectionBar({
  selection,
  pageIds,
  total,
  noun,
}: {
  selection: RowSelection
  pageIds: string[]
  total: number | undefined
  noun: string
}) {
  const { ids, allMatching } = selection
  if (!allMatching && ids.size === 0) return null
  const wholePage = pageIds.length > 0 && pageIds.every((id) => ids.has(id))
  return (
    <div
      role="status"
      className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-accent/40 bg-accent/10 px-4 py-2 text-sm text-text"
      data-testid="selection-bar"
    >
      <span>
        {allMatching
          ? `All ${total ?? ''} matching ${noun} are selected.`
          : `${ids.size} ${ids.size === 1 ? noun.replace(/s$/, '') : noun} selected.`}
      </span>
      {!allMatching && wholePage && total !== undefined && total > ids.size ? (
        <Button variant="tertiary" size="sm" onClick={selection.selectAllMatching}>
          {`Select all ${total} matching`}
        </Button>
      ) : null}
      <Button variant="quaternary" size="sm" onClick={selection.clear}>
        Clear selection
      </Button>
    </div>
  )
}

export const PAGE_SIZES = [10, 25, 50, 100] as const

/** The page size choice under a list. */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-muted">
      Rows per page
      <select
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="rounded-lg border border-border bg-surface-2 px-2 py-1 text-text"
      >
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  )
}
