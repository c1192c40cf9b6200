import { Suspense, lazy, useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { Email, Password, Username } from '@mouthpiece/contracts/users/users.schemas'
import type { User } from '@mouthpiece/contracts/users/users.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { loadChunk } from '../../../lib/chunk-reload'
import { firstFieldErrors } from '../../../lib/api-result'
import { useCurrentUser, useUpdateInfo } from '../../auth'
import { loadBillingSection } from '../../payments'

/**
 * Sections other features add below account settings, in order. Payments adds #billing (the profile
 * menu's "Manage Billing / Payment" link).
 */
const ACCOUNT_PAGE_SECTIONS = [
  lazy(() =>
    loadChunk(() => loadBillingSection()).then((m) => ({
      default: m.BillingSection,
    })),
  ),
]

const ProfileForm = z.object({ username: Username, email: Email, current_password: z.string() })
type ProfileIn = z.input<typeof ProfileForm>
type ProfileOut = z.output<typeof ProfileForm>

const PasswordForm = z
  .object({
    current_password: z.string().min(1, 'Please enter your current password'),
    password: Password,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' })
type PasswordValues = z.infer<typeof PasswordForm>

function ProfileCard({ user }: { user: User }) {
  const update = useUpdateInfo()
  const toast = useToast()
  const [failure, setFailure] = useState<string>()
  const form = useForm<ProfileIn, unknown, ProfileOut>({
    resolver: zodResolver(ProfileForm),
    defaultValues: { username: user.username, email: user.email, current_password: '' },
  })
  const emailChanged = form.watch('email').trim().toLowerCase() !== user.email.toLowerCase()

  useEffect(() => {
    form.reset({ username: user.username, email: user.email, current_password: '' })
  }, [user.username, user.email, form])

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    if (emailChanged && !values.current_password) {
      form.setError('current_password', {
        message: 'Please enter your current password to change your email',
      })
      return
    }
    try {
      await update.mutateAsync({
        username: values.username !== user.username ? values.username : undefined,
        email: values.email !== user.email ? values.email : undefined,
        current_password: values.current_password || undefined,
      })
      toast.success('Your profile has been saved')
    } catch (error) {
      if (!(error instanceof ApiError)) return
      const fields = firstFieldErrors(error.failure.errors)
      for (const name of ['username', 'email', 'current_password'] as const)
        if (fields[name]) form.setError(name, { message: fields[name] })
      if (!Object.keys(fields).length) setFailure(error.message)
      toast.error(error.message)
    }
  })

  return (
    <Card title="Profile" description="Your username is part of your public tip page address.">
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 md:grid-cols-2">
        <Field label="Username" error={form.formState.errors.username?.message}>
          <TextInput autoComplete="username" {...form.register('username')} />
        </Field>
        <Field label="Email" error={form.formState.errors.email?.message}>
          <TextInput type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        {emailChanged ? (
          <Field
            label="Current password"
            error={form.formState.errors.current_password?.message}
            hint="Needed to change your email"
            className="md:col-span-2"
          >
            <TextInput
              type="password"
              autoComplete="current-password"
              {...form.register('current_password')}
            />
          </Field>
        ) : null}
        <FormError message={failure} />
        <div className="flex justify-end md:col-span-2">
          <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
            Save profile
          </Button>
        </div>
      </form>
    </Card>
  )
}

function PasswordCard() {
  const update = useUpdateInfo()
  const toast = useToast()
  const form = useForm<PasswordValues>({
    resolver: zodResolver(PasswordForm),
    defaultValues: { current_password: '', password: '', confirm: '' },
  })

  const submit = form.handleSubmit(async ({ current_password, password }) => {
    try {
      await update.mutateAsync({ current_password, password })
      form.reset()
      toast.success('Your password has been changed')
    } catch (error) {
      if (!(error instanceof ApiError)) return
      const fields = firstFieldErrors(error.failure.errors)
      if (fields.current_password) form.setError('current_password', { message: fields.current_password })
      if (fields.password) form.setError('password', { message: fields.password })
      form.setValue('current_password', '')
      toast.error(error.message)
    }
  })

  return (
    <Card
      title="Change password"
      description="Use at least 8 characters. You need your current password to set a new one."
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 md:grid-cols-3">
        <Field label="Current password" error={form.formState.errors.current_password?.message}>
          <TextInput type="password" autoComplete="current-password" {...form.register('current_password')} />
        </Field>
        <Field label="New password" error={form.formState.errors.password?.message}>
          <TextInput type="password" autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label="Confirm new password" error={form.formState.errors.confirm?.message}>
          <TextInput type="password" autoComplete="new-password" {...form.register('confirm')} />
        </Field>
        <div className="flex justify-end md:col-span-3">
          <Button type="submit" variant="secondary" loading={update.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  )
}

/** /user-settings and /dashboard/user-settings: the account-settings section of the account page. */
export function UserSettingsPage() {
  const { data: user } = useCurrentUser()
  if (!user) return <LoadingBlock />
  const since = new Date(user.created_at)
  return (
    <div>
      <PageHeader
        title="Account settings"
        description="Manage how you sign in and how you appear on Mouthpiece."
      />
      <div id="account-settings" className="flex scroll-mt-28 flex-col gap-6">
        <Card>
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted">Account status</dt>
              <dd className="mt-1">
                {user.is_enabled ? (
                  <Badge tone="success">Active</Badge>
                ) : (
                  <Badge tone="danger">Disabled</Badge>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-muted">Member since</dt>
              <dd className="mt-1 text-text">
                {Number.isNaN(since.getTime())
                  ? '—'
                  : since.toLocaleDateString(undefined, { dateStyle: 'long' })}
              </dd>
            </div>
            {user.is_grandfather ? (
              <div>
                <dt className="text-muted">Pricing</dt>
                <dd className="mt-1">
                  <Badge tone="accent">Grandfathered</Badge>
                </dd>
              </div>
            ) : null}
          </dl>
        </Card>
        <ProfileCard user={user} />
        <PasswordCard />
      </div>
      {ACCOUNT_PAGE_SECTIONS.map((Section, i) => (
        <div key={i} className="mt-10">
          <Suspense fallback={<LoadingBlock />}>
            <Section />
          </Suspense>
        </div>
      ))}
    </div>
  )
}
