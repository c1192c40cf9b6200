import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { KeyboardEvent, Ref } from 'react'
import { HEADER_MIN_HEIGHT_PX } from '@mouthpiece/contracts/constants'
import { Button } from '../../../components/ui/button'
import { CloseIcon } from '../../../components/ui/icons'
import { Spinner } from '../../../components/ui/spinner'
import { shouldLoadMore } from '../notification-feed'
import type { FeedItem, FeedState } from '../notification-feed'
import type { MoreState } from '../use-notification-feed'
import { NotificationItem } from './notification-item'

/** SPEC §8 empty text. */
export const EMPTY_NOTIFICATIONS_TEXT = "You don't have any notifications yet."
/** How often the ages (1S, 2M…) refresh while the panel is open. */
const AGE_TICK_MS = 10_000

export interface NotificationPanelProps {
  ref?: Ref<HTMLDivElement>
  id: string
  feed: FeedState | undefined
  isPending: boolean
  error: string | null
  onRetry: () => void
  hasMore: boolean
  more: MoreState
  onLoadMore: () => void
  busyId: number | null
  onOpenItem: (item: FeedItem) => void
  onClose: () => void
}

/** Moves focus between rows with the arrow keys, Home and End. */
function moveFocus(e: KeyboardEvent<HTMLButtonElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End']
  if (!keys.includes(e.key)) return
  const list = e.currentTarget.closest('ul')
  const rows = Array.from(list?.querySelectorAll<HTMLButtonElement>('[data-notification-item]') ?? [])
  const at = rows.indexOf(e.currentTarget)
  const to =
    e.key === 'Home'
      ? 0
      : e.key === 'End'
        ? rows.length - 1
        : e.key === 'ArrowDown'
          ? Math.min(rows.length - 1, at + 1)
          : Math.max(0, at - 1)
  e.preventDefault()
  rows[to]?.focus()
}

/**
 * The bell's panel: a dropdown under the bell on desktop, a full-width sheet under the header below
 * 800 px. Newest first, infinite loading at the 10% threshold (SPEC §9).
 */
export function NotificationPanel({
  ref,
  id,
  feed,
  isPending,
  error,
  onRetry,
  hasMore,
  more,
  onLoadMore,
  busyId,
  onOpenItem,
  onClose,
}: NotificationPanelProps) {
  const scroller = useRef<HTMLDivElement>(null)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS)
    return () => clearInterval(timer)
  }, [])

  const canLoad = Boolean(feed) && hasMore && !more.loading && !more.error
  const checkScroll = useCallback(() => {
    const el = scroller.current
    if (el && canLoad && shouldLoadMore(el)) onLoadMore()
  }, [canLoad, onLoadMore])

  // After each render with more to fetch: a list that does not fill the panel loads on by itself.
  useLayoutEffect(() => {
    checkScroll()
  }, [checkScroll, feed?.items.length])

  const items = feed?.items ?? []
  const unseen = feed?.unseen ?? 0

  return (
    <div
      ref={ref}
      id={id}
      role="dialog"
      aria-label="Notifications"
      tabIndex={-1}
      style={{ ['--header-h' as string]: `${HEADER_MIN_HEIGHT_PX}px` }}
      className={
        'absolute inset-x-0 top-full z-40 flex h-[calc(100dvh-var(--header-h))] flex-col overflow-hidden border-t border-border bg-surface shadow-2xl shadow-black/60 outline-none ' +
        'min-[800px]:inset-x-auto min-[800px]:right-0 min-[800px]:mt-2 min-[800px]:h-auto min-[800px]:max-h-[min(560px,calc(100dvh-120px))] min-[800px]:w-[400px] min-[800px]:rounded-xl min-[800px]:border min-[800px]:bg-surface-2'
      }
    >
      <div className="flex items-center gap-2 border-b border-border px-4 py-3">
        <h2 className="text-base font-semibold text-text">Notifications</h2>
        {unseen > 0 ? (
          <span
            className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent"
            data-testid="panel-unseen"
          >
            {unseen} unseen
          </span>
        ) : null}
        <button
          type="button"
          onClick={onClose}
          aria-label="Close notifications"
          className="ml-auto inline-flex h-8 w-8 items-center justify-center rounded-lg text-muted hover:bg-[#2a2f3f] hover:text-text focus-visible:outline-2 focus-visible:outline-accent"
        >
          <CloseIcon size={18} />
        </button>
      </div>

      <div
        ref={scroller}
        onScroll={checkScroll}
        data-testid="notification-scroller"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
      >
        {isPending ? (
          <div className="flex min-h-40 items-center justify-center text-accent">
            <Spinner size={24} label="Loading notifications…" />
          </div>
        ) : error && !feed ? (
          <div
            role="alert"
            className="flex min-h-40 flex-col items-center justify-center gap-3 px-6 py-8 text-center"
          >
            <p className="text-sm text-danger">{error}</p>
            <Button variant="tertiary" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 && !hasMore ? (
          <p className="flex min-h-40 items-center justify-center px-6 py-10 text-center text-sm text-muted">
            {EMPTY_NOTIFICATIONS_TEXT}
          </p>
        ) : (
          <ul aria-label="Notifications, newest first">
            {items.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                nowMs={now}
                busy={busyId === item.id}
                onOpen={onOpenItem}
                onKeyDown={moveFocus}
              />
            ))}
          </ul>
        )}
        {more.loading ? (
          <div className="flex justify-center py-3 text-accent">
            <Spinner size={18} label="Loading more…" />
          </div>
        ) : null}
        {more.error ? (
          <div role="alert" className="flex items-center justify-center gap-3 px-4 py-3 text-sm">
            <span className="text-danger">{more.error}</span>
            <Button variant="tertiary" size="sm" onClick={onLoadMore}>
              Retry
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  )
}
