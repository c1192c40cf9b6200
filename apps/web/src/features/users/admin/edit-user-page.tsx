import { useEffect, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import type { User } from '@mouthpiece/contracts/users/users.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { Field, FormError, Switch, TextInput } from '../../../components/ui/field'
import { AlertIcon, ChevronLeftIcon } from '../../../components/ui/icons'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { firstFieldErrors } from '../../../lib/api-result'
import { PATHS, to } from '../../../app/paths'
import { adminUserQuery, useDeleteUser, useSaveUser, useSetGrandfather, useSetSuperUser } from '../api'
import { formatDate } from './users-page'

interface EditValues {
  username: string
  email: string
  is_enabled: boolean
  password: string
}

function DetailsCard({ user }: { user: User }) {
  const save = useSaveUser()
  const toast = useToast()
  const [failure, setFailure] = useState<string>()
  const form = useForm<EditValues>({
    defaultValues: { username: user.username, email: user.email, is_enabled: user.is_enabled, password: '' },
  })
  useEffect(() => {
    form.reset({ username: user.username, email: user.email, is_enabled: user.is_enabled, password: '' })
  }, [user, form])
  const enabled = form.watch('is_enabled')

  const submit = form.handleSubmit(async ({ password, ...rest }) => {
    setFailure(undefined)
    try {
      await save.mutateAsync({ user_id: user.id, ...rest, password: password || undefined })
      toast.success('User saved')
    } catch (error) {
      const failed = error instanceof ApiError ? error.failure : undefined
      const fields = firstFieldErrors(failed?.errors)
      for (const name of ['username', 'email', 'password'] as const)
        if (fields[name]) form.setError(name, { message: fields[name] })
      if (!Object.keys(fields).length) setFailure(failed?.message)
      form.setValue('password', '')
      toast.error(failed?.message)
    }
  })

  return (
    <Card title="Details" description="Changes apply at the user's next request.">
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        className="grid gap-4 md:grid-cols-2"
        aria-label="Edit user"
      >
        <Field label="Username" error={form.formState.errors.username?.message}>
          <TextInput autoComplete="off" {...form.register('username')} />
        </Field>
        <Field label="Email" error={form.formState.errors.email?.message}>
          <TextInput type="email" autoComplete="off" {...form.register('email')} />
        </Field>
        <Field
          label="New password"
          error={form.formState.errors.password?.message}
          hint="Leave empty to keep the current password"
          className="md:col-span-2"
        >
          <TextInput type="password" autoComplete="new-password" {...form.register('password')} />
        </Field>
        <div className="rounded-xl border border-border bg-[#141720] p-4 md:col-span-2">
          <Switch
            checked={enabled}
            onChange={(v) => form.setValue('is_enabled', v, { shouldDirty: true })}
            label="Account enabled"
            description="A disabled user can sign in and change settings but cannot use the creation tools."
          />
        </div>
        <div className="md:col-span-2">
          <FormError message={failure} />
        </div>
        <div className="flex justify-end md:col-span-2">
          <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
            Save changes
          </Button>
        </div>
      </form>
    </Card>
  )
}

function FlagsCard({ user }: { user: User }) {
  const superUser = useSetSuperUser()
  const grandfather = useSetGrandfather()
  const toast = useToast()
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action()
      toast.success(done)
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : undefined)
    }
  }
  return (
    <Card title="Permissions and plan">
      <div className="flex flex-col gap-5">
        <Switch
          checked={user.is_super_user}
          disabled={superUser.isPending}
          onChange={(on) =>
            void run(
              () => superUser.mutateAsync({ user_id: user.id, is_super_user: on }),
              on ? 'Made super user' : 'Super user removed',
            )
          }
          label="Super user"
          description="Super users get every feature without plan limits."
        />
        <div className="h-px bg-border" />
        <Switch
          checked={user.is_grandfather}
          disabled={grandfather.isPending}
          onChange={(on) =>
            void run(
              () => grandfather.mutateAsync({ user_id: user.id, is_grandfather: on }),
              on ? 'Grandfather status set' : 'Grandfather status removed',
            )
          }
          label="Grandfather status"
          description="Keeps the user on the terms of the plan they joined with."
        />
      </div>
    </Card>
  )
}

/** /admin/edit-user/{id}: details, enable/disable, super user, grandfather status, delete. */
export function EditUserPage() {
  const id = Number(useParams().id)
  const navigate = useNavigate()
  const toast = useToast()
  const user = useQuery({ ...adminUserQuery(id), enabled: Number.isInteger(id) && id > 0 })
  const remove = useDeleteUser()
  const [confirmOpen, setConfirmOpen] = useState(false)

  const back = (
    <Link
      to={PATHS.adminUsers}
      className="mb-4 inline-flex items-center gap-1 text-sm text-muted hover:text-text"
    >
      <ChevronLeftIcon size={16} /> All users
    </Link>
  )

  if (!Number.isInteger(id) || id <= 0 || user.isError)
    return (
      <div>
        {back}
        <Card>
          <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <AlertIcon size={28} className="text-danger" />
            <p className="text-[#c9cedb]">{user.error?.message ?? 'This user does not exist.'}</p>
          </div>
        </Card>
      </div>
    )
  if (!user.data) return <LoadingBlock />
  const u = user.data

  const doDelete = async () => {
    try {
      await remove.mutateAsync(u.id)
      toast.success(`User ${u.username} deleted`)
      await navigate(PATHS.adminUsers)
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : undefined)
    }
  }

  return (
    <div>
      {back}
      <PageHeader
        title={u.username}
        description={
          <>
            User #{u.id} · joined {formatDate(u.created_at)} · referred by{' '}
            {u.referred_by ? (
              <Link
                to={to.adminEditUser(u.referred_by.id)}
                className="text-accent hover:underline"
                data-testid="referred-by"
              >
                {u.referred_by.username}
              </Link>
            ) : (
              <span data-testid="referred-by">nobody</span>
            )}
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {u.is_enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>}
            {u.is_super_user ? <Badge tone="accent">Super user</Badge> : null}
            {u.is_grandfather ? <Badge tone="warning">Grandfathered</Badge> : null}
          </div>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <DetailsCard user={u} />
        <div className="flex flex-col gap-6">
          <FlagsCard user={u} />
          <Card
            title="Delete user"
            description="Removes the account and everything it owns. This cannot be undone."
          >
            <Button destructive loading={remove.isPending} onClick={() => setConfirmOpen(true)}>
              Delete user
            </Button>
          </Card>
        </div>
      </div>
      <ConfirmationModal
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => void doDelete()}
        message={
          <>
            Delete the user <strong className="text-text">{u.username}</strong> ({u.email})? This cannot be
            undone.
          </>
        }
        destructive
      />
    </div>
  )
}
