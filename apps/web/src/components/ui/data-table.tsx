import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { Button } from './button'
import { AlertIcon } from './icons'
import { Spinner } from './spinner'

export interface Column<T> {
  key: string
  header: ReactNode
  cell: (row: T) => ReactNode
  className?: string
  /** Hidden below the md breakpoint to keep narrow screens readable. */
  hideOnMobile?: boolean
}

export interface DataTableProps<T> {
  columns: Array<Column<T>>
  rows: T[] | undefined
  rowKey: (row: T) => string | number
  loading?: boolean
  /** A failure message; shows the error state with a retry. */
  error?: string
  onRetry?: () => void
  emptyText?: ReactNode
  onRowClick?: (row: T) => void
  caption?: string
}

/** What a table shows instead of rows: the error (with retry), loading, or the empty text. Null when there are rows. */
export function TableState<T>({
  rows,
  loading,
  error,
  onRetry,
  emptyText = 'Nothing here yet.',
}: Pick<DataTableProps<T>, 'rows' | 'loading' | 'error' | 'onRetry' | 'emptyText'>) {
  if (error)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <AlertIcon size={28} className="text-danger" />
        <p className="text-sm text-[#c9cedb]">{error}</p>
        {onRetry ? (
          <Button variant="tertiary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </div>
    )
  if (loading && !rows?.length)
    return (
      <div className="flex justify-center py-12 text-accent">
        <Spinner size={26} label="Loading…" />
      </div>
    )
  if (!rows?.length) return <p className="py-12 text-center text-sm text-muted">{emptyText}</p>
  return null
}

/** A table with its three other states: loading, error (with retry) and empty. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  error,
  onRetry,
  emptyText = 'Nothing here yet.',
  onRowClick,
  caption,
}: DataTableProps<T>) {
  const state = TableState({ rows, loading, error, onRetry, emptyText })

  return (
    <div className="overflow-hidden rounded-xl border border-border bg-surface">
      <div className="overflow-x-auto">
        <table className="w-full min-w-full border-collapse text-left text-sm">
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className="bg-[#141720] text-xs tracking-wide text-muted uppercase">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={cn(
                    'px-4 py-3 font-medium',
                    c.hideOnMobile && 'hidden md:table-cell',
                    c.className,
                  )}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          {state ? null : (
            <tbody className={cn(loading && 'opacity-60')}>
              {rows?.map((row) => (
                <tr
                  key={rowKey(row)}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  className={cn(
                    'border-t border-border/70',
                    onRowClick && 'cursor-pointer hover:bg-surface-2',
                  )}
                >
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      className={cn(
                        'px-4 py-3 align-middle text-[#d4d8e3]',
                        c.hideOnMobile && 'hidden md:table-cell',
                        c.className,
                      )}
                    >
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          )}
        </table>
      </div>
      {state}
    </div>
  )
}
