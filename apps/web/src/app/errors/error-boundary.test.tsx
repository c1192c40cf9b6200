import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { RouteErrorBoundary, SafeBoundary, ErrorViewFailed } from './error-boundary'

function Boom(): never {
  throw new Error('render failed')
}

describe('error views (SPEC §8)', () => {
  it('a page that throws shows the error view with a way out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const router = createMemoryRouter([{ path: '/', Component: Boom, ErrorBoundary: RouteErrorBoundary }])
    render(<RouterProvider router={router} />)
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByText('render failed')).toBeInTheDocument()
  })

  it("when the error view itself fails: 'An error occurred while showing the error page' and a link home", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <SafeBoundary fallback={<ErrorViewFailed />}>
        <Boom />
      </SafeBoundary>,
    )
    expect(screen.getByText('An error occurred while showing the error page')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
  })
})
