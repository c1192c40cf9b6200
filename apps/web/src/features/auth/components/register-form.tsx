import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { getReferrer } from '@mouthpiece/contracts/donations/accounts.contract'
import { register as registerRoute } from '@mouthpiece/contracts/auth/auth.contract'
import { Username } from '@mouthpiece/contracts/users/users.schemas'
import type { z } from 'zod'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { ApiError, isSuccess, request } from '../../../lib/api'
import { firstFieldErrors } from '../../../lib/api-result'
import { checkUsername, useRegister } from '../api'
import { referrer } from '../../../lib/referral'

/** Who invited this visitor (the /r/{username} link they came from), named from the server. */
function InvitedBy() {
  const [username] = useState(referrer)
  const { data } = useQuery({
    queryKey: ['referrer', username],
    queryFn: ({ signal }) => request(getReferrer, { params: { username: username! }, signal }),
    enabled: Boolean(username),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  if (!data) return null
  return (
    <p
      className="rounded-lg border border-accent/40 bg-accent/10 px-3 py-2 text-sm text-text"
      data-testid="invited-by"
    >
      <strong className="font-semibold">{data.referrer.display_name}</strong> invited you to Mouthpiece.
    </p>
  )
}

type FormIn = z.input<typeof registerRoute.body>
type FormOut = z.output<typeof registerRoute.body>
type UsernameCheck = { state: 'idle' | 'checking' } | { state: 'done'; valid: boolean; message: string }

const CHECK_DELAY_MS = 350

/** Sign-up: username (checked live with check-valid-username), email, password. */
export function RegisterForm({ onSignedIn, onLogin }: { onSignedIn: () => void; onLogin: () => void }) {
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(registerRoute.body),
    defaultValues: { username: '', email: '', password: '' },
    mode: 'onTouched',
  })
  const signUp = useRegister()
  const [failure, setFailure] = useState<string>()
  const [check, setCheck] = useState<UsernameCheck>({ state: 'idle' })
  const username = form.watch('username')

  useEffect(() => {
    // Only ask the server about names that pass the local rules; the schema message covers the rest.
    if (!Username.safeParse(username).success) {
      setCheck({ state: 'idle' })
      return
    }
    const controller = new AbortController()
    setCheck({ state: 'checking' })
    const timer = setTimeout(() => {
      checkUsername(username.trim(), controller.signal)
        .then((result) => {
          if (isSuccess(result)) setCheck({ state: 'done', valid: result.valid, message: result.message })
          else setCheck({ state: 'idle' })
        })
        .catch(() => {})
    }, CHECK_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [username])

  const submit = form.handleSubmit(async (body) => {
    setFailure(undefined)
    if (check.state === 'done' && !check.valid) return
    try {
      await signUp.mutateAsync({ ...body, referred_by: referrer() })
      onSignedIn()
    } catch (error) {
      if (!(error instanceof ApiError)) return
      const fields = firstFieldErrors(error.failure.errors)
      for (const name of ['username', 'email', 'password'] as const) {
        const message = fields[name]
        if (message) form.setError(name, { message })
      }
      if (!Object.keys(fields).length) setFailure(error.message)
    }
  })

  const usernameError =
    form.formState.errors.username?.message ??
    (check.state === 'done' && !check.valid ? check.message : undefined)
  const usernameHint =
    check.state === 'checking'
      ? 'Checking…'
      : check.state === 'done' && check.valid
        ? check.message || 'This username is available'
        : '3–30 letters, numbers, dots, dashes or underscores'

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
      aria-label="Create account"
    >
      <InvitedBy />
      <Field
        label="Username"
        error={usernameError}
        hint={
          <span className={check.state === 'done' && check.valid ? 'text-success' : undefined}>
            {usernameHint}
          </span>
        }
      >
        <TextInput autoComplete="username" autoFocus {...form.register('username')} />
      </Field>
      <Field label="Email" error={form.formState.errors.email?.message}>
        <TextInput type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Password" error={form.formState.errors.password?.message} hint="At least 8 characters">
        <TextInput type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <FormError message={failure} />
      <Button type="submit" size="lg" loading={signUp.isPending}>
        Create account
      </Button>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <button type="button" onClick={onLogin} className="font-medium text-accent hover:underline">
          Sign in
        </button>
      </p>
    </form>
  )
}
