import { act, render, screen, fireEvent } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  STAFF_IDLE_LOCK_MS,
  STAFF_PIN_WRONG_MESSAGE,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { fakeFetch } from '../../../test/fake-fetch'
import type { FakeCall } from '../../../test/fake-fetch'
import { StaffPanel } from './staff-panel'
import type { useKiosk } from './use-kiosk'

const kiosk = {
  store: { kioskId: 'kiosk-9', queue: [], roster: [] },
  online: true,
  queueDepth: 0,
  submit: vi.fn(),
  drain: vi.fn(async () => {}),
  setKioskId: vi.fn(),
  discard: vi.fn(),
} as unknown as ReturnType<typeof useKiosk>

const alice = {
  submission_id: 's1',
  name: 'Alice',
  email: 'alice@example.com',
  code: 'ABC234',
  delivery: 'mailed',
  variant: 'personal',
  delivery_error: null,
  created_at: '2026-11-21T10:00:00.000Z',
}

function renderPanel() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StaffPanel kiosk={kiosk} eventId={3} />
    </QueryClientProvider>,
  )
}

/** Lets the fake server's answer and React's updates land (fake timers: nothing else moves time). */
const settle = async () => {
  for (let i = 0; i < 5; i++)
    await act(async () => {
      await Promise.resolve()
    })
}

async function unlock(pin: string) {
  fireEvent.change(screen.getByLabelText(/Staff PIN/), { target: { value: pin } })
  fireEvent.click(screen.getByRole('button', { name: 'Unlock' }))
  await settle()
}

describe('the booth’s Staff panel (issue 23)', () => {
  let calls: FakeCall[]
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    calls = fakeFetch({
      'POST /api/conference-event/3/staff/roster': (call) =>
        (call.body as { pin: string }).pin === '482913'
          ? { body: { list: [alice] } }
          : { status: 403, body: { code: 'staff_pin_wrong', message: STAFF_PIN_WRONG_MESSAGE } },
    }).calls
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('shows no attendee until the server accepts the PIN; a wrong PIN says so', async () => {
    renderPanel()
    expect(screen.getByTestId('booth-queue-depth')).toHaveTextContent('Queue: 0 waiting to send')
    expect(screen.queryByText('alice@example.com')).toBeNull()
    await unlock('111111')
    expect(screen.getByText(STAFF_PIN_WRONG_MESSAGE)).toBeInTheDocument()
    expect(screen.queryByText('alice@example.com')).toBeNull()
    await unlock('482913')
    expect(screen.getByText('alice@example.com')).toBeInTheDocument()
    expect(calls.map((c) => c.body)).toEqual([
      { pin: '111111', kiosk_id: 'kiosk-9' },
      { pin: '482913', kiosk_id: 'kiosk-9' },
    ])
  })

  it('locks again after a minute without a touch or a key, not while staff are using it; every refresh sends the PIN', async () => {
    renderPanel()
    await unlock('482913')
    expect(screen.getByText('alice@example.com')).toBeInTheDocument()

    // Activity keeps it open past a minute in all.
    await act(async () => {
      vi.advanceTimersByTime(STAFF_IDLE_LOCK_MS - 5_000)
    })
    fireEvent.keyDown(window, { key: 'a' })
    await act(async () => {
      vi.advanceTimersByTime(STAFF_IDLE_LOCK_MS - 5_000)
    })
    await settle()
    expect(screen.getByText('alice@example.com')).toBeInTheDocument()
    // The list was refreshed meanwhile, each call with the PIN.
    expect(calls.length).toBeGreaterThan(2)
    for (const c of calls) expect(c.body).toEqual({ pin: '482913', kiosk_id: 'kiosk-9' })

    // A full minute untouched: locked, the names gone, the PIN asked for again.
    await act(async () => {
      vi.advanceTimersByTime(5_001)
    })
    await settle()
    expect(screen.queryByText('alice@example.com')).toBeNull()
    expect(screen.getByLabelText(/Staff PIN/)).toHaveValue('')
    const before = calls.length
    await act(async () => {
      vi.advanceTimersByTime(20_000)
    })
    await settle()
    expect(calls).toHaveLength(before)
  })
})
