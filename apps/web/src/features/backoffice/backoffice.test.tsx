import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  adminGetBadWords,
  adminGetProfanitySetting,
  adminGetWhiteList,
  adminSetBadWords,
  adminSetProfanitySetting,
  baseProfanityBlacklist,
} from '@mouthpiece/contracts/donations/moderation.contract'
import { fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { ProfanityFilterPage } from './pages/profanity-filter-page'

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`

describe('profanity filter admin (/admin/profanity-filter)', () => {
  afterEach(() => vi.unstubAllGlobals())

  function server() {
    let bad = ['heck']
    let setting = { enabled: true, max_chars: 200 }
    return fakeFetch({
      [key(adminGetBadWords)]: () => ({ body: { words: bad } }),
      [key(adminGetWhiteList)]: () => ({ body: { words: ['scunthorpe'] } }),
      [key(adminGetProfanitySetting)]: () => ({ body: setting }),
      // The built-in list includes the admin words; the page shows only the ones that ship with the product.
      [key(baseProfanityBlacklist)]: () => ({ body: { words: ['darn', 'heck', 'drat'] } }),
      [key(adminSetBadWords)]: (c) => {
        bad = (c.body as { words: string[] }).words
        return { body: { words: bad } }
      },
      [key(adminSetProfanitySetting)]: (c) => {
        setting = { ...setting, ...(c.body as object) }
        return { body: setting }
      },
    })
  }

  it('shows the lists and saves the bad-word list one word a line', async () => {
    const fake = server()
    renderAt(<ProfanityFilterPage />, '/admin/profanity-filter')
    const bad = within(await screen.findByTestId('bad-words')).getByRole('textbox')
    expect(bad).toHaveValue('heck')
    expect(within(screen.getByTestId('white-list')).getByRole('textbox')).toHaveValue('scunthorpe')
    const builtIn = await screen.findByTestId('base-list')
    await vi.waitFor(() =>
      expect(
        within(builtIn)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['darn', 'drat']),
    )

    const save = screen.getByRole('button', { name: 'Save bad-word list' })
    expect(save).toBeDisabled()
    await userEvent.type(bad, '\n  frick  \n\n')
    await userEvent.click(save)
    expect(await screen.findByText('Bad-word list saved (2 words)')).toBeInTheDocument()
    expect(
      fake.calls.filter((c) => c.method === 'POST' && c.path === adminSetBadWords.path).map((c) => c.body),
    ).toEqual([{ words: ['heck', 'frick'] }])
  })

  it('turns the filter off with the switch', async () => {
    const fake = server()
    renderAt(<ProfanityFilterPage />, '/admin/profanity-filter')
    const toggle = await screen.findByRole('switch')
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    await userEvent.click(toggle)
    expect(await screen.findByText('Profanity filter off')).toBeInTheDocument()
    expect(
      fake.calls
        .filter((c) => c.method === 'POST' && c.path === adminSetProfanitySetting.path)
        .map((c) => c.body),
    ).toEqual([{ enabled: false }])
    await vi.waitFor(() => expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false'))
  })
})
