import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { login } from '@mouthpiece/contracts/auth/auth.contract'
import type { z } from 'zod'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { ApiError } from '../../../lib/api'
import { useLogin } from '../api'
import { ForgotPasswordModal } from './forgot-password-modal'

type FormIn = z.input<typeof login.body>
type FormOut = z.output<typeof login.body>

export function LoginForm({ onSignedIn, onRegister }: { onSignedIn: () => void; onRegister: () => void }) {
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(login.body),
    defaultValues: { username: '', password: '' },
  })
  const signIn = useLogin()
  const [failure, setFailure] = useState<string>()
  const [forgotOpen, setForgotOpen] = useState(false)
  const identifier = form.watch('username')

  const submit = form.handleSubmit(async (body) => {
    setFailure(undefined)
    try {
      await signIn.mutateAsync(body)
      onSignedIn()
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : undefined)
      form.setValue('password', '')
    }
  })

  return (
    <>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" aria-label="Sign in">
        <Field label="Username or email" error={form.formState.errors.username?.message}>
          <TextInput autoComplete="username" autoFocus {...form.register('username')} />
        </Field>
        <Field label="Password" error={form.formState.errors.password?.message}>
          <TextInput type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <div className="-mt-1 flex justify-end">
          <button
            type="button"
            onClick={() => setForgotOpen(true)}
            className="text-sm text-accent hover:underline"
          >
            Forgot password?
          </button>
        </div>
        <FormError message={failure} />
        <Button type="submit" size="lg" loading={signIn.isPending}>
          Sign in
        </Button>
        <p className="text-center text-sm text-muted">
          New to Mouthpiece?{' '}
          <button type="button" onClick={onRegister} className="font-medium text-accent hover:underline">
            Create an account
          </button>
        </p>
      </form>
      <ForgotPasswordModal
        open={forgotOpen}
        onClose={() => setForgotOpen(false)}
        initialEmail={identifier.includes('@') ? identifier : ''}
      />
    </>
  )
}
