import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { sendResetMail } from '@mouthpiece/contracts/auth/auth.contract'
import type { z } from 'zod'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { MailIcon } from '../../../components/ui/icons'
import { Modal } from '../../../components/ui/modal'
import { isSuccess } from '../../../lib/api'
import { sendResetMailRequest } from '../api'

type ResetState = 'idle' | 'loading' | 'mail-sent'
type FormIn = z.input<typeof sendResetMail.body>
type FormOut = z.output<typeof sendResetMail.body>

/**
 * SPEC §2 forgot password: Reset Password; idle → loading → mail-sent, where Reset becomes Close and
 * the text names the address (SPEC §8). A failure shows the server's message.
 */
export function ForgotPasswordModal({
  open,
  onClose,
  initialEmail = '',
}: {
  open: boolean
  onClose: () => void
  initialEmail?: string
}) {
  const [state, setState] = useState<ResetState>('idle')
  const [sentTo, setSentTo] = useState('')
  const [failure, setFailure] = useState<string>()
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(sendResetMail.body),
    defaultValues: { email: initialEmail },
  })

  useEffect(() => {
    if (open) form.reset({ email: initialEmail })
  }, [open, initialEmail, form])

  const close = () => {
    setState('idle')
    setFailure(undefined)
    form.reset({ email: initialEmail })
    onClose()
  }

  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(undefined)
    setState('loading')
    const result = await sendResetMailRequest(email)
    if (isSuccess(result)) {
      setSentTo(result.email || email)
      setState('mail-sent')
    } else {
      setFailure(result.message)
      setState('idle')
    }
  })

  return (
    <Modal
      open={open}
      onClose={close}
      title="Reset Password"
      size="sm"
      dismissible={state !== 'loading'}
      footer={
        state === 'mail-sent' ? (
          <Button onClick={close}>Close</Button>
        ) : (
          <Button type="submit" form="forgot-password-form" loading={state === 'loading'}>
            Reset
          </Button>
        )
      }
    >
      {state === 'mail-sent' ? (
        <div className="flex flex-col items-center gap-3 py-2 text-center" role="status">
          <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-success/15 text-success">
            <MailIcon size={24} />
          </span>
          <p className="text-sm leading-relaxed text-[#c9cedb]">
            An email with recovery details has been sent to {sentTo}
          </p>
        </div>
      ) : (
        <form
          id="forgot-password-form"
          noValidate
          onSubmit={(e) => void submit(e)}
          className="flex flex-col gap-4"
        >
          <p className="text-sm text-muted">
            Enter the email address of your account and we will mail you a link to choose a new password.
          </p>
          <Field label="Email" error={form.formState.errors.email?.message}>
            <TextInput
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              data-autofocus
              {...form.register('email')}
            />
          </Field>
          <FormError message={failure} />
        </form>
      )}
    </Modal>
  )
}
