import { useEffect } from 'react'
import { Outlet, ScrollRestoration, useMatches } from 'react-router'
import { LoadingBlock } from '../components/ui/spinner'

export interface RouteHandle {
  title?: string
}

/** The top route: document title from the deepest route that names one, scroll restoration. */
export function Root() {
  const matches = useMatches()
  const title = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean)
  useEffect(() => {
    document.title = title ? `${title} · Mouthpiece` : 'Mouthpiece — AI voice, avatar videos and stream alerts'
  }, [title])
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  )
}

/** Shown while the first route's guard and page load. */
export function PageLoading() {
  return <LoadingBlock className="min-h-screen" />
}
