import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { FocusEvent } from 'react'
import { useNavigate } from 'react-router'
import { BellIcon } from '../../../components/ui/icons'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { useCurrentUser } from '../../auth'
import { badgeText, notificationTarget } from '../notification-feed'
import type { FeedItem } from '../notification-feed'
import { useNotificationFeed } from '../use-notification-feed'
import { NotificationPanel } from './notification-panel'

/** The header's notification bell (signed-in only): unseen badge, panel, real-time arrivals. */
export function NotificationBell() {
  const { data: user } = useCurrentUser()
  return user ? <Bell userId={user.id} /> : null
}

function Bell({ userId }: { userId: number }) {
  const feed = useNotificationFeed(userId)
  const navigate = useNavigate()
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const [busyId, setBusyId] = useState<number | null>(null)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const panelId = useId()

  const close = useCallback((refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }, [])

  useEffect(() => {
    if (!open) return
    panel.current?.focus()
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) close(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(true)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open, close])

  // Tabbing out of the panel closes it, as a disclosure would.
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    const next = e.relatedTarget
    if (open && next instanceof Node && !e.currentTarget.contains(next)) setOpen(false)
  }

  const openItem = async (item: FeedItem) => {
    if (busyId !== null) return
    if (!item.seen) {
      setBusyId(item.id)
      const failure = await feed.markSeen(item.id)
      setBusyId(null)
      if (failure) toast.error(failure)
    }
    const target = notificationTarget(item.type)
    if (target) {
      close(false)
      await navigate(target)
    }
  }

  const unseen = feed.feed?.unseen ?? 0
  const badge = badgeText(unseen)

  return (
    <div ref={root} className="min-[800px]:relative" onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-label={unseen > 0 ? `Notifications, ${unseen} unseen` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((v) => !v)}
        className={cn(
          'relative inline-flex h-10 w-10 items-center justify-center rounded-full transition-colors hover:bg-surface-2 hover:text-text focus-visible:outline-2 focus-visible:outline-accent',
          open ? 'bg-surface-2 text-text' : 'text-[#c9cedb]',
        )}
      >
        <BellIcon size={22} />
        {badge ? (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[11px] leading-none font-bold text-on-accent ring-2 ring-bg tabular-nums"
          >
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <NotificationPanel
          ref={panel}
          id={panelId}
          feed={feed.feed}
          isPending={feed.isPending}
          error={feed.error}
          onRetry={feed.retry}
          hasMore={feed.hasMore}
          more={feed.more}
          onLoadMore={feed.loadMore}
          busyId={busyId}
          onOpenItem={(item) => void openItem(item)}
          onClose={() => close(true)}
        />
      ) : null}
    </div>
  )
}
