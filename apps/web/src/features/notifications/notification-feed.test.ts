import { describe, expect, it } from 'vitest'
import type {
  Notification,
  NotificationList,
} from '@mouthpiece/contracts/notifications/notifications.schemas'
import {
  badgeText,
  hasMore,
  initialFeed,
  nextPage,
  notificationTarget,
  shouldLoadMore,
  withPage,
  withReceived,
  withSeen,
} from './notification-feed'

const note = (id: number, seen = false): Notification => ({
  id,
  content: `Note ${id}`,
  type: 1,
  seen,
  time_created: 1_800_000_000 + id,
})
/** Ids newest first, e.g. range(25, 16) = 25…16. */
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => note(from - i))
const answer = (notifications: Notification[], total_pages: number, unseen: number): NotificationList => ({
  notifications,
  total_pages,
  quantity_unseen_notification: unseen,
})

describe('paging (SPEC §9)', () => {
  it('starts before page 1, assuming 2 pages until the server says otherwise', () => {
    const s = initialFeed()
    expect(s).toMatchObject({ page: 0, totalPages: 2, items: [], unseen: 0 })
    expect(nextPage(s)).toBe(1)
  })

  it('follows the server’s total_pages: 25 notifications are 3 pages, then no more', () => {
    let s = withPage(initialFeed(), 1, answer(range(25, 16), 3, 25))
    expect(s.items.map((n) => n.id)).toEqual(range(25, 16).map((n) => n.id))
    expect(nextPage(s)).toBe(2)
    s = withPage(s, 2, answer(range(15, 6), 3, 25))
    s = withPage(s, 3, answer(range(5, 1), 3, 25))
    expect(s.items).toHaveLength(25)
    expect(hasMore(s)).toBe(false)
    expect(nextPage(s)).toBeNull()
  })

  it('a single page or none: nothing more to load after page 1', () => {
    expect(hasMore(withPage(initialFeed(), 1, answer(range(4, 1), 1, 4)))).toBe(false)
    const empty = withPage(initialFeed(), 1, answer([], 0, 0))
    expect(empty.items).toEqual([])
    expect(hasMore(empty)).toBe(false)
  })

  it('skips what is already listed when arrivals on top shifted the server’s pages', () => {
    let s = withPage(initialFeed(), 1, answer(range(20, 11), 2, 0))
    s = withReceived(s, note(21), 1)
    // Page 2 now starts one later on the server: it repeats 11.
    s = withPage(s, 2, answer(range(11, 2), 3, 1))
    expect(s.items.map((n) => n.id)).toEqual(range(21, 2).map((n) => n.id))
    expect(new Set(s.items.map((n) => n.id)).size).toBe(s.items.length)
  })

  it('ignores an answer for a page other than the next one', () => {
    const s = withPage(initialFeed(), 1, answer(range(20, 11), 2, 3))
    expect(withPage(s, 1, answer(range(20, 11), 2, 3))).toBe(s)
    expect(withPage(s, 3, answer(range(5, 1), 3, 3))).toBe(s)
  })
})

describe('infinite loader threshold (10%)', () => {
  it('is due within 10% of the list height from the bottom', () => {
    expect(shouldLoadMore({ scrollHeight: 1000, clientHeight: 400, scrollTop: 0 })).toBe(false)
    expect(shouldLoadMore({ scrollHeight: 1000, clientHeight: 400, scrollTop: 499 })).toBe(false)
    expect(shouldLoadMore({ scrollHeight: 1000, clientHeight: 400, scrollTop: 500 })).toBe(true)
    expect(shouldLoadMore({ scrollHeight: 1000, clientHeight: 400, scrollTop: 600 })).toBe(true)
  })
  it('a list that does not fill its box is always due', () => {
    expect(shouldLoadMore({ scrollHeight: 300, clientHeight: 400, scrollTop: 0 })).toBe(true)
  })
})

describe('unseen counter and badge (SPEC §4)', () => {
  it('the badge hides at 0 and caps its text', () => {
    expect(badgeText(0)).toBeNull()
    expect(badgeText(-1)).toBeNull()
    expect(badgeText(3)).toBe('3')
    expect(badgeText(99)).toBe('99')
    expect(badgeText(100)).toBe('99+')
  })

  it('marking seen flips the row and takes the server’s count', () => {
    const s = withPage(initialFeed(), 1, answer([note(2), note(1)], 1, 2))
    const after = withSeen(s, 2, 1)
    expect(after.items.find((n) => n.id === 2)?.seen).toBe(true)
    expect(after.items.find((n) => n.id === 1)?.seen).toBe(false)
    expect(after.unseen).toBe(1)
    expect(withSeen(after, 1, 0).unseen).toBe(0)
  })

  it('without a server count the counter drops by one, once, never below 0', () => {
    const s = withPage(initialFeed(), 1, answer([note(2), note(1, true)], 1, 1))
    const once = withSeen(s, 2)
    expect(once.unseen).toBe(0)
    expect(withSeen(once, 2).unseen).toBe(0)
    expect(withSeen(once, 1).unseen).toBe(0)
  })
})

describe('real-time arrivals (SPEC §4)', () => {
  it('go on top, stamped with their arrival, and raise the counter', () => {
    const s = withPage(initialFeed(), 1, answer([note(2), note(1)], 1, 2))
    const after = withReceived(s, note(3), 42)
    expect(after.items.map((n) => n.id)).toEqual([3, 2, 1])
    expect(after.items[0]?.receivedAt).toBe(42)
    expect(after.unseen).toBe(3)
  })
  it('count once per id, and a seen one does not raise the counter', () => {
    const s = withReceived(withPage(initialFeed(), 1, answer([note(1)], 1, 1)), note(3), 1)
    expect(withReceived(s, note(3), 2)).toBe(s)
    expect(withReceived(s, note(1), 2)).toBe(s)
    expect(withReceived(s, note(4, true), 2).unseen).toBe(2)
  })
})

describe('where a notification leads', () => {
  it('types 1 to 8 open the billing page', () => {
    for (let type = 1; type <= 8; type++) expect(notificationTarget(type)).toBe('/user-settings#billing')
    expect(notificationTarget(0)).toBeNull()
    expect(notificationTarget(9)).toBeNull()
  })
})
