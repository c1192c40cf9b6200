import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import type { ColumnDef, SortingState } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { TableState } from './data-table'
import { ChevronDownIcon } from './icons'
import { Pagination } from './pagination'
import { PageSizeSelect } from './row-selection'
import type { RowSelection } from './row-selection'

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
  /** Row checkboxes (and one for the page) feeding a bulk action; `rowLabel` names a row for its checkbox. */
  selection?: RowSelection
  rowLabel?: (row: T) => string
  /** The page size choice: the size in force and how to change it. */
  perPage?: number
  onPerPage?: (n: number) => void
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
  selection,
  rowLabel,
  perPage,
  onPerPage,
}: ServerTableProps<T>) {
  const pageIds = (data?.list ?? []).map((r) => String(rowKey(r)))
  const ticked = (id: string) => Boolean(selection && (selection.allMatching || selection.ids.has(id)))
  const pageTicked = pageIds.length > 0 && pageIds.every(ticked)
  const checkboxClass = 'h-4 w-4 cursor-pointer accent-[var(--color-accent)]'
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
                  {selection ? (
                    <th scope="col" className="w-10 px-4 py-3">
                      <input
                        type="checkbox"
                        aria-label="Select every row on this page"
                        className={checkboxClass}
                        checked={pageTicked}
                        onChange={(e) => selection.togglePage(pageIds, e.target.checked)}
                      />
                    </th>
                  ) : null}
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
                    {selection ? (
                      <td className="w-10 px-4 py-3 align-middle" onClick={(e) => e.stopPropagation()}>
                        <input
                          type="checkbox"
                          aria-label={`Select ${rowLabel ? rowLabel(row.original) : row.id}`}
                          className={checkboxClass}
                          checked={ticked(row.id)}
                          onChange={(e) => selection.toggle(row.id, e.target.checked)}
                        />
                      </td>
                    ) : null}
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
      {data && onPerPage ? (
        <div className="flex justify-end">
          <PageSizeSelect value={perPage ?? data.list.length} onChange={onPerPage} />
        </div>
      ) : null}
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
