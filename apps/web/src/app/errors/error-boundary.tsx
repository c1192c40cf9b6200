import { Component } from 'react'
import type { ErrorInfo, ReactNode } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { NotFoundView } from './not-found'
import { Button } from '../../components/ui/button'
import { AlertIcon } from '../../components/ui/icons'

/** The last resort when the error view itself throws (SPEC §8); plain markup, a real link home. */
export function ErrorViewFailed() {
  return (
    <div
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <p className="text-lg text-text">An error occurred while showing the error page</p>
      <a href="/" className="text-accent underline underline-offset-4">
        Go to the home page
      </a>
    </div>
  )
}

/** Catches a failure while rendering its children and shows `fallback` instead. */
export class SafeBoundary extends Component<
  { children: ReactNode; fallback: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Error view failed', error, info.componentStack)
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}

export function ErrorView({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />
  const detail =
    error instanceof Error
      ? error.message
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : undefined
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-6 text-center">
      <AlertIcon size={40} className="text-accent" />
      <h1 className="mt-4 text-2xl font-semibold text-text">Something went wrong</h1>
      <p className="mt-2 max-w-md text-muted">
        The page hit an unexpected problem. Reloading usually fixes it.
      </p>
      {detail ? <p className="mt-3 max-w-md font-mono text-xs break-words text-faint">{detail}</p> : null}
      <div className="mt-6 flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <a
          href="/"
          className="inline-flex h-10 items-center rounded-lg border border-border px-4 text-sm text-text hover:bg-surface-2"
        >
          Home
        </a>
      </div>
    </div>
  )
}

/** The router's error element: the not-found view for 404s, an error view otherwise. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  return (
    <SafeBoundary fallback={<ErrorViewFailed />}>
      <ErrorView error={error} />
    </SafeBoundary>
  )
}
