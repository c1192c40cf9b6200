import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeFetch, sampleUser } from '../../../test/fake-fetch'
import { renderAt } from '../../../test/render'
import { UsersPage } from './users-page'

const users = Array.from({ length: 10 }, (_, i) => ({ ...sampleUser, id: i + 1, username: `fan${i + 1}` }))

describe('users admin list: ticked rows, select all matching, page size', () => {
  afterEach(() => vi.unstubAllGlobals())

  function server() {
    return fakeFetch({
      'GET /api/admin/users': (c) => {
        const per = Number(c.query.get('per_page') ?? 10)
        return { body: { list: users.slice(0, per), total: 30, lastPage: Math.ceil(30 / per) } }
      },
      'POST /api/admin/bulk-actions/preview': (c) => ({
        body: { count: (c.body as { filter: { ids?: string[] } }).filter.ids?.length ?? 30 },
      }),
    })
  }

  it('the dry run counts only the ticked rows; "select all 30 matching" sends the filter alone', async () => {
    const fake = server()
    renderAt(<UsersPage />, '/admin/users?keySearch=fan')
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select fan2' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select fan5' }))
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('2 users selected.')

    await userEvent.click(screen.getByRole('button', { name: 'Bulk action…' }))
    const dialog = screen.getByRole('dialog')
    expect(dialog).toHaveTextContent('Applies to the 2 users you selected')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dry run: count matching users' }))
    expect(await within(dialog).findByTestId('bulk-dry-run')).toHaveTextContent('This will disable 2 users')
    const preview = fake.calls.find((c) => c.path === '/api/admin/bulk-actions/preview')
    expect(preview?.body).toMatchObject({ filter: { keySearch: 'fan', ids: ['2', '5'] } })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }))
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('10 users selected.')
    await userEvent.click(screen.getByRole('button', { name: 'Select all 30 matching' }))
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('All 30 matching users are selected.')
    await userEvent.click(screen.getByRole('button', { name: 'Bulk action…' }))
    expect(screen.getByRole('dialog')).toHaveTextContent('every user matching the search “fan”, on all pages')
  })

  it('a page size choice asks the server for that many rows and goes back to page 1', async () => {
    const fake = server()
    renderAt(<UsersPage />, '/admin/users?page=2')
    await screen.findByRole('checkbox', { name: 'Select fan1' })
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '25')
    await vi.waitFor(() => expect(fake.calls.at(-1)?.query.get('per_page')).toBe('25'))
    expect(fake.calls.at(-1)?.query.get('page')).toBe('1')
  })
})
