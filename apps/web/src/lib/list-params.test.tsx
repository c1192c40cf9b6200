import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useListParams } from './list-params'

function Harness() {
  const list = useListParams(['keySearch', 'status'] as const)
  const location = useLocation()
  return (
    <>
      <p data-testid="url">{location.search}</p>
      {/* Two changes made by the same render's handlers, before React re-renders: a search that
          pauses and a filter picked right after it. */}
      <button
        type="button"
        onClick={() => {
          list.setFilter('keySearch', 'ops1')
          list.setFilter('status', 'enabled')
        }}
      >
        both
      </button>
    </>
  )
}

describe('useListParams', () => {
  it('keeps a change made just before another one (the search stays when a status is picked quickly)', () => {
    render(
      <MemoryRouter initialEntries={['/users?page=3']}>
        <Harness />
      </MemoryRouter>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'both' }))
    const url = new URLSearchParams(screen.getByTestId('url').textContent ?? '')
    expect(Object.fromEntries(url)).toEqual({ keySearch: 'ops1', status: 'enabled' })
  })
})
