import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet } from 'react-router'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import type { Notification } from '@mouthpiece/contracts/notifications/notifications.schemas'
import { startRealtimeTestServer } from '../../../lib/realtime-test-server'
import { saveUserSession } from '../../../lib/session'
import { closeRealtime } from '../../../lib/socket'
import { clearCookies, fakeFetch, sampleUser } from '../../../test/fake-fetch'
import type { FakeCall, FakeHandler } from '../../../test/fake-fetch'
import { renderApp } from '../../../test/render'
import { EMPTY_NOTIFICATIONS_TEXT } from './notification-panel'
import { NotificationBell } from './notification-bell'

const NOW_S = Math.floor(Date.now() / 1000)
const note = (id: number, extra: Partial<Notification> = {}): Notification => ({
  id,
  content: `Payment ${id} received.`,
  type: 1,
  seen: false,
  time_created: NOW_S - 120,
  ...extra,
})
/** The server side of the list: `all` newest first, paged by the query's limit and page. */
function listOf(all: Notification[], calls: number[] = []): FakeHandler {
  return (call: FakeCall) => {
    const limit = Number(call.query.get('limit'))
    const page = Number(call.query.get('page'))
    calls.push(page)
    return {
      body: {
        notifications: all.slice((page - 1) * limit, page * limit),
        total_pages: Math.ceil(all.length / limit),
        quantity_unseen_notification: all.filter((n) => !n.seen).length,
      },
    }
  }
}
/** The server side of the status update: marks it seen in `all` and answers the new count. */
function markSeenIn(all: Notification[]): FakeHandler {
  return (call: FakeCall) => {
    const id = (call.body as { notification: number }).notification
    const index = all.findIndex((n) => n.id === id)
    all[index] = { ...all[index]!, seen: true }
    return {
      body: { notification: all[index], quantity_unseen_notification: all.filter((n) => !n.seen).length },
    }
  }
}
const me = { 'GET /api/get-user-login': () => ({ body: { user: sampleUser } }) }

let realtime: Awaited<ReturnType<typeof startRealtimeTestServer>>
beforeAll(async () => {
  realtime = await startRealtimeTestServer({ 'tok-7': sampleUser.id })
})
afterAll(async () => {
  closeRealtime()
  await realtime.close()
})
beforeEach(() => {
  clearCookies()
  saveUserSession('tok-7')
})
afterEach(() => {
  closeRealtime()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The bell in a header over every page, as in the app shell. */
async function renderBell() {
  const view = renderApp(
    [
      {
        element: (
          <div>
            <NotificationBell />
            <Outlet />
          </div>
        ),
        children: [
          { path: '/dashboard', element: <p>Page content</p> },
          { path: '/user-settings', element: <p>Billing page</p> },
        ],
      },
    ],
    '/dashboard',
  )
  // The bell shows once the signed-in user is known.
  await screen.findByRole('button', { name: /^Notifications/ })
  return view
}
const bell = () => screen.getByRole('button', { name: /^Notifications/ })
const badge = () => screen.queryByTestId('notification-badge')
const panel = () => screen.getByRole('dialog', { name: 'Notifications' })
const rows = () =>
  within(panel())
    .queryAllByRole('button')
    .filter((b) => b.hasAttribute('data-notification-item'))

describe('notification bell', () => {
  it('shows the unseen count from the first page and hides the badge at 0', async () => {
    fakeFetch({ ...me, 'GET /api/notifications': listOf([note(3), note(2, { seen: true }), note(1)]) })
    await renderBell()
    await waitFor(() => expect(badge()).toHaveTextContent('2'))
    expect(bell()).toHaveAccessibleName('Notifications, 2 unseen')
    expect(bell()).toHaveAttribute('aria-expanded', 'false')
  })

  it('no badge and the SPEC §8 empty text when there are none', async () => {
    const user = userEvent.setup()
    fakeFetch({ ...me, 'GET /api/notifications': listOf([]) })
    await renderBell()
    await user.click(await screen.findByRole('button', { name: 'Notifications' }))
    expect(await within(panel()).findByText(EMPTY_NOTIFICATIONS_TEXT)).toBeInTheDocument()
    expect(badge()).toBeNull()
  })

  it('lists newest first with ages, unseen marked, asking for pages of 10 from page 1', async () => {
    const user = userEvent.setup()
    const server = fakeFetch({
      ...me,
      'GET /api/notifications': listOf([
        note(3, { time_created: NOW_S - 30 }),
        note(2, { seen: true, time_created: NOW_S - 3 * 3600 }),
        note(1, { time_created: NOW_S - 2 * 86_400 }),
      ]),
    })
    await renderBell()
    await user.click(bell())
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(rows().map((r) => within(r).getByTestId('notification-age').textContent)).toEqual([
      expect.stringMatching(/^3\dS$/),
      '3HR',
      '2D AGO',
    ])
    expect(rows().map((r) => r.dataset.seen)).toEqual(['false', 'true', 'false'])
    expect(rows()[0]).toHaveTextContent('Unseen: Payment 3 received.')
    const list = server.calls.find((c) => c.path === '/api/notifications')
    expect(list?.query.get('limit')).toBe('10')
    expect(list?.query.get('page')).toBe('1')
  })

  it('a failed list shows its message and can be retried', async () => {
    const user = userEvent.setup()
    let fail = true
    fakeFetch({
      ...me,
      'GET /api/notifications': (call) =>
        fail ? { status: 500, body: { message: 'Database is asleep#db' } } : listOf([note(1)])(call),
    })
    await renderBell()
    await user.click(bell())
    // The app's queries retry once, 1 s later: the message shows after that, past findBy's default 1 s.
    expect(await within(panel()).findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Database is asleep',
    )
    fail = false
    await user.click(within(panel()).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(rows()).toHaveLength(1))
  })

  describe('infinite loading', () => {
    // happy-dom does no layout: give the list a 1000 px content in a 400 px box.
    beforeEach(() => {
      const metric = (value: number) => ({
        configurable: true,
        get(this: HTMLElement) {
          return this.dataset.testid === 'notification-scroller' ? value : 0
        },
      })
      Object.defineProperty(HTMLElement.prototype, 'scrollHeight', metric(1000))
      Object.defineProperty(HTMLElement.prototype, 'clientHeight', metric(400))
    })
    afterEach(() => {
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).scrollHeight
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight
    })

    it('loads the next page only once scrolled within 10% of the bottom, until the last page', async () => {
      const user = userEvent.setup()
      const pages: number[] = []
      const all = Array.from({ length: 25 }, (_, i) => note(25 - i))
      fakeFetch({ ...me, 'GET /api/notifications': listOf(all, pages) })
      await renderBell()
      // Page 1 is asked for again once the socket is up (for whatever arrived in between).
      await waitFor(() => expect(pages).toEqual([1, 1]))
      await user.click(bell())
      await waitFor(() => expect(rows()).toHaveLength(10))
      const scroller = screen.getByTestId('notification-scroller')

      scroller.scrollTop = 400
      fireEvent.scroll(scroller)
      await new Promise((r) => setTimeout(r, 50))
      expect(pages.filter((p) => p > 1)).toEqual([])

      scroller.scrollTop = 520
      fireEvent.scroll(scroller)
      await waitFor(() => expect(rows()).toHaveLength(20))
      scroller.scrollTop = 600
      fireEvent.scroll(scroller)
      await waitFor(() => expect(rows()).toHaveLength(25))
      fireEvent.scroll(scroller)
      await new Promise((r) => setTimeout(r, 50))
      expect(pages.filter((p) => p > 1)).toEqual([2, 3])
      expect(rows()[24]).toHaveTextContent('Payment 1 received.')
    })
  })

  it('clicking an unseen one marks it seen (status 1), drops the counter and goes to billing, closing the panel', async () => {
    const user = userEvent.setup()
    const all = [note(2), note(1)]
    const server = fakeFetch({
      ...me,
      'GET /api/notifications': listOf(all),
      'POST /api/notifications/update-status': markSeenIn(all),
    })
    await renderBell()
    await waitFor(() => expect(badge()).toHaveTextContent('2'))
    await user.click(bell())
    await waitFor(() => expect(rows()).toHaveLength(2))
    await user.click(rows()[0]!)
    expect(await screen.findByText('Billing page')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(badge()).toHaveTextContent('1')
    expect(server.calls.find((c) => c.path === '/api/notifications/update-status')?.body).toEqual({
      notification: 2,
    })

    // Reopened: the row is seen now.
    await user.click(bell())
    expect(rows()[0]?.dataset.seen).toBe('true')
  })

  it('the badge hides when the last unseen one is seen; a seen one goes to billing without an update', async () => {
    const user = userEvent.setup()
    const all = [note(2), note(1, { seen: true })]
    const server = fakeFetch({
      ...me,
      'GET /api/notifications': listOf(all),
      'POST /api/notifications/update-status': markSeenIn(all),
    })
    const { router } = await renderBell()
    await waitFor(() => expect(badge()).toHaveTextContent('1'))
    await user.click(bell())
    await waitFor(() => expect(rows()).toHaveLength(2))
    await user.click(rows()[0]!)
    await screen.findByText('Billing page')
    expect(badge()).toBeNull()
    expect(router.state.location).toMatchObject({ pathname: '/user-settings', hash: '#billing' })

    await act(() => router.navigate('/dashboard'))
    await user.click(bell())
    await user.click(rows()[1]!)
    await screen.findByText('Billing page')
    expect(server.calls.filter((c) => c.path === '/api/notifications/update-status')).toHaveLength(1)
  })

  it('a failed status update leaves it unseen and says why', async () => {
    const user = userEvent.setup()
    fakeFetch({
      ...me,
      'GET /api/notifications': listOf([note(1)]),
      'POST /api/notifications/update-status': () => ({
        status: 404,
        body: { message: 'Notification not found' },
      }),
    })
    await renderBell()
    await waitFor(() => expect(badge()).toHaveTextContent('1'))
    await user.click(bell())
    await waitFor(() => expect(rows()).toHaveLength(1))
    await user.click(rows()[0]!)
    expect(await screen.findByText('Notification not found')).toBeInTheDocument()
    expect(badge()).toHaveTextContent('1')
  })

  it('a real-time notification lands on top aged 1S and raises the counter, once per id', async () => {
    const user = userEvent.setup()
    const all = [note(1)]
    const pages: number[] = []
    fakeFetch({ ...me, 'GET /api/notifications': listOf(all, pages) })
    await renderBell()
    await waitFor(() => expect(badge()).toHaveTextContent('1'))
    await waitFor(() => expect(pages).toEqual([1, 1]))
    await user.click(bell())
    await waitFor(() => expect(rows()).toHaveLength(1))

    // As the server does: the row is stored, then pushed to the user's room.
    const fresh = note(9, { content: 'Payment of $5.00 received: Tip.', time_created: NOW_S + 500 })
    all.unshift(fresh)
    realtime.emitToUser(sampleUser.id, RealtimeEvent.receiveNotification, { newNotification: fresh })
    realtime.emitToUser(sampleUser.id, RealtimeEvent.receiveNotification, { newNotification: fresh })
    realtime.emitToUser(sampleUser.id + 1, RealtimeEvent.receiveNotification, { newNotification: note(10) })
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows()[0]).toHaveTextContent('Payment of $5.00 received: Tip.')
    expect(within(rows()[0]!).getByTestId('notification-age')).toHaveTextContent('1S')
    await new Promise((r) => setTimeout(r, 100))
    expect(rows()).toHaveLength(2)
    expect(badge()).toHaveTextContent('2')
    expect(bell()).toHaveAccessibleName('Notifications, 2 unseen')
  })

  it('closes on Escape (focus back on the bell) and on a click outside; arrows move between rows', async () => {
    const user = userEvent.setup()
    fakeFetch({ ...me, 'GET /api/notifications': listOf([note(2), note(1)]) })
    await renderBell()
    await user.click(bell())
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(bell()).toHaveAttribute('aria-expanded', 'true')
    expect(panel()).toHaveFocus()
    await user.keyboard('{Tab}')
    rows()[0]!.focus()
    await user.keyboard('{ArrowDown}')
    expect(rows()[1]).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(rows()[0]).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(bell()).toHaveFocus()

    await user.keyboard('{Enter}')
    expect(panel()).toBeInTheDocument()
    await user.click(screen.getByText('Page content'))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
