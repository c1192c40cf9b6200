import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminMetaAccounts } from '@mouthpiece/contracts/adimport/meta-ads.contract'
import { fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { MetaAccountsAdminPage } from './admin/meta-accounts-page'

const account = {
  id: 'act_101',
  name: 'Spring launch',
  currency: 'USD',
  status: 'ACTIVE',
  amount_spent: 120.5,
  connected: true,
  last_import: null,
  db_id: 1,
  meta_user: 'Ada Meta',
  username: 'streamer',
  rows: 1234,
}

describe('Meta accounts admin (/admin/meta-accounts)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists the connected ad accounts, who connected them and their rows; CSV only when there are rows', async () => {
    const server = fakeFetch({
      [`GET ${adminMetaAccounts.path}`]: () => ({
        body: {
          list: [
            account,
            {
              ...account,
              id: 'act_202',
              name: 'Old test',
              connected: false,
              status: null,
              db_id: 2,
              username: null,
              rows: 0,
            },
          ],
          total: 2,
          lastPage: 1,
        },
      }),
    })
    renderAt(<MetaAccountsAdminPage />, '/admin/meta-accounts')
    const spring = (await screen.findByText('Spring launch')).closest('tr')!
    expect(within(spring).getByText('act_101')).toBeInTheDocument()
    expect(within(spring).getByText('streamer')).toBeInTheDocument()
    expect(within(spring).getByText('tracked')).toBeInTheDocument()
    expect(within(spring).getByText((1234).toLocaleString())).toBeInTheDocument()
    expect(within(spring).getByRole('button', { name: 'CSV' })).toBeEnabled()
    const old = screen.getByText('Old test').closest('tr')!
    expect(within(old).getByText('not signed in')).toBeInTheDocument()
    expect(within(old).getByText('seen')).toBeInTheDocument()
    expect(within(old).getByRole('button', { name: 'CSV' })).toBeDisabled()
    expect(server.calls[0]!.query.get('page')).toBe('1')
  })

  it('says so when no account is connected yet', async () => {
    fakeFetch({ [`GET ${adminMetaAccounts.path}`]: () => ({ body: { list: [], total: 0, lastPage: 1 } }) })
    renderAt(<MetaAccountsAdminPage />, '/admin/meta-accounts')
    expect(await screen.findByText('No Meta ad accounts yet.')).toBeInTheDocument()
  })
})
