import { NOTIFICATION_ASSUMED_PAGES, NOTIFICATION_LOADER_THRESHOLD } from '@mouthpiece/contracts/constants'
import type {
  Notification,
  NotificationList,
} from '@mouthpiece/contracts/notifications/notifications.schemas'
import { MANAGE_BILLING_LINK } from '../../app/paths'

/**
 * The bell's list as plain data, changed only by the pure functions below (SPEC §4, §9): pages of
 * 10 newest first, real-time arrivals on top, and the unseen counter behind the badge.
 */
export interface FeedItem extends Notification {
  /** When this page heard it in real time (epoch ms); its age counts from here. */
  receivedAt?: number
}

export interface FeedState {
  items: FeedItem[]
  /** The last page loaded; 0 before the first answer. */
  page: number
  /** Pages the server has: assumed 2 until it answers (SPEC §9). */
  totalPages: number
  unseen: number
}

export function initialFeed(): FeedState {
  return { items: [], page: 0, totalPages: NOTIFICATION_ASSUMED_PAGES, unseen: 0 }
}

export function hasMore(state: FeedState): boolean {
  return state.page < state.totalPages
}

/** The page to ask for next, or null when every page is in. */
export function nextPage(state: FeedState): number | null {
  return hasMore(state) ? state.page + 1 : null
}

/**
 * Adds the server's answer for `page`. Notifications already listed are skipped: every arrival on
 * top shifts the server's pages down by one, so a later page repeats what is already shown. An
 * answer for any other page than the next one is stale and ignored.
 */
export function withPage(state: FeedState, page: number, answer: NotificationList): FeedState {
  if (page !== state.page + 1) return state
  const known = new Set(state.items.map((n) => n.id))
  const fresh = answer.notifications.filter((n) => !known.has(n.id))
  return {
    items: [...state.items, ...fresh],
    page,
    totalPages: answer.total_pages,
    unseen: Math.max(0, answer.quantity_unseen_notification),
  }
}

/** A real-time `newNotification` (SPEC §4): on top, aged from now, counted if unseen; once per id. */
export function withReceived(state: FeedState, notification: Notification, receivedAt: number): FeedState {
  if (state.items.some((n) => n.id === notification.id)) return state
  return {
    ...state,
    items: [{ ...notification, receivedAt }, ...state.items],
    unseen: state.unseen + (notification.seen ? 0 : 1),
  }
}

/**
 * After the status update answered status 1 (SPEC §4): the notification is seen and the counter
 * drops. The server's own count wins when it sends one (another tab may have marked some seen).
 */
export function withSeen(state: FeedState, id: number, serverUnseen?: number): FeedState {
  const item = state.items.find((n) => n.id === id)
  const wasUnseen = item ? !item.seen : false
  return {
    ...state,
    items: state.items.map((n) => (n.id === id && !n.seen ? { ...n, seen: true } : n)),
    unseen:
      serverUnseen !== undefined
        ? Math.max(0, serverUnseen)
        : Math.max(0, state.unseen - (wasUnseen ? 1 : 0)),
  }
}

/** The badge text; null hides the badge (SPEC §4: hidden at 0). */
export function badgeText(unseen: number): string | null {
  if (unseen <= 0) return null
  return unseen > 99 ? '99+' : String(unseen)
}

export interface ScrollMetrics {
  scrollTop: number
  clientHeight: number
  scrollHeight: number
}

/**
 * SPEC §9 infinite loader: the next page is due once the unread part below the view is within 10%
 * of the list's height (a list too short to scroll is always due).
 */
export function shouldLoadMore(m: ScrollMetrics, threshold = NOTIFICATION_LOADER_THRESHOLD): boolean {
  const below = m.scrollHeight - m.scrollTop - m.clientHeight
  return below <= m.scrollHeight * threshold
}

/** SPEC §4: every notification type, 1 to 8, opens the billing page. */
export function notificationTarget(type: number): string | null {
  return Number.isInteger(type) && type >= 1 && type <= 8 ? MANAGE_BILLING_LINK : null
}
