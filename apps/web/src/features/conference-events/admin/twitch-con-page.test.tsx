import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type {
  ConferenceEvent,
  Submission,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { fakeFetch } from '../../../test/fake-fetch'
import { renderAt } from '../../../test/render'
import { TwitchConPage } from './twitch-con-page'

const event = (id: number, name: string, submissions: number): ConferenceEvent => ({
  id,
  name,
  starts_on: '2026-10-16',
  ends_on: '2026-10-18',
  fields: [],
  consent_text: 'I agree.',
  greeting_template: 'Hi {name}!',
  influencer_id: 'mira',
  voice_id: null,
  generic_clip: { render_id: null, status: 'none', video_url: null },
  has_staff_pin: false,
  submissions,
  created_at: '2026-10-01T10:00:00Z',
  updated_at: '2026-10-01T10:00:00Z',
})
const attendee = (n: number): Submission => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  event_id: 1,
  name: `Fan ${n}`,
  email: `fan${n}@example.com`,
  answers: {},
  kiosk_id: 'kiosk-1',
  code: `ABC23${n}`,
  variant: 'personal',
  delivery: 'mailed',
  delivery_error: null,
  render_id: null,
  agreed_at: '2026-10-16T10:00:00Z',
  consent_sha256: 'x',
  created_at: '2026-10-16T10:00:00Z',
  ready_at: null,
  mailed_at: null,
})

/** A tiny server: two events, three attendees in the first; the delete calls really remove them. */
function server() {
  let events = [event(1, 'TwitchCon Rotterdam', 3), event(2, 'TwitchCon San Diego', 0)]
  let subs = [attendee(1), attendee(2), attendee(3)]
  const counted = () => events.map((e) => (e.id === 1 ? { ...e, submissions: subs.length } : e))
  return fakeFetch({
    'GET /api/admin/conference-events': () => ({ body: { events: counted() } }),
    'GET /api/admin/conference-events/1/submissions': () => ({
      body: { list: subs, total: subs.length, lastPage: 1 },
    }),
    'GET /api/admin/conference-events/2/submissions': () => ({ body: { list: [], total: 0, lastPage: 1 } }),
    'POST /api/admin/conference-events/1/submissions/delete': (c) => {
      const ids = (c.body as { ids?: string[] }).ids
      const before = subs.length
      subs = ids ? subs.filter((s) => !ids.includes(s.id)) : []
      return { body: { deleted: before - subs.length } }
    },
    'POST /api/admin/conference-events/1/delete': () => {
      events = events.filter((e) => e.id !== 1)
      return { body: { deleted: 1 } }
    },
  })
}

describe('TwitchCon booth admin: deleting attendees and events', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('deletes the ticked attendees after a confirmation naming them and what goes, then refreshes the list', async () => {
    const fake = server()
    renderAt(<TwitchConPage />, '/admin/twitch-con')
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Fan 2' }))
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('1 attendee selected.')
    const open = screen.getByRole('button', { name: 'Delete selected (1)' })
    await userEvent.click(open)

    const dialog = screen.getByRole('dialog', { name: 'Delete 1 attendee?' })
    expect(dialog).toHaveTextContent('Fan 2: deleted for good with their kiosk photos, their personal clips')
    // Cancel changes nothing and gives focus back to the button.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(open).toHaveFocus()
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false)

    await userEvent.keyboard('{Enter}')
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete attendees' }),
    )
    expect(await screen.findByText('Deleted 1 attendee of TwitchCon Rotterdam')).toBeInTheDocument()
    const call = fake.calls.find((c) => c.path.endsWith('/submissions/delete'))
    expect(call?.body).toEqual({ ids: [attendee(2).id] })
    await waitFor(() => expect(screen.queryByText('Fan 2')).not.toBeInTheDocument())
    expect(screen.getByText('Fan 1')).toBeInTheDocument()
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Attendees' })).toHaveFocus()
  })

  it('"Delete all attendees" sends no ids and empties the list; the event stays', async () => {
    const fake = server()
    renderAt(<TwitchConPage />, '/admin/twitch-con')
    await screen.findByText('Fan 1')
    await userEvent.click(screen.getByRole('button', { name: 'Delete all attendees' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete every attendee of TwitchCon Rotterdam?' })
    expect(dialog).toHaveTextContent('All 3 attendees are deleted for good')
    expect(dialog).toHaveTextContent('The event and its generic clip stay.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete all attendees' }))
    expect(await screen.findByText('Deleted 3 attendees of TwitchCon Rotterdam')).toBeInTheDocument()
    expect(fake.calls.find((c) => c.path.endsWith('/submissions/delete'))?.body).toEqual({})
    expect(
      await screen.findByText('No attendees yet. Open the kiosk to take the first one.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: /TwitchCon Rotterdam/ })).toBeInTheDocument()
  })

  it('"Delete event" confirms what goes, deletes it and goes back to the remaining events', async () => {
    const fake = server()
    renderAt(<TwitchConPage />, '/admin/twitch-con?event=1')
    await screen.findByText('Fan 1')
    await userEvent.click(screen.getByRole('button', { name: 'Delete event' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete TwitchCon Rotterdam?' })
    expect(dialog).toHaveTextContent(
      'The event is deleted for good with its 3 attendees, their kiosk photos, their personal clips and their consent entries, and its generic clip.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete event' }))
    expect(await screen.findByText('Deleted TwitchCon Rotterdam')).toBeInTheDocument()
    expect(
      fake.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/conference-events/1/delete'),
    ).toBe(true)
    await waitFor(() => expect(screen.queryByRole('tab', { name: /Rotterdam/ })).not.toBeInTheDocument())
    const left = screen.getByRole('tab', { name: /TwitchCon San Diego/ })
    expect(left).toHaveAttribute('aria-selected', 'true')
    await waitFor(() => expect(left).toHaveFocus())
  })
})
