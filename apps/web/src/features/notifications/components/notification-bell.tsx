import { BellIcon } from '../../../components/ui/icons'

/**
 * The header's notification bell (signed-in only). The notifications feature fills this in: the
 * unseen badge, the panel and the real-time updates. Until then it is just the icon — no fake data.
 */
export function NotificationBell() {
  return (
    <button
      type="button"
      aria-label="Notifications"
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-[#c9cedb] transition-colors hover:bg-surface-2 hover:text-text focus-visible:outline-2 focus-visible:outline-accent"
    >
      <BellIcon size={22} />
    </button>
  )
}
