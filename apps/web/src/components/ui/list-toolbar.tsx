import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import { Button } from './button'
import { TextInput } from './field'
import { SearchIcon } from './icons'

const SEARCH_DELAY_MS = 300

/** A search box that reports what was typed once typing pauses (the list's URL changes then, not per key). */
export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string
  onChange: (v: string | undefined) => void
  label: string
  placeholder?: string
}) {
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  useEffect(() => {
    if (text.trim() === value) return
    const timer = setTimeout(() => onChange(text.trim() || undefined), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, value, onChange])
  return (
    <div className="relative w-full sm:max-w-xs">
      <SearchIcon
        size={18}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted"
      />
      <TextInput
        type="search"
        aria-label={label}
        placeholder={placeholder ?? label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="pl-10"
      />
    </div>
  )
}

/** A labelled select of a list filter; the empty option means "any". */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  anyLabel = 'Any',
}: {
  label: string
  value: string | undefined
  options: Array<{ value: string; label: string }>
  onChange: (v: string | undefined) => void
  anyLabel?: string
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-muted">
      <span className="whitespace-nowrap">{label}</span>
      <select
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        className="h-10 rounded-lg border border-border bg-[#0f1218] px-3 text-sm text-text focus:border-accent focus:outline-none"
      >
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** A date bound of a range filter (YYYY-MM-DD). */
export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string
  value: string | undefined
  onChange: (v: string | undefined) => void
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-muted">
      <span className="whitespace-nowrap">{label}</span>
      <input
        type="date"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        className="h-10 rounded-lg border border-border bg-[#0f1218] px-3 text-sm text-text [color-scheme:dark] focus:border-accent focus:outline-none"
      />
    </label>
  )
}

/** The part of a list's URL state (lib/list-params) the toolbar reads and changes. */
export interface ToolbarList<K extends string> {
  filters: Partial<Record<K, string>>
  setFilter: (key: K, value: string | undefined) => void
  clear: () => void
}

/**
 * The row above an admin list: the search box, the list's own filters (children), a from/to date
 * range and "Clear filters" while any filter is set on the left; actions (export, bulk) on the
 * right; wraps on narrow screens.
 */
export function ListToolbar<K extends string>({
  list,
  search,
  dates,
  children,
  actions,
}: {
  list?: ToolbarList<K>
  search?: { key: K; label: string; placeholder?: string }
  /** The keys of the from and to bounds. */
  dates?: readonly [K, K]
  children?: ReactNode
  actions?: ReactNode
}) {
  const filtered = !!list && Object.values(list.filters).some(Boolean)
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex flex-wrap items-center gap-3">
        {list && search ? (
          <SearchBox
            label={search.label}
            placeholder={search.placeholder}
            value={list.filters[search.key] ?? ''}
            onChange={(v) => list.setFilter(search.key, v)}
          />
        ) : null}
        {children}
        {list && dates ? (
          <>
            <DateFilter
              label="From"
              value={list.filters[dates[0]]}
              onChange={(v) => list.setFilter(dates[0], v)}
            />
            <DateFilter
              label="To"
              value={list.filters[dates[1]]}
              onChange={(v) => list.setFilter(dates[1], v)}
            />
          </>
        ) : null}
        {filtered ? (
          <Button variant="quaternary" size="sm" onClick={list.clear}>
            Clear filters
          </Button>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2 lg:shrink-0">{actions}</div> : null}
    </div>
  )
}
