import { Button } from './button'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'

export interface PaginationProps {
  page: number
  lastPage: number
  total?: number
  onChange: (page: number) => void
}

/** Previous / next with the position; hidden when everything fits on one page. */
export function Pagination({ page, lastPage, total, onChange }: PaginationProps) {
  if (lastPage <= 1) return total !== undefined ? <p className="text-sm text-muted">{total} in total</p> : null
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted">
        Page {page} of {lastPage}
        {total !== undefined ? ` · ${total} in total` : ''}
      </p>
      <div className="flex gap-2">
        <Button variant="tertiary" size="sm" disabled={page <= 1} onClick={() => onChange(page - 1)} icon={<ChevronLeftIcon size={16} />}>
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
