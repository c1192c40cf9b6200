import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { RouteObject } from 'react-router'
import { ToastProvider } from '../components/ui/toast'
import { queryClient } from '../lib/query-client'

/** Renders with the app's providers (the app's own query cache, cleared first) inside a memory router. */
export function renderApp(routes: RouteObject[], initialPath = '/') {
  queryClient.clear()
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  )
  return { ...view, router }
}

/** One element at `path`, plus any other routes it navigates to. */
export function renderAt(element: ReactElement, path = '/', extra: RouteObject[] = []) {
  return renderApp(
    [{ path: path.split('?')[0], element }, ...extra, { path: '*', element: <p>elsewhere</p> }],
    path,
  )
}
