import { useEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router'
import { LoadingBlock } from '../components/ui/spinner'

export interface RouteHandle {
  title?: string
}

/**
 * The top route: document title from the deepest route that names one, scroll restoration. The title
 * is written again on every committed navigation (a new location), also when it stays the same:
 * whoever watches the title (the e2e axe loop, a browser's history) sees each page change land.
 */
export function Root() {
  const matches = useMatches()
  const location = useLocation()
  const title = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean)
  useEffect(() => {
    document.title = title
      ? `${title} · Mouthpiece`
      : 'Mouthpiece — AI voice, avatar videos and stream alerts'
  }, [title, location])
  useScrollToHash()
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

/**
 * Scrolls to `#id` after navigation. Sections such as #billing render after their data loads, so
 * wait for the element (up to 3 s) instead of trying once.
 */
function useScrollToHash() {
  const { hash, key } = useLocation()
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1))
    if (!id) return
    const found = () => document.getElementById(id)
    const scroll = (el: HTMLElement) => el.scrollIntoView({ block: 'start' })
    const now = found()
    if (now) return scroll(now)
    const observer = new MutationObserver(() => {
      const el = found()
      if (!el) return
      observer.disconnect()
      scroll(el)
    })
    observer.observe(document.body, { childList: true, subtree: true })
    const timer = setTimeout(() => observer.disconnect(), 3000)
    return () => {
      observer.disconnect()
      clearTimeout(timer)
    }
  }, [hash, key])
}
