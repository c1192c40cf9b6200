import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { ExportEmail } from '@mouthpiece/contracts/early-registers/early-registers.schemas'
import type { EarlyRegisterList } from '@mouthpiece/contracts/early-registers/early-registers.schemas'
import { Field, TextInput } from '../../../components/ui/field'
import { FormModalFooter, Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { useSendEarlyRegistersCsv } from '../api'

const Form = z.object({ email: ExportEmail })
type FormValues = z.input<typeof Form>

/** SPEC §5 "CSV export email dialog": required, standard email pattern; SPEC §8 toasts. */
export function ExportEmailModal({ open, onClose, list }: { open: boolean; onClose: () => void; list: EarlyRegisterList }) {
  const toast = useToast()
  const send = useSendEarlyRegistersCsv()
  const { register, handleSubmit, reset, formState } = useForm<FormValues>({ resolver: zodResolver(Form), defaultValues: { email: '' } })

  useEffect(() => {
    if (open) reset({ email: '' })
  }, [open, reset])

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await send.mutateAsync({ email, list })
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
      dismissible={!send.isPending}
      footer={<FormModalFooter formId="export-email-form" submitLabel={'Send'} pending={send.isPending} onCancel={onClose} />}
    >
      <form id="export-email-form" onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          The {list === 'tts' ? 'TTS early-access list' : 'early-access sign-ups'} will be mailed as a CSV attachment.
        </p>
        <Field label="Email" error={formState.errors.email?.message}>
          <TextInput type="email" autoComplete="email" placeholder="you@example.com" data-autofocus {...register('email')} />
        </Field>
      </form>
    </Modal>
  )
}
