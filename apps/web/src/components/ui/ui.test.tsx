import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmationModal } from './confirmation-modal'
import { DataTable } from './data-table'
import { Field, TextInput } from './field'
import { NotifyModal } from './notify-modal'
import { ToastProvider, useToast } from './toast'

describe('ConfirmationModal (SPEC §2)', () => {
  it('defaults to Confirmation / Yes / No', () => {
    render(<ConfirmationModal open onClose={() => {}} onConfirm={() => {}} />)
    expect(screen.getByRole('dialog', { name: 'Confirmation' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Yes' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'No' })).toBeInTheDocument()
  })

  it('confirm runs the confirm action and closes; cancel runs the cancel action and closes', async () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    const onClose = vi.fn()
    render(
      <ConfirmationModal
        open
        onClose={onClose}
        onConfirm={onConfirm}
        onCancel={onCancel}
        confirmText="Delete"
        cancelText="Keep"
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onClose).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onClose).toHaveBeenCalledTimes(2)
  })
})

describe('NotifyModal (SPEC §2)', () => {
  it('defaults to the title Notify, an empty message and a Cancel button', async () => {
    const onClose = vi.fn()
    render(<NotifyModal open onClose={onClose} />)
    const dialog = screen.getByRole('dialog', { name: 'Notify' })
    expect(dialog).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalled()
  })
})

function ToastButtons() {
  const toast = useToast()
  return (
    <>
      <button onClick={() => toast.error()}>fail</button>
      <button onClick={() => toast.success('Saved')}>ok</button>
    </>
  )
}

describe('Toast', () => {
  it("shows the default error 'Have an error. Try again.' and leaves after 3000 ms", async () => {
    vi.useFakeTimers()
    render(
      <ToastProvider>
        <ToastButtons />
      </ToastProvider>,
    )
    await act(async () => screen.getByText('fail').click())
    expect(screen.getByRole('alert')).toHaveTextContent('Have an error. Try again.')
    await act(async () => vi.advanceTimersByTime(2999))
    expect(screen.queryByRole('alert')).toBeInTheDocument()
    await act(async () => vi.advanceTimersByTime(1))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    vi.useRealTimers()
  })
})

describe('DataTable states', () => {
  const columns = [{ key: 'n', header: 'Name', cell: (r: { n: string }) => r.n }]
  it('shows loading, error with retry, empty and rows', async () => {
    const { rerender } = render(<DataTable columns={columns} rows={undefined} rowKey={(r) => r.n} loading />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    const retry = vi.fn()
    rerender(
      <DataTable
        columns={columns}
        rows={undefined}
        rowKey={(r) => r.n}
        error="Server is down"
        onRetry={retry}
      />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Server is down')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalled()
    rerender(<DataTable columns={columns} rows={[]} rowKey={(r) => r.n} emptyText="No users yet." />)
    expect(screen.getByText('No users yet.')).toBeInTheDocument()
    rerender(<DataTable columns={columns} rows={[{ n: 'ana' }]} rowKey={(r) => r.n} />)
    expect(screen.getByRole('cell', { name: 'ana' })).toBeInTheDocument()
  })
})

describe('Field', () => {
  it('marks an invalid control and ties its message to it, for inputs and native selects alike', () => {
    const { rerender } = render(
      <>
        <Field label="Email" hint="We never share it">
          <TextInput aria-describedby="extra" />
        </Field>
        <Field label="Plan" error="Pick a plan">
          <select>
            <option>Free</option>
          </select>
        </Field>
        <p id="extra">Work address preferred</p>
      </>,
    )
    const email = screen.getByRole('textbox', { name: 'Email' })
    expect(email).not.toHaveAttribute('aria-invalid')
    expect(email).toHaveAccessibleDescription('We never share it Work address preferred')
    const plan = screen.getByRole('combobox', { name: 'Plan' })
    expect(plan).toHaveAttribute('aria-invalid', 'true')
    expect(plan).toHaveAccessibleDescription('Pick a plan')

    rerender(
      <Field label="Email" error="That is not an email address">
        <TextInput />
      </Field>,
    )
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'That is not an email address',
    )
  })
})
