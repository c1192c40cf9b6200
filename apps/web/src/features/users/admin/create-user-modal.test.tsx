import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CreateUserModal } from './create-user-modal'
import { fakeFetch, sampleUser } from '../../../test/fake-fetch'
import { renderAt } from '../../../test/render'

async function fill() {
  await userEvent.type(await screen.findByLabelText('Username'), 'newbie')
  await userEvent.type(screen.getByLabelText('Email'), 'taken@example.com')
  await userEvent.type(screen.getByLabelText('Password'), 'short')
}

describe('admin create-user modal (SPEC §4, §5, §8)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the first server message of each field, clears the password and toasts the error', async () => {
    fakeFetch({
      'POST /api/admin/users/create': () => ({
        status: 422,
        body: {
          message: 'Please fix the highlighted fields',
          code: 'validation',
          errors: {
            email: ['This email is already taken', 'ignored'],
            password: ['Password must be at least 8 characters'],
          },
        },
      }),
    })
    renderAt(<CreateUserModal open onClose={() => {}} onCreated={() => {}} />, '/admin/users')
    await fill()
    await userEvent.click(screen.getByRole('button', { name: 'Create And Close' }))
    expect(await screen.findByText('This email is already taken')).toBeInTheDocument()
    expect(screen.queryByText('ignored')).not.toBeInTheDocument()
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveValue('')
    expect(screen.getByLabelText('Username')).toHaveValue('newbie')
    expect(screen.getByText('Please fix the highlighted fields', { selector: 'p' })).toBeInTheDocument()
  })

  it('Create And Edit hands over the new user with "edit"; Create And Close with "close"', async () => {
    const server = fakeFetch({
      'POST /api/admin/users/create': (c) => ({ body: { user: { ...sampleUser, ...(c.body as object) } } }),
    })
    const onCreated = vi.fn()
    renderAt(<CreateUserModal open onClose={() => {}} onCreated={onCreated} />, '/admin/users')
    await fill()
    await userEvent.click(screen.getByRole('button', { name: 'Create And Edit' }))
    await vi.waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ username: 'newbie' }), 'edit'),
    )
    expect(server.calls[0]!.body).toEqual({
      username: 'newbie',
      email: 'taken@example.com',
      password: 'short',
    })
    await fill()
    await userEvent.click(screen.getByRole('button', { name: 'Create And Close' }))
    await vi.waitFor(() => expect(onCreated).toHaveBeenLastCalledWith(expect.anything(), 'close'))
  })
})
