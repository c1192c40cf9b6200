import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { adminLogin } from '@mouthpiece/contracts/auth/auth.contract'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { LogoMark } from '../../../components/ui/icons'
import { ApiError } from '../../../lib/api'
import { adminLoginTarget } from '../../../app/guards/admin-guard'
import { useAdminLogin } from '../api'

type FormIn = z.input<typeof adminLogin.body>
type FormOut = z.output<typeof adminLogin.body>

/** /admin/login: the operator signs in; then back to the page named by ?redirect, else /admin. */
export function AdminLoginPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const signIn = useAdminLogin()
  const [failure, setFailure] = useState<string>()
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(adminLogin.body),
    defaultValues: { username: '', password: '' },
  })

  const submit = form.handleSubmit(async (body) => {
    setFailure(undefined)
    try {
      await signIn.mutateAsync(body)
      await navigate(adminLoginTarget(params.get('redirect'), window.location.origin), { replace: true })
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : undefined)
      form.setValue('password', '')
    }
  })

  return (
    <div className="flex min-h-screen items-center justify-center bg-[radial-gradient(ellipse_at_top,#1f1517,transparent_60%)] px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <LogoMark size={44} />
          <h1 className="mt-4 text-2xl font-semibold text-text">Mouthpiece Admin</h1>
          <p className="mt-1 text-sm text-muted">Sign in to the back office.</p>
        </div>
        <form
          noValidate
          onSubmit={(e) => void submit(e)}
          className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-6 shadow-xl shadow-black/40"
          aria-label="Admin sign in"
        >
          <Field label="Username" error={form.formState.errors.username?.message}>
            <TextInput autoComplete="username" autoFocus {...form.register('username')} />
          </Field>
          <Field label="Password" error={form.formState.errors.password?.message}>
            <TextInput type="password" autoComplete="current-password" {...form.register('password')} />
          </Field>
          <FormError message={failure} />
          <Button type="submit" size="lg" loading={signIn.isPending}>
            Sign in
          </Button>
        </form>
      </div>
    </div>
  )
}
