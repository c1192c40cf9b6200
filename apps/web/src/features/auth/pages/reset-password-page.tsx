import { useState } from 'react'
import type { ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { Password } from '@mouthpiece/contracts/users/users.schemas'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { AlertIcon } from '../../../components/ui/icons'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { LOGIN_ROUTE } from '../../../app/paths'
import { checkResetToken, resetPasswordRequest } from '../api'
import { ForgotPasswordModal } from '../components/forgot-password-modal'

const NewPasswordForm = z
  .object({ password: Password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' })
type NewPassword = z.infer<typeof NewPasswordForm>

function Panel({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-20">
      <section className="rounded-2xl border border-border bg-surface p-6 shadow-xl shadow-black/30 sm:p-8">
        {children}
      </section>
    </div>
  )
}

/** /reset-password?token=… from the reset mail: checks the token, then sets a new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const toast = useToast()
  const [failure, setFailure] = useState<string>()
  const [forgotOpen, setForgotOpen] = useState(false)
  const tokenCheck = useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => checkResetToken(token),
    enabled: Boolean(token),
    retry: false,
    staleTime: 0,
  })
  const form = useForm<NewPassword>({
    resolver: zodResolver(NewPasswordForm),
    defaultValues: { password: '', confirm: '' },
  })

  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(undefined)
    try {
      await resetPasswordRequest(token, password)
      toast.success('Your password has been changed. Sign in with your new password.')
      await navigate(LOGIN_ROUTE, { replace: true })
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : undefined)
    }
  })

  if (token && tokenCheck.isPending)
    return <LoadingBlock className="min-h-[50vh]" label="Checking your link…" />

  if (!token || tokenCheck.isError || !tokenCheck.data?.valid)
    return (
      <Panel>
        <div className="flex flex-col items-center text-center">
          <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-danger/15 text-danger">
            <AlertIcon size={24} />
          </span>
          <h1 className="mt-4 text-xl font-semibold text-text">This reset link can't be used</h1>
          <p className="mt-2 text-sm text-muted">
            {tokenCheck.error instanceof ApiError
              ? tokenCheck.error.message
              : 'It is invalid, already used or expired.'}{' '}
            Ask for a new link and use it within the time the mail gives.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button onClick={() => setForgotOpen(true)}>Send a new link</Button>
            <ButtonLink to={LOGIN_ROUTE} variant="tertiary">
              Back to sign in
            </ButtonLink>
          </div>
        </div>
        <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
      </Panel>
    )

  return (
    <Panel>
      <h1 className="text-2xl font-semibold text-text">Choose a new password</h1>
      <p className="mt-1 mb-6 text-sm text-muted">
        {tokenCheck.data.email ? `For ${tokenCheck.data.email}.` : 'For your Mouthpiece account.'}
      </p>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <Field
          label="New password"
          error={form.formState.errors.password?.message}
          hint="At least 8 characters"
        >
          <TextInput type="password" autoComplete="new-password" autoFocus {...form.register('password')} />
        </Field>
        <Field label="Confirm new password" error={form.formState.errors.confirm?.message}>
          <TextInput type="password" autoComplete="new-password" {...form.register('confirm')} />
        </Field>
        <FormError message={failure} />
        <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
          Save new password
        </Button>
      </form>
    </Panel>
  )
}
