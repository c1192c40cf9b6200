import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import type { ColumnDef, SortingState } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { TableState } from './data-table'
import { ChevronDownIcon } from './icons'
import { Pagination } from './pagination'

export type ServerColumn<T> = ColumnDef<T> & {
  /** The server's sort key for this column; absent = not sortable. */
  sortKey?: string
  hideOnMobile?: boolean
  className?: string
}

export interface ServerTableProps<T> {
  caption: string
  columns: Array<ServerColumn<T>>
  /** One page, as the list contract answers it. */
  data:
    | { list: T[]; total: number; total_capped?: boolean; total_estimated?: boolean; lastPage: number }
    | undefined
  page: number
  onPage: (page: number) => void
  sort?: string
  dir?: 'asc' | 'desc'
  onSort?: (sortKey: string) => void
  rowKey: (row: T) => string | number
  loading?: boolean
  error?: string
  onRetry?: () => void
  emptyText?: ReactNode
  onRowClick?: (row: T) => void
}

/**
 * The admin DataTable over a server-side list (`@tanstack/react-table` in manual mode): the server
 * pages, sorts and filters; this draws the page, the sortable headers and the pager, with the
 * loading, error and empty states of `DataTable`.
 */
export function ServerTable<T>({
  caption,
  columns,
  data,
  page,
  onPage,
  sort,
  dir,
  onSort,
  rowKey,
  loading,
  error,
  onRetry,
  emptyText,
  onRowClick,
}: ServerTableProps<T>) {
  const sorting: SortingState = sort ? [{ id: sort, desc: dir !== 'asc' }] : []
  const table = useReactTable({
    data: data?.list ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    pageCount: data?.lastPage ?? -1,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize: data?.list.length ?? 0 } },
    getRowId: (row) => String(rowKey(row)),
  })
  const meta = (id: string) =>
    columns.find((c) => (c.id ?? (c as { accessorKey?: string }).accessorKey) === id)

  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-hidden rounded-xl border border-border bg-surface">
        <div className="overflow-x-auto">
          <table className="w-full min-w-full border-collapse text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-[#141720] text-xs tracking-wide text-muted uppercase">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const col = meta(header.column.id)
                    const sortKey = col?.sortKey
                    const active = sortKey !== undefined && sortKey === sort
                    const label = flexRender(header.column.columnDef.header, header.getContext())
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                        className={cn(
                          'px-4 py-3 font-medium',
                          col?.hideOnMobile && 'hidden md:table-cell',
                          col?.className,
                        )}
                      >
                        {sortKey && onSort ? (
                          <button
                            type="button"
                            onClick={() => onSort(sortKey)}
                            className={cn(
                              'inline-flex items-center gap-1 uppercase hover:text-text',
                              active && 'text-accent',
                            )}
                          >
                            {label}
                            <ChevronDownIcon
                              size={14}
                              className={cn(
                                'transition-transform',
                                !active && 'opacity-30',
                                active && dir === 'asc' && 'rotate-180',
                              )}
                            />
                          </button>
                        ) : (
                          label
                        )}
                      </th>
                    )
                  })}
                </tr>
              ))}
            </thead>
            {data?.list.length && !error ? (
              <tbody className={cn(loading && 'opacity-60')}>
                {table.getRowModel().rows.map((row) => (
                  <tr
                    key={row.id}
                    onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                    className={cn(
                      'border-t border-border/70',
                      onRowClick && 'cursor-pointer hover:bg-surface-2',
                    )}
                  >
                    {row.getVisibleCells().map((cell) => {
                      const col = meta(cell.column.id)
                      return (
                        <td
                          key={cell.id}
                          className={cn(
                            'px-4 py-3 align-middle text-[#d4d8e3]',
                            col?.hideOnMobile && 'hidden md:table-cell',
                            col?.className,
                          )}
                        >
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            ) : null}
          </table>
        </div>
        <TableState
          rows={data?.list}
          loading={loading}
          error={error}
          onRetry={onRetry}
          emptyText={emptyText}
        />
      </div>
      {data ? (
        <Pagination
          page={page}
          lastPage={data.lastPage}
          total={data.total}
          totalCapped={data.total_capped}
          totalEstimated={data.total_estimated}
          onChange={onPage}
        />
      ) : null}
    </div>
  )
}
