import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { User } from '@mouthpiece/contracts/users/users.schemas'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { firstFieldErrors } from '../../../lib/api-result'
import { useCreateUser } from '../api'

interface NewUser {
  username: string
  email: string
  password: string
}
export type CreateUserNext = 'edit' | 'close'

const EMPTY: NewUser = { username: '', email: '', password: '' }

/**
 * SPEC §3/§4/§5 admin create-user: {username, email, password}. Errors come from the server per
 * field (first message of each shown), the password is cleared and an error toast shows.
 * Create And Edit → the new user's edit page; Create And Close → close and reload the list.
 */
export function CreateUserModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean
  onClose: () => void
  onCreated: (user: User, next: CreateUserNext) => void
}) {
  const create = useCreateUser()
  const toast = useToast()
  const [failure, setFailure] = useState<string>()
  const [next, setNext] = useState<CreateUserNext>('close')
  const form = useForm<NewUser>({ defaultValues: EMPTY })

  const close = () => {
    form.reset(EMPTY)
    setFailure(undefined)
    onClose()
  }

  const submit = (after: CreateUserNext) =>
    form.handleSubmit(async (body) => {
      setNext(after)
      setFailure(undefined)
      try {
        const user = await create.mutateAsync(body)
        form.reset(EMPTY)
        toast.success(`User ${user.username} created`)
        onCreated(user, after)
      } catch (error) {
        const failed = error instanceof ApiError ? error.failure : undefined
        const fields = firstFieldErrors(failed?.errors)
        form.clearErrors()
        for (const name of ['username', 'email', 'password'] as const)
          if (fields[name]) form.setError(name, { message: fields[name] })
        if (!Object.keys(fields).length) setFailure(failed?.message)
        form.setValue('password', '')
        toast.error(failed?.message)
      }
    })

  return (
    <Modal
      open={open}
      onClose={close}
      title="Create user"
      dismissible={!create.isPending}
      footer={
        <>
          <Button variant="tertiary" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button
            variant="secondary"
            loading={create.isPending && next === 'close'}
            disabled={create.isPending}
            onClick={() => void submit('close')()}
          >
            Create And Close
          </Button>
          <Button
            loading={create.isPending && next === 'edit'}
            disabled={create.isPending}
            onClick={() => void submit('edit')()}
          >
            Create And Edit
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit('close')()
        }}
        className="flex flex-col gap-4"
        aria-label="Create user"
      >
        <Field label="Username" error={form.formState.errors.username?.message}>
          <TextInput autoComplete="off" data-autofocus {...form.register('username')} />
        </Field>
        <Field label="Email" error={form.formState.errors.email?.message}>
          <TextInput type="email" autoComplete="off" {...form.register('email')} />
        </Field>
        <Field label="Password" error={form.formState.errors.password?.message}>
          <TextInput type="password" autoComplete="new-password" {...form.register('password')} />
        </Field>
        <FormError message={failure} />
        <button type="submit" hidden />
      </form>
    </Modal>
  )
}
