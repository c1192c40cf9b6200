import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { ExportEmail } from '@mouthpiece/contracts/early-registers/early-registers.schemas'
import { ApiError } from '../../lib/api'
import { Field, TextInput } from './field'
import { FormModalFooter, Modal } from './modal'
import { useToast } from './toast'

const Form = z.object({ email: ExportEmail })
type FormValues = z.input<typeof Form>

/**
 * SPEC §5 "CSV export email dialog" (required, standard email pattern) with the SPEC §8 "CSV send"
 * toasts, for any list an admin mails as CSV: `send` makes the call with the typed address.
 */
export function ExportEmailModal({
  open,
  onClose,
  description,
  send,
  pending,
}: {
  open: boolean
  onClose: () => void
  description: ReactNode
  send: (email: string) => Promise<unknown>
  pending: boolean
}) {
  const toast = useToast()
  const { register, handleSubmit, reset, formState } = useForm<FormValues>({
    resolver: zodResolver(Form),
    defaultValues: { email: '' },
  })

  useEffect(() => {
    if (open) reset({ email: '' })
  }, [open, reset])

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await send(email)
      toast.success('Send email success')
      onClose()
    } catch (err) {
      toast.error(err instanceof ApiError ? err.failure.message : undefined)
    }
  })

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Send CSV by email"
      size="sm"
      dismissible={!pending}
      footer={
        <FormModalFooter formId="export-email-form" submitLabel="Send" pending={pending} onCancel={onClose} />
      }
    >
      <form
        id="export-email-form"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="flex flex-col gap-4"
      >
        <p className="text-sm text-muted">{description}</p>
        <Field label="Email" error={formState.errors.email?.message}>
          <TextInput
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            data-autofocus
            {...register('email')}
          />
        </Field>
      </form>
    </Modal>
  )
}
