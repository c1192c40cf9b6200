import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SentenceCategory } from '@mouthpiece/contracts/sentences/sentences.schemas'
import { fakeFetch } from '../../../test/fake-fetch'
import { renderAt } from '../../../test/render'
import { CategoryFormModal } from './category-form-modal'

const hype: SentenceCategory = {
  id: 4,
  name: 'hype',
  display_name: 'Hype',
  order: 4,
  is_show: true,
  sentences: ["Let's go!", 'New record!'],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
}

describe('sentence category form (SPEC §4, §5, §8)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('creates with the name slugged from the display name, order 1 by default, and toasts success', async () => {
    const server = fakeFetch({
      'POST /api/admin/sentences/category': (c) => ({
        body: { category: { ...hype, ...(c.body as object), id: 9 } },
      }),
    })
    const onClose = vi.fn()
    renderAt(<CategoryFormModal open onClose={onClose} activeCount={3} minActive={3} />, '/admin/sentences')
    await userEvent.type(screen.getByLabelText('Display name'), 'Raid Welcome!')
    expect(screen.getByLabelText('Name', { exact: true })).toHaveValue('raid-welcome')
    expect(screen.getByLabelText('Order')).toHaveValue(1)
    expect(screen.getByLabelText('Order')).toHaveAttribute('min', '0')
    expect(screen.getByLabelText('Order')).toHaveAttribute('step', '1')
    // A new category may always be shown.
    expect(screen.getByRole('switch', { name: 'Show on the landing page' })).toBeEnabled()
    await userEvent.type(
      screen.getByLabelText(/Sentences/),
      'Welcome raiders!{enter}{enter}Thanks for the raid!',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Create category' }))
    expect(await screen.findByText('Create category success')).toBeInTheDocument()
    expect(onClose).toHaveBeenCalled()
    expect(server.calls[0]?.body).toEqual({
      name: 'raid-welcome',
      display_name: 'Raid Welcome!',
      order: 1,
      is_show: true,
      sentences: ['Welcome raiders!', 'Thanks for the raid!'],
    })
  })

  it('locks the name when editing and disables Show with the reason while only 3 are active', async () => {
    fakeFetch({})
    renderAt(
      <CategoryFormModal open onClose={() => {}} category={hype} activeCount={3} minActive={3} />,
      '/admin/sentences',
    )
    expect(screen.getByLabelText('Name', { exact: true })).toHaveAttribute('readonly')
    expect(screen.getByRole('switch', { name: 'Show on the landing page' })).toBeDisabled()
    expect(screen.getByRole('tooltip')).toHaveTextContent('Only at least 3 categories are active')
  })

  it('keeps Show enabled while more than 3 are active', () => {
    fakeFetch({})
    renderAt(
      <CategoryFormModal open onClose={() => {}} category={hype} activeCount={4} minActive={3} />,
      '/admin/sentences',
    )
    expect(screen.getByRole('switch', { name: 'Show on the landing page' })).toBeEnabled()
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })

  it('toasts "Create category error" and puts the server message on its field', async () => {
    fakeFetch({
      'POST /api/admin/sentences/category': () => ({
        status: 409,
        body: {
          message: 'A category named "hype" already exists',
          code: 'conflict',
          errors: { name: ['A category named "hype" already exists'] },
        },
      }),
    })
    const onClose = vi.fn()
    renderAt(<CategoryFormModal open onClose={onClose} activeCount={6} minActive={3} />, '/admin/sentences')
    await userEvent.type(screen.getByLabelText('Display name'), 'Hype')
    await userEvent.type(screen.getByLabelText(/Sentences/), 'Go go go')
    await userEvent.click(screen.getByRole('button', { name: 'Create category' }))
    expect(await screen.findByText('Create category error')).toBeInTheDocument()
    expect(screen.getByText('A category named "hype" already exists')).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
  })
})
