import type { EarlyRegisterList } from '@mouthpiece/contracts/early-registers/early-registers.schemas'
import { ExportEmailModal as EmailDialog } from '../../../components/ui/export-email-modal'
import { useSendEarlyRegistersCsv } from '../api'

/** The early-access lists mailed as CSV (the shared SPEC §5 dialog). */
export function ExportEmailModal({
  open,
  onClose,
  list,
}: {
  open: boolean
  onClose: () => void
  list: EarlyRegisterList
}) {
  const send = useSendEarlyRegistersCsv()
  return (
    <EmailDialog
      open={open}
      onClose={onClose}
      pending={send.isPending}
      send={(email) => send.mutateAsync({ email, list })}
      description={`The ${list === 'tts' ? 'TTS early-access list' : 'early-access sign-ups'} will be mailed as a CSV attachment.`}
    />
  )
}
