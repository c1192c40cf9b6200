import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useListParams } from '../../lib/list-params'
import { ServerTable } from './server-table'
import type { ServerColumn } from './server-table'

interface Row {
  id: number
  name: string
}
const columns: Array<ServerColumn<Row>> = [
  { id: 'name', header: 'Name', sortKey: 'name', cell: ({ row }) => row.original.name },
  { id: 'id', header: 'ID', cell: ({ row }) => row.original.id },
]

function Harness({
  data,
}: {
  data: { list: Row[]; total: number; total_capped?: boolean; total_estimated?: boolean; lastPage: number }
}) {
  const list = useListParams(['q'] as const)
  const location = useLocation()
  return (
    <>
      <p data-testid="url">{location.search}</p>
      <button type="button" onClick={() => list.setFilter('q', 'ann')}>
        filter
      </button>
      <ServerTable
        caption="People"
        columns={columns}
        data={data}
        page={list.page}
        onPage={list.setPage}
        sort={list.sort}
        dir={list.dir}
        onSort={(k) => list.setSort(k)}
        rowKey={(r) => r.id}
      />
    </>
  )
}

describe('ServerTable with the list state in the URL', () => {
  const data = {
    list: [
      { id: 1, name: 'Ann' },
      { id: 2, name: 'Bob' },
    ],
    total: 10_000,
    total_capped: true,
    lastPage: 3,
  }

  it('shows an estimated total as "about N"', () => {
    render(
      <MemoryRouter initialEntries={['/people']}>
        <Harness
          data={{ ...data, total: 1_000_000, total_capped: false, total_estimated: true, lastPage: 40_000 }}
        />
      </MemoryRouter>,
    )
    expect(screen.getByText('Page 1 of about 40000 · about 1,000,000 in total')).toBeInTheDocument()
  })

  it('sorts by a column (asc, then desc), pages, and a filter goes back to page 1', async () => {
    render(
      <MemoryRouter initialEntries={['/people?page=2']}>
        <Harness data={data} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('table', { name: 'People' })).toHaveTextContent('Ann')
    expect(screen.getByText('Page 2 of 3+ · 10,000+ in total')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Name' }))
    expect(screen.getByTestId('url')).toHaveTextContent('?sort=name&dir=asc')
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending')
    await userEvent.click(screen.getByRole('button', { name: 'Name' }))
    expect(screen.getByTestId('url')).toHaveTextContent('dir=desc')
    await userEvent.click(screen.getByRole('button', { name: /Next/ }))
    expect(screen.getByTestId('url')).toHaveTextContent('page=2')
    await userEvent.click(screen.getByRole('button', { name: 'filter' }))
    expect(screen.getByTestId('url')).toHaveTextContent('q=ann')
    expect(screen.getByTestId('url')).not.toHaveTextContent('page=')
  })

  it('shows the empty text when the page has no rows', () => {
    render(
      <MemoryRouter>
        <ServerTable
          caption="People"
          columns={columns}
          data={{ list: [], total: 0, lastPage: 1 }}
          page={1}
          onPage={() => {}}
          rowKey={(r) => r.id}
          emptyText="Nobody here."
        />
      </MemoryRouter>,
    )
    expect(screen.getByText('Nobody here.')).toBeInTheDocument()
  })
})
