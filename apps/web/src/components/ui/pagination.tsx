import { Button } from './button'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'

export interface PaginationProps {
  page: number
  lastPage: number
  total?: number
  /** The server stopped counting at `total`: shown as "10,000+". */
  totalCapped?: boolean
  /** `total` is the database's estimate (a huge filtered set): shown as "about N". */
  totalEstimated?: boolean
  onChange: (page: number) => void
}

/** Previous / next with the position; hidden when everything fits on one page. */
export function Pagination({
  page,
  lastPage,
  total,
  totalCapped,
  totalEstimated,
  onChange,
}: PaginationProps) {
  const count =
    total === undefined
      ? undefined
      : `${totalEstimated ? 'about ' : ''}${total.toLocaleString('en-US')}${totalCapped ? '+' : ''}`
  if (lastPage <= 1)
    return count !== undefined ? <p className="text-sm text-muted">{count} in total</p> : null
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted">
        Page {page} of {totalEstimated ? 'about ' : ''}
        {lastPage}
        {totalCapped ? '+' : ''}
        {count !== undefined ? ` · ${count} in total` : ''}
      </p>
      <div className="flex gap-2">
        <Button
          variant="tertiary"
          size="sm"
          disabled={page <= 1}
          onClick={() => onChange(page - 1)}
          icon={<ChevronLeftIcon size={16} />}
        >
          Previous
        </Button>
        <Button variant="tertiary" size="sm" disabled={page >= lastPage} onClick={() => onChange(page + 1)}>
          Next
          <ChevronRightIcon size={16} />
        </Button>
      </div>
    </nav>
  )
}
