import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminListAuditLog } from '@mouthpiece/contracts/audit/audit.contract'
import type { AuditEntry } from '@mouthpiece/contracts/audit/audit.contract'
import { fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { AuditLogPage } from './pages/audit-log-page'

const page = (list: AuditEntry[]) => ({
  list,
  total: list.length,
  total_capped: false,
  lastPage: 1,
  page: 1,
  per_page: 20,
  actions: ['user.update', 'plan.delete'],
})
const entry = (patch: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-03-01T10:00:00.000Z',
  actor_kind: 'admin',
  actor_id: 1,
  actor_name: 'Root Admin',
  action: 'user.update',
  target_type: 'user',
  target_id: '7',
  before: null,
  after: null,
  meta: null,
  ...patch,
})

describe('audit log (/admin/audit-log)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows who did what, with the fields that changed as before → after', async () => {
    fakeFetch({
      [`GET ${adminListAuditLog.path}`]: () => ({
        body: page([
          entry({
            before: { plan: 'free', email: 'a@example.com' },
            after: { plan: 'pro', email: 'a@example.com' },
          }),
          entry({
            id: 2,
            actor_kind: 'system',
            actor_name: 'Scheduler',
            action: 'plan.delete',
            target_type: 'plan',
            target_id: 'old',
            before: { name: 'Old plan' },
          }),
        ]),
      }),
    })
    renderAt(<AuditLogPage />, '/admin/audit-log')
    const change = await screen.findByTestId('audit-change')
    // Only the field that changed is listed.
    expect(
      within(change)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['plan: free → pro'])
    const removal = screen.getByText('Scheduler').closest('tr')!
    expect(within(removal).getByText('plan.delete')).toBeInTheDocument()
    expect(within(removal).getByText('system')).toBeInTheDocument()
    expect(within(removal).getByText('Removed')).toBeInTheDocument()
    expect(within(removal).getByText('plan old')).toBeInTheDocument()
    // The action filter offers the actions the log holds.
    expect(screen.getByRole('option', { name: 'plan.delete' })).toBeInTheDocument()
  })

  it('an empty log says no admin action happened yet', async () => {
    fakeFetch({ [`GET ${adminListAuditLog.path}`]: () => ({ body: page([]) }) })
    renderAt(<AuditLogPage />, '/admin/audit-log')
    expect(await screen.findByText('No admin action yet.')).toBeInTheDocument()
  })
})
